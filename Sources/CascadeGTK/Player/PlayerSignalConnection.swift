import CGtk
import Foundation

/// One GObject signal handler whose Swift closure lives as retained user data.
///
/// Named for the player so it cannot clash with the host's own signal helpers in this module.
/// The closure is released by GLib (through the closure's destroy notify) when the handler is
/// disconnected or the object is finalized.
@MainActor
final class PlayerSignalConnection {
    /// The object the handler is connected to (not retained).
    let instance: gpointer
    /// The handler id from `g_signal_connect_data`.
    let handlerID: gulong

    /// Connects `handler` to `notify::<property>` of `instance`.
    static func notify(
        _ instance: gpointer, property: String, _ handler: @escaping @MainActor () -> Void
    )
        -> PlayerSignalConnection
    {
        // notify::x passes the GParamSpec before the user data.
        let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<GParamSpec>?, gpointer?) -> Void = { _, _, data in
            guard let data else { return }
            PlayerSignalBox.deliver(Unmanaged<PlayerSignalBox>.fromOpaque(data).takeUnretainedValue())
        }
        return connect(instance, "notify::\(property)", unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// Connects `handler` to a signal without arguments (`void (*)(gpointer, gpointer)`), such
    /// as `GdkPaintable::invalidate-contents`.
    static func plain(
        _ instance: gpointer, signal: String, _ handler: @escaping @MainActor () -> Void
    )
        -> PlayerSignalConnection
    {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            PlayerSignalBox.deliver(Unmanaged<PlayerSignalBox>.fromOpaque(data).takeUnretainedValue())
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// Disconnects the handler (GLib then releases the closure). Call once, while the instance
    /// is alive.
    func disconnect() {
        if g_signal_handler_is_connected(instance, handlerID) != 0 {
            g_signal_handler_disconnect(instance, handlerID)
        }
    }

    // MARK: Private

    private init(instance: gpointer, handlerID: gulong) {
        self.instance = instance
        self.handlerID = handlerID
    }

    private static func connect(
        _ instance: gpointer, _ signal: String, _ callback: GCallback, _ handler: @escaping @MainActor () -> Void
    ) -> PlayerSignalConnection {
        let box = Unmanaged.passRetained(PlayerSignalBox(handler)).toOpaque()
        let id = g_signal_connect_data(
            instance, signal, callback, box,
            { data, _ in
                guard let data else { return }
                Unmanaged<PlayerSignalBox>.fromOpaque(data).release()
            }, GConnectFlags(rawValue: 0))
        return PlayerSignalConnection(instance: instance, handlerID: id)
    }
}

/// The Swift closure a signal handler calls; travels through C as retained user data.
final class PlayerSignalBox: @unchecked Sendable {
    let handler: @MainActor () -> Void

    init(_ handler: @escaping @MainActor () -> Void) {
        self.handler = handler
    }

    /// Runs the handler on the main thread: at once when called there, else from an idle source
    /// on the default main context (which only the main thread iterates). GStreamer emits some
    /// signals (the paintable's `invalidate-contents`) from its streaming threads.
    /// `g_main_context_invoke` would not do: it runs the callback right on the calling thread
    /// whenever the main context is not being iterated at that moment.
    static func deliver(_ box: PlayerSignalBox) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { box.handler() }
            return
        }
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                guard let data else { return 0 }
                let box = Unmanaged<PlayerSignalBox>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { box.handler() }
                return 0
            }, Unmanaged.passRetained(box).toOpaque(),
            { data in
                guard let data else { return }
                Unmanaged<PlayerSignalBox>.fromOpaque(data).release()
            })
    }
}
