import CGtk
import CascadeScreens

/// The window's drop target (`GtkDropTarget`): files and folders dragged from a file manager
/// arrive as a `GdkFileList` (GTK turns a `text/uri-list` into one), text as a string holding
/// a `text/uri-list` or a path. It only reads what was dropped; `FileDrop` decides what it means.
@MainActor
final class WindowDropTarget {
    /// The `GtkDropTarget` (owned by the widget it was added to).
    let controller: OpaquePointer
    /// Receives the dropped local paths and how many dropped URIs were not local files; returns
    /// whether the drop was taken.
    var onDrop: ((_ paths: [String], _ otherURIs: Int) -> Bool)?

    // MARK: Lifecycle

    /// Adds a drop target for copies of files, a file list or text to `widget`.
    init(on widget: UnsafeMutablePointer<GtkWidget>) {
        controller = gtk_drop_target_new(GType(0), GDK_ACTION_COPY)
        var types = [gdk_file_list_get_type(), Self.stringType]
        gtk_drop_target_set_gtypes(controller, &types, gsize(types.count))
        gtk_widget_add_controller(widget, controller)
        Signal.connectDrop(UnsafeMutableRawPointer(controller)) { [weak self] value in
            guard let self, let onDrop = self.onDrop, let dropped = Self.contents(of: value) else { return false }
            return onDrop(dropped.paths, dropped.others)
        }
    }

    // MARK: Internal

    /// `G_TYPE_STRING` (a macro Swift does not import).
    static let stringType = GType(16 << 2)

    /// The local paths in a dropped value and the count of its URIs that are not local files
    /// (a file list's entries without a path, a text's non-`file:` URIs); nil for another type.
    static func contents(of value: UnsafePointer<GValue>) -> (paths: [String], others: Int)? {
        let type = value.pointee.g_type
        if type == Self.stringType {
            guard let text = g_value_get_string(value) else { return ([], 0) }
            return FileDrop.paths(fromURIList: String(cString: text))
        }
        guard type == gdk_file_list_get_type(), let list = g_value_get_boxed(value) else { return nil }
        var paths: [String] = []
        var others = 0
        let files = gdk_file_list_get_files(OpaquePointer(list))
        defer { g_slist_free(files) }
        var node = files
        while let entry = node {
            if let path = g_file_get_path(OpaquePointer(entry.pointee.data)) {
                paths.append(String(cString: path))
                g_free(path)
            } else {
                others += 1
            }
            node = entry.pointee.next
        }
        return (paths, others)
    }
}
