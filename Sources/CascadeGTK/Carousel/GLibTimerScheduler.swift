import CGtk
import CascadeCollection
import CascadeNumerics

/// `TimerScheduling` on the GLib main loop, for models with timers (the carousel's
/// auto-advance). Use it on the main thread only: GLib runs the timers there.
public final class GLibTimerScheduler: TimerScheduling, @unchecked Sendable {
    /// A running timer; everything about it happens on the main thread.
    private final class Timer: ScheduledTimer, @unchecked Sendable {
        var timer: MainLoopTimer?
        func cancel() {
            MainActor.assumeIsolated {
                timer?.cancel()
                timer = nil
            }
        }
    }

    private final class Action: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Creates a scheduler.
    public init() {}

    public func scheduleRepeating(every interval: Double, _ action: @escaping () -> Void) -> any ScheduledTimer {
        let handle = Timer()
        let boxed = Action(action)
        let milliseconds = max(1, UInt32(saturatingRounded: interval * 1000))
        MainActor.assumeIsolated {
            handle.timer = MainLoopTimer(every: milliseconds) { [weak handle] in
                guard handle?.timer != nil else { return false }
                boxed.body()
                return true
            }
        }
        return handle
    }
}
