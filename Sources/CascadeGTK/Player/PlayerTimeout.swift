import CGtk
import CascadeNumerics
import Foundation

/// A one-shot GLib timeout on the default main context, cancellable any number of times.
///
/// The engine uses GLib (not libdispatch) for its watchdog and deferred events so they fire
/// under any GLib main loop, with or without `MainLoopBridge`.
@MainActor
final class PlayerTimeout {
    private let box: PlayerTimeoutBox
    private let sourceID: guint

    /// Runs `action` once after `seconds` (0: on the next main-loop iteration).
    init(after seconds: Double, _ action: @escaping @MainActor () -> Void) {
        let box = PlayerTimeoutBox(action)
        self.box = box
        let milliseconds = guint(saturating: min(max(0, seconds), 86_400) * 1000)
        sourceID = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                guard let data else { return 0 }
                let box = Unmanaged<PlayerTimeoutBox>.fromOpaque(data).takeUnretainedValue()
                box.fired = true
                let action = box.action
                box.action = nil
                MainActor.assumeIsolated { action?() }
                return 0
            }, Unmanaged.passRetained(box).toOpaque(),
            { data in
                guard let data else { return }
                Unmanaged<PlayerTimeoutBox>.fromOpaque(data).release()
            })
    }

    /// Prevents the action from running; safe after it fired and when called twice.
    func cancel() {
        guard !box.fired else { return }
        box.fired = true
        box.action = nil
        g_source_remove(sourceID)
    }
}

/// The action of a `PlayerTimeout`, shared with GLib as retained user data.
final class PlayerTimeoutBox: @unchecked Sendable {
    var action: (@MainActor () -> Void)?
    var fired = false

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }
}
