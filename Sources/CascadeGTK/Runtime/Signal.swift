import CGtk
import Foundation

/// Connects Swift closures to GObject signals (`g_signal_connect` is a macro Swift cannot import):
/// one `@convention(c)` thunk per signature, the closure retained as user data and released when
/// the handler goes. Handlers run on the main actor: `Void` signals may come from GStreamer's
/// threads and go through `MainLoopHandoff` (Docs/PLATFORM_NOTES.md); signals returning a value
/// are GTK input, on the main actor's thread.
@MainActor
package enum Signal {
    private final class Box<F>: @unchecked Sendable {
        let body: F
        init(_ body: F) { self.body = body }
    }

    private static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    @discardableResult
    private static func connect<F>(
        _ instance: gpointer, _ name: String, _ body: F, thunk: GCallback, flags: GConnectFlags = GConnectFlags(0)
    ) -> gulong {
        let data = Unmanaged.passRetained(Box(body) as AnyObject).toOpaque()
        return g_signal_connect_data(instance, name, thunk, data, release, flags)
    }

    fileprivate nonisolated static func unbox<F>(_ data: gpointer?) -> F {
        (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! Box<F>).body
    }

    /// `void (*)(GObject *, gpointer)`: clicked, destroy, value-changed, …; from any thread.
    @discardableResult
    package static func connect(_ instance: gpointer, _ name: String, _ body: @escaping @MainActor () -> Void) -> gulong
    {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in Signal.deliver(data) }
        return connect(instance, name, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gpointer)` run after every other handler (`G_CONNECT_AFTER`, even
    /// those connected later): for the frame clock's phases, where `FrameStats` reads the CPU
    /// time a phase ended at.
    @discardableResult
    package static func connectLast(
        _ instance: gpointer, _ name: String, _ body: @escaping @MainActor () -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in Signal.deliver(data) }
        return connect(instance, name, body, thunk: unsafeBitCast(thunk, to: GCallback.self), flags: G_CONNECT_AFTER)
    }

    /// `void (*)(GObject *, GParamSpec *, gpointer)`: `notify::property`; from any thread.
    @discardableResult
    package static func connectNotify(
        _ instance: gpointer, _ property: String, _ body: @escaping @MainActor () -> Void
    ) -> gulong {
        connectSequence(instance, "notify::\(property)", body)
    }

    /// `void (*)(GObject *, gpointer argument, gpointer)`: a gesture's `begin`, `end`, `cancel`,
    /// `update` (the sequence is not passed on), and `notify`; from any thread.
    @discardableResult
    package static func connectSequence(
        _ instance: gpointer, _ name: String, _ body: @escaping @MainActor () -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in Signal.deliver(data) }
        return connect(instance, name, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Runs a `() -> Void` handler inside the emission when it comes on the main actor's thread:
    /// the main thread, or the thread iterating GLib's default main context (a Swift Testing
    /// test's, which is not the main thread; `MainLoopHandoff` runs its callbacks there too).
    /// From any other thread (GStreamer's) it goes through `MainLoopHandoff`, held until it ran.
    private nonisolated static func deliver(_ data: gpointer?) {
        guard let data else { return }
        let body: @MainActor () -> Void = Signal.unbox(data)
        if Thread.isMainThread || g_main_context_is_owner(nil) != 0 {
            MainActor.assumeIsolated { body() }
            return
        }
        let handler = Handoff(body: body)
        MainLoopHandoff.async { handler.body() }
    }

    /// A handler crossing to the main thread; it only ever runs there.
    private struct Handoff: @unchecked Sendable {
        let body: @MainActor () -> Void
    }

    /// `void (*)(GtkGesture *, gint n_press, gdouble x, gdouble y, gpointer)`: click pressed/released.
    @discardableResult
    package static func connectPress(
        _ instance: gpointer, _ name: String, _ body: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, n, x, y, data in
            let body: @MainActor (Int, Double, Double) -> Void = Signal.unbox(data)
            MainActor.assumeIsolated { body(Int(n), x, y) }
        }
        return connect(instance, name, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gdouble, gdouble, gpointer)`: drag-begin/update/end, motion, swipe.
    @discardableResult
    package static func connectPoint(
        _ instance: gpointer, _ name: String, _ body: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            let body: @MainActor (Double, Double) -> Void = Signal.unbox(data)
            MainActor.assumeIsolated { body(x, y) }
        }
        return connect(instance, name, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GtkEventControllerScroll *, gdouble dx, gdouble dy, gpointer)`: scroll.
    @discardableResult
    package static func connectScroll(
        _ instance: gpointer, _ body: @escaping @MainActor (Double, Double) -> Bool
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, dx, dy, data in
            let body: @MainActor (Double, Double) -> Bool = Signal.unbox(data)
            return MainActor.assumeIsolated { body(dx, dy) } ? 1 : 0
        }
        return connect(instance, "scroll", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GtkEventControllerKey *, guint keyval, guint keycode, GdkModifierType, gpointer)`.
    @discardableResult
    package static func connectKey(
        _ instance: gpointer, _ body: @escaping @MainActor (UInt32, GdkModifierType) -> Bool
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, state, data in
            let body: @MainActor (UInt32, GdkModifierType) -> Bool = Signal.unbox(data)
            return MainActor.assumeIsolated { body(keyval, state) } ? 1 : 0
        }
        return connect(instance, "key-pressed", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GtkOverlay *, GtkWidget *, GdkRectangle *, gpointer)`:
    /// `get-child-position`; the handler fills the allocation and returns whether it did.
    @discardableResult
    package static func connectChildPosition(
        _ instance: gpointer,
        _ body: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkRectangle>) -> Bool
    ) -> gulong {
        let thunk:
            @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkRectangle>?, gpointer?)
                -> gboolean = { _, child, rect, data in
                    guard let rect else { return 0 }
                    let body:
                        @MainActor (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkRectangle>) -> Bool =
                            Signal.unbox(data)
                    return MainActor.assumeIsolated { body(child, rect) } ? 1 : 0
                }
        return connect(instance, "get-child-position", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gint, gint, gpointer)`: `GtkDrawingArea::resize`.
    @discardableResult
    package static func connectSize(
        _ instance: gpointer, _ name: String, _ body: @escaping @MainActor (Int, Int) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, width, height, data in
            let body: @MainActor (Int, Int) -> Void = Signal.unbox(data)
            MainActor.assumeIsolated { body(Int(width), Int(height)) }
        }
        return connect(instance, name, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GObject *, gint, gpointer)`: `GtkNativeDialog::response`, with the response id.
    @discardableResult
    package static func connectResponse(_ instance: gpointer, _ body: @escaping @MainActor (Int) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, response, data in
            let body: @MainActor (Int) -> Void = Signal.unbox(data)
            MainActor.assumeIsolated { body(Int(truncatingIfNeeded: response)) }
        }
        return connect(instance, "response", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GtkEventControllerLegacy *, GdkEvent *, gpointer)`: `event`, with the
    /// event's type; the handler returns whether it consumed the event.
    @discardableResult
    package static func connectEvent(
        _ instance: gpointer, _ body: @escaping @MainActor (GdkEventType) -> Bool
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
            guard let event else { return 0 }
            let body: @MainActor (GdkEventType) -> Bool = Signal.unbox(data)
            let type = gdk_event_get_event_type(event)
            return MainActor.assumeIsolated { body(type) } ? 1 : 0
        }
        return connect(instance, "event", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GApplication *, GFile **files, gint n_files, gchar *hint, gpointer)`:
    /// `GApplication::open`, with the files' local paths.
    @discardableResult
    package static func connectOpen(_ instance: gpointer, _ body: @escaping @MainActor ([URL]) -> Void) -> gulong {
        let thunk:
            @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?, gpointer?)
                -> Void = { _, files, n, _, data in
                    guard let files else { return }
                    var urls: [URL] = []
                    for i in 0..<max(0, Int(n)) {
                        guard let file = files[i], let path = g_file_get_path(file) else { continue }
                        urls.append(URL(fileURLWithPath: String(cString: path)))
                        g_free(path)
                    }
                    let body: @MainActor ([URL]) -> Void = Signal.unbox(data)
                    MainActor.assumeIsolated { body(urls) }
                }
        return connect(instance, "open", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GtkWidget *, int, int, gboolean, GtkTooltip *, gpointer)`: `query-tooltip`;
    /// the body fills the tooltip and returns whether to show it.
    @discardableResult
    package static func connectQueryTooltip(
        _ instance: gpointer, _ body: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, Int32, Int32, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
            _, _, _, _, tooltip, data in
            guard let tooltip else { return 0 }
            let body: @MainActor (OpaquePointer) -> Bool = Signal.unbox(data)
            return MainActor.assumeIsolated { body(tooltip) } ? 1 : 0
        }
        return connect(instance, "query-tooltip", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void (*)(GSimpleAction *, GVariant *parameter, gpointer)`: a GAction's `activate` and
    /// `change-state`, with the parameter or the asked-for state (nil for none); main thread.
    @discardableResult
    package static func connectAction(
        _ instance: gpointer, _ name: String, _ body: @escaping @MainActor (OpaquePointer?) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
            let body: @MainActor (OpaquePointer?) -> Void = Signal.unbox(data)
            MainActor.assumeIsolated { body(parameter) }
        }
        return connect(instance, name, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean (*)(GtkDropTarget *, const GValue *, double x, double y, gpointer)`:
    /// `GtkDropTarget::drop`; the body reads the dropped value and returns whether it took it.
    @discardableResult
    package static func connectDrop(
        _ instance: gpointer, _ body: @escaping @MainActor (UnsafePointer<GValue>) -> Bool
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
            _, value, _, _, data in
            guard let value else { return 0 }
            let body: @MainActor (UnsafePointer<GValue>) -> Bool = Signal.unbox(data)
            return MainActor.assumeIsolated { body(value) } ? 1 : 0
        }
        return connect(instance, "drop", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Disconnects a handler (releasing its closure) unless already gone; call while `instance` lives.
    package static func disconnect(_ instance: gpointer, _ handler: gulong) {
        if handler != 0, g_signal_handler_is_connected(instance, handler) != 0 {
            g_signal_handler_disconnect(instance, handler)
        }
    }
}
