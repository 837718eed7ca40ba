import CGtk
import Foundation

/// Renders a widget (normally the window) to a PNG with GTK's own renderer, no window manager
/// or X screenshot tool needed.
@MainActor
package enum Screenshot {
    /// Why a screenshot failed.
    enum Failure: Error, Equatable {
        case notRealized
        case emptyWidget
        case writeFailed(String)
    }

    /// Writes `widget` as its next complete frame draws it to `url` (PNG): what `save` writes,
    /// but when a draw was queued since the last frame (which drops the widget's last drawing
    /// until the next paint: a cover arriving, the window manager resizing the window), it
    /// waits for frames with `waitForFrame` and tries again, at most `attempts` times.
    static func saveDrawn(
        _ widget: UnsafeMutablePointer<GtkWidget>, over dialogs: [UnsafeMutablePointer<GtkWidget>] = [], to url: URL,
        attempts: Int = 60, waitForFrame: () async throws -> Void
    ) async throws {
        var tries = 0
        while true {
            do {
                try save(widget, over: dialogs, to: url)
                return
            } catch Failure.emptyWidget where tries < attempts {
                tries += 1
                try await waitForFrame()
            }
        }
    }

    /// Writes `widget` as it was last drawn to `url` (PNG), with each of `dialogs` (its modal
    /// dialogs, separate windows) drawn centred over it as the desktop shows them; `emptyWidget`
    /// when one has no size or no drawing (none yet, or a draw queued since the last frame).
    package static func save(
        _ widget: UnsafeMutablePointer<GtkWidget>, over dialogs: [UnsafeMutablePointer<GtkWidget>] = [], to url: URL
    ) throws {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else {
            throw Failure.notRealized
        }
        let width = Double(gtk_widget_get_width(widget))
        let height = Double(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { throw Failure.emptyWidget }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(paintable.map { UnsafeMutableRawPointer($0) }) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, width, height)
        for dialog in dialogs {
            let node = try drawing(of: dialog)
            defer { gsk_render_node_unref(node.node) }
            var point = graphene_point_t(x: Float((width - node.width) / 2), y: Float((height - node.height) / 2))
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &point)
            gtk_snapshot_append_node(snapshot, node.node)
            gtk_snapshot_restore(snapshot)
        }
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw Failure.emptyWidget }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { throw Failure.emptyWidget }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if gdk_texture_save_to_png(texture, url.path) == 0 {
            throw Failure.writeFailed(url.path)
        }
    }

    /// What `widget` (a window) last drew, and its size.
    private static func drawing(
        of widget: UnsafeMutablePointer<GtkWidget>
    ) throws -> (
        node: OpaquePointer, width: Double, height: Double
    ) {
        let width = Double(gtk_widget_get_width(widget))
        let height = Double(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { throw Failure.emptyWidget }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(paintable.map { UnsafeMutableRawPointer($0) }) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, width, height)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw Failure.emptyWidget }
        return (node, width, height)
    }
}
