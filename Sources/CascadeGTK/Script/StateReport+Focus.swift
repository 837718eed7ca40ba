import CGtk
import Foundation

extension StateReport {
    /// What has the keyboard focus: `{kind, index, frame}` with `kind` one of `tab` (index: the
    /// channel), `banner`, `item` (index: the item), `widget` (anything else: a player control,
    /// the alert's button), `type` its GType name and `frame` its bounds in window coordinates;
    /// null without focus.
    static func focus(_ app: AppWindow) -> Any {
        guard let focused = gtk_window_get_focus(app.window.as(GtkWindow.self)),
            gtk_widget_get_mapped(focused) != 0
        else { return NSNull() }
        var entry: [String: Any] = ["kind": "widget"]
        if let pager = app.channelPager,
            let index = pager.tabs.firstIndex(where: { gtk_widget_is_ancestor(focused, $0) != 0 || $0 == focused })
        {
            entry = ["kind": "tab", "index": index]
        } else if let feed = app.feed {
            if let banner = feed.banner, banner.root == focused || gtk_widget_is_ancestor(focused, banner.root) != 0 {
                entry = ["kind": "banner"]
            } else if let (id, _) = feed.recycler.visibleCells.first(where: {
                $0.value.root == focused || gtk_widget_is_ancestor(focused, $0.value.root) != 0
            }), let index = feed.model.itemIndex(of: id) {
                entry = ["kind": "item", "index": index]
            }
        }
        entry["type"] = String(
            cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(focused))))
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(focused, app.window, &bounds) != 0 {
            entry["frame"] = [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height].map {
                (Double($0) * 1000).rounded() / 1000
            }
        }
        return entry
    }
}
