import CascadeCollection

/// A `TimerScheduling` on a manual clock: time moves only when a test calls `advance(by:)`.
public final class ManualScheduler: TimerScheduling {
    /// A timer on the manual clock.
    public final class Timer: ScheduledTimer {
        /// The interval in seconds.
        public let interval: Double
        /// When it fires next.
        public fileprivate(set) var nextFire: Double
        /// Whether it was cancelled.
        public private(set) var isCancelled = false
        fileprivate var action: (() -> Void)?

        fileprivate init(interval: Double, start: Double, action: @escaping () -> Void) {
            self.interval = interval
            self.nextFire = start + interval
            self.action = action
        }

        public func cancel() {
            isCancelled = true
            action = nil
        }
    }

    /// The current time in seconds.
    public private(set) var now: Double = 0
    /// Every timer scheduled, in order.
    public private(set) var timers: [Timer] = []

    /// Creates a clock at 0.
    public init() {}

    public func scheduleRepeating(every interval: Double, _ action: @escaping () -> Void) -> any ScheduledTimer {
        let timer = Timer(interval: max(interval, 1e-6), start: now, action: action)
        timers.append(timer)
        return timer
    }

    /// Timers not cancelled.
    public var activeTimers: [Timer] { timers.filter { !$0.isCancelled } }

    /// Moves the clock forward, firing due timers in time order.
    public func advance(by seconds: Double) {
        let end = now + max(0, seconds)
        while let timer = activeTimers.filter({ $0.nextFire <= end }).min(by: { $0.nextFire < $1.nextFire }) {
            now = timer.nextFire
            timer.nextFire += timer.interval
            timer.action?()
        }
        now = end
    }
}
