import CGtk
import Foundation

/// Hands work from any thread to the GLib main loop as an idle callback, which (unlike
/// `Task { @MainActor in }`) also runs while a test or the script runner iterates the loop.
package enum MainLoopHandoff {
    private final class Box: @unchecked Sendable {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    /// Runs `body` on the main thread from the next main-loop iteration.
    package static func async(_ body: @escaping @Sendable @MainActor () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { box.body() }
                return 0
            }, box, nil)
    }
}
