import Dispatch
import Foundation

/// The default scheduler: libdispatch's main queue.
///
/// Under a GLib main loop the host must drain the main queue (the GTK host's
/// `MainLoopBridge.install()` does), otherwise scheduled actions never run.
@MainActor
public final class DispatchScheduler: Scheduling {
    /// Creates the scheduler.
    public init() {}

    /// Runs `action` on the main queue after `delay` seconds (negative delays run at once).
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTask {
        let item = DispatchWorkItem {
            MainActor.assumeIsolated { action() }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay.isFinite ? delay : 0), execute: item)
        return ScheduledTask(cancel: { item.cancel() })
    }
}
