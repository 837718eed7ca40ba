import CGStreamer
import CascadeNumerics

/// A one-shot GLib timeout on the default main context (this target has no GTK host's
/// `MainLoopTimer`): `action` runs once after the delay unless `cancel()` came first.
@MainActor
final class MainContextTimer {
    private final class Box: @unchecked Sendable {
        var action: (@MainActor () -> Void)?
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    private let box: Box
    private var source: guint

    /// Schedules `action` after `seconds`.
    init(seconds: Double, _ action: @escaping @MainActor () -> Void) {
        box = Box(action)
        let milliseconds = guint(clamping: Int(saturating: (max(0, seconds) * 1000).rounded()))
        source = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                let action = box.action
                box.action = nil
                MainActor.assumeIsolated { action?() }
                return 0
            }, Unmanaged.passRetained(box).toOpaque(), { data in Unmanaged<Box>.fromOpaque(data!).release() })
    }

    /// Drops the action (the source ends when it next fires, harmlessly).
    func cancel() {
        box.action = nil
    }
}
