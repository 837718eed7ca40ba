/// Runs actions later on the main actor: the one timer source of every model with a timer (the
/// banner carousel's auto-advance, the player controls' auto-hide, the end-of-playback
/// fullscreen fallback), injected so that the app runs them on its main loop and tests on a
/// manual clock.
///
/// Implementations: `DispatchScheduler` (libdispatch's main queue), the GTK host's
/// `GLibScheduler` (GLib timeouts), and the tests' `ManualScheduler`.
@MainActor
public protocol Scheduling: AnyObject {
    /// Runs `action` once, `delay` seconds from now, unless the returned task is cancelled.
    func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTask
}

extension Scheduling {
    /// Runs `action` every `interval` seconds (at least a millisecond) until the returned task
    /// is cancelled. Each run schedules the next one, so a manual clock sees one pending action.
    ///
    /// The scheduler keeps `action` alive until then: pass closures that capture their owner
    /// weakly, and cancel the task when the owner goes away.
    public func scheduleRepeating(
        every interval: Double, _ action: @escaping @MainActor () -> Void
    )
        -> ScheduledTask
    {
        let repeating = RepeatingSchedule(
            scheduler: self, interval: interval.isFinite ? max(interval, 0.001) : 0.001, action: action)
        repeating.arm()
        return ScheduledTask(cancel: { repeating.cancel() })
    }
}

/// A pending scheduled action.
@MainActor
public final class ScheduledTask {
    private var cancelHandler: (@MainActor () -> Void)?

    /// Creates a task whose `cancel()` runs `cancel` once.
    public init(cancel: @escaping @MainActor () -> Void) {
        cancelHandler = cancel
    }

    /// Whether `cancel()` has been called.
    public private(set) var isCancelled = false

    /// Prevents the action from running; idempotent.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        cancelHandler?()
        cancelHandler = nil
    }
}

/// The state of one `scheduleRepeating` call: the next run's task.
@MainActor
private final class RepeatingSchedule {
    private let scheduler: any Scheduling
    private let interval: Double
    private var action: (@MainActor () -> Void)?
    private var next: ScheduledTask?

    init(scheduler: any Scheduling, interval: Double, action: @escaping @MainActor () -> Void) {
        self.scheduler = scheduler
        self.interval = interval
        self.action = action
    }

    func arm() {
        next = scheduler.schedule(after: interval) { [self] in
            guard let action else { return }
            arm()
            action()
        }
    }

    func cancel() {
        action = nil
        next?.cancel()
        next = nil
    }
}
