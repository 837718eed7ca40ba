import Dispatch
import Foundation

/// The default scheduler: libdispatch's main queue.
///
/// Under a GLib main loop the host must drain the main queue (the GTK host's
/// `MainLoopBridge.install()` does), otherwise scheduled actions never run.
@MainActor
public final class DispatchPlayerScheduler: PlayerScheduling {
    /// Creates the scheduler.
    public init() {}

    /// Runs `action` on the main queue after `delay` seconds (negative delays run at once).
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> PlayerScheduledTask {
        let item = DispatchWorkItem {
            MainActor.assumeIsolated { action() }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay.isFinite ? delay : 0), execute: item)
        return PlayerScheduledTask(cancel: { item.cancel() })
    }
}
