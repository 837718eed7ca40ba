import CGtk
import CascadeGTK
import CascadeNumerics
import Foundation

/// The `gtk-grid-view` baseline: what a GTK developer writes for a grid of covers. A
/// `GtkGridView` of 4 columns over a `GtkStringList` (one string per item: its cover's index),
/// a `GtkSignalListItemFactory` whose `setup` makes a `GtkPicture` and whose `bind` sets the
/// item's `GdkTexture` on it, in a `GtkScrolledWindow`.
///
/// The covers are decoded before the fling (gdk-pixbuf, cropped to fill the cell at the cell's
/// pixel size) and bound as ready textures: no decode runs on the main thread while it scrolls,
/// as ours decodes off the main thread and hits its memory cache.
@MainActor
final class GridViewPeer {
    /// The peer's window.
    let window: UnsafeMutablePointer<GtkWidget>
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The decoded covers, by cover index (read by `bind`).
    private let textures: Textures

    /// The bind callback's data: a plain list the C thunk reads.
    final class Textures {
        var list: [OpaquePointer] = []
        var cellHeight: Int32 = 0
    }

    /// A window of `size` showing `items` cells, item i showing `covers[i % covers.count]`,
    /// cells `cellHeight` points tall.
    init?(covers: [URL], items: Int, size: (width: Int32, height: Int32), cellHeight: Double) {
        textures = Textures()
        textures.cellHeight = Int32(saturatingRounded: cellHeight)
        let cellWidth = Double(size.width) / 4
        for url in covers {
            guard
                let texture = Self.texture(
                    url, width: Int32(saturating: cellWidth), height: Int32(saturatingRounded: cellHeight))
            else {
                return nil
            }
            textures.list.append(texture)
        }

        let strings = gtk_string_list_new(nil)
        for index in 0..<items {
            gtk_string_list_append(strings, String(index % covers.count))
        }
        let selection = gtk_no_selection_new(strings)
        let factory = gtk_signal_list_item_factory_new()
        let setup: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, item, data in
            let textures = Unmanaged<Textures>.fromOpaque(data!).takeUnretainedValue()
            let picture = gtk_picture_new()
            gtk_widget_set_size_request(picture, -1, textures.cellHeight)
            gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_COVER)
            gtk_list_item_set_child(OpaquePointer(item), picture)
        }
        let bind: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, item, data in
            let textures = Unmanaged<Textures>.fromOpaque(data!).takeUnretainedValue()
            let string = gtk_list_item_get_item(OpaquePointer(item))
            let index = Int(truncatingIfNeeded: atoi(gtk_string_object_get_string(OpaquePointer(string))))
            let picture = gtk_list_item_get_child(OpaquePointer(item))
            gtk_picture_set_paintable(OpaquePointer(picture), textures.list[index % textures.list.count])
        }
        let data = Unmanaged.passUnretained(textures).toOpaque()
        g_signal_connect_data(
            UnsafeMutableRawPointer(factory), "setup", unsafeBitCast(setup, to: GCallback.self), data, nil,
            GConnectFlags(rawValue: 0))
        g_signal_connect_data(
            UnsafeMutableRawPointer(factory), "bind", unsafeBitCast(bind, to: GCallback.self), data, nil,
            GConnectFlags(rawValue: 0))

        let grid = gtk_grid_view_new(selection, factory)!
        gtk_grid_view_set_min_columns(OpaquePointer(grid), 4)
        gtk_grid_view_set_max_columns(OpaquePointer(grid), 4)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), grid)
        adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))

        window = gtk_window_new()
        gtk_window_set_title(window.as(GtkWindow.self), "gtk-grid-view")
        gtk_window_set_default_size(window.as(GtkWindow.self), size.width, size.height)
        gtk_window_set_child(window.as(GtkWindow.self), scrolled)
        gtk_window_present(window.as(GtkWindow.self))
    }

    /// The largest scroll offset.
    var maxOffset: Double { max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)) }

    /// Scrolls to `offset`, as a scrollbar would.
    func scroll(to offset: Double) {
        gtk_adjustment_set_value(adjustment, offset)
    }

    /// Closes the window and frees the textures.
    func close() {
        gtk_window_destroy(window.as(GtkWindow.self))
        for texture in textures.list { g_object_unref(UnsafeMutableRawPointer(texture)) }
        textures.list = []
    }

    /// The cover at `url` decoded to fill `width` × `height` pixels (scaled to cover, centre crop).
    private static func texture(_ url: URL, width: Int32, height: Int32) -> OpaquePointer? {
        var sourceWidth: Int32 = 0
        var sourceHeight: Int32 = 0
        guard width > 0, height > 0, gdk_pixbuf_get_file_info(url.path, &sourceWidth, &sourceHeight) != nil,
            sourceWidth > 0, sourceHeight > 0
        else { return nil }
        let scale = max(Double(width) / Double(sourceWidth), Double(height) / Double(sourceHeight))
        let scaledWidth = max(width, Int32(saturating: (Double(sourceWidth) * scale).rounded(.up)))
        let scaledHeight = max(height, Int32(saturating: (Double(sourceHeight) * scale).rounded(.up)))
        guard let scaled = gdk_pixbuf_new_from_file_at_scale(url.path, scaledWidth, scaledHeight, 0, nil) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        let cropX = max(0, (gdk_pixbuf_get_width(scaled) - width) / 2)
        let cropY = max(0, (gdk_pixbuf_get_height(scaled) - height) / 2)
        guard let cropped = gdk_pixbuf_new_subpixbuf(scaled, cropX, cropY, width, height) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(cropped)) }
        return gdk_texture_new_for_pixbuf(cropped)
    }
}
