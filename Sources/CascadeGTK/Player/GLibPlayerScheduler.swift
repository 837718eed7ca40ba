import CGtk
import CascadePlayer
import Foundation

/// A `PlayerScheduling` on GLib timeouts: the controls' auto-hide and the end-of-playback
/// fullscreen fallback fire under any GLib main loop, without relying on libdispatch's main
/// queue being drained. Pass it to `PlayerController(…, scheduler: GLibPlayerScheduler())`.
@MainActor
public final class GLibPlayerScheduler: PlayerScheduling {
    /// Creates the scheduler (the default main context).
    public init() {}

    /// Runs `action` from the default main context after `delay` seconds (negative: next
    /// iteration).
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> PlayerScheduledTask {
        let timeout = PlayerTimeout(after: delay, action)
        return PlayerScheduledTask(cancel: { timeout.cancel() })
    }
}
