import CGtk
import CascadeScheduling

/// `Scheduling` on GLib timeouts (`MainLoopTimer`): the carousel's auto-advance, the controls'
/// auto-hide and the end-of-playback fullscreen fallback fire under any GLib main loop, without
/// relying on libdispatch's main queue being drained.
@MainActor
public final class GLibScheduler: Scheduling {
    /// Creates the scheduler (the default main context).
    public init() {}

    /// Runs `action` from the default main context after `delay` seconds (negative: next
    /// iteration).
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTask {
        let timer = MainLoopTimer.after(seconds: delay, action)
        return ScheduledTask(cancel: { timer.cancel() })
    }
}
