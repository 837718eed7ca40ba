import CGtk
import CascadeScheduling

/// `Scheduling` on GLib timeouts (`MainLoopTimer`), so the auto-advance, auto-hide and fullscreen
/// fallback fire under any GLib main loop, not only when libdispatch's main queue is drained.
@MainActor
package final class GLibScheduler: Scheduling {
    /// Creates the scheduler (the default main context).
    package init() {}

    /// Runs `action` on the default main context after `delay` seconds (negative: next iteration).
    package func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTask {
        let timer = MainLoopTimer.after(seconds: delay, action)
        return ScheduledTask(cancel: { timer.cancel() })
    }
}
