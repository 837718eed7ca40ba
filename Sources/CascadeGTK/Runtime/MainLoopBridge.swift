import CGtk
import Foundation

/// Lets Swift's main actor run under a GLib main loop, which never drains libdispatch's main
/// queue: it watches the queue's eventfd from GLib and drains it when it fires, without polling
/// (Docs/PLATFORM_NOTES.md).
package enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the bridge on the default GLib main context (idempotent).
    ///
    /// - Warning: call on the main thread before running a GLib main loop.
    package static func install() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add(
            fd, G_IO_IN,
            { fd, _, _ in
                var value: UInt64 = 0
                _ = read(fd, &value, 8)
                _dispatch_main_queue_callback_4CF(nil)
                return 1
            }, nil)
    }

    /// Runs GLib main-loop iterations until `condition` holds or `timeout` seconds pass.
    /// Returns whether the condition held. For tests and script mode outside `g_application_run`.
    @MainActor
    @discardableResult
    package static func run(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
        install()
        let deadline = Date().addingTimeInterval(timeout)
        // Blocking iterations wake as `g_application_run`'s do, so a frame measured here costs what
        // it costs in the app; the timer only rechecks a condition another thread changes.
        let recheck = g_timeout_add(recheckMilliseconds, { _ in 1 }, nil)
        defer { g_source_remove(recheck) }
        while !condition() {
            if Date() >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// How often `run(until:timeout:)` wakes with nothing to dispatch, to recheck its condition.
    static let recheckMilliseconds: guint = 5
}
