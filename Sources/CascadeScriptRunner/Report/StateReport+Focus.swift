import CGtk
import CascadeGTK
import CascadeScript
import Foundation

extension StateReport {
    /// What has the keyboard focus: a channel tab, the banner, an item's cell, or another
    /// widget (a player control, the alert's button); nil without focus.
    static func focus(_ app: AppWindow) -> ScriptReport.Focus? {
        guard let focused = gtk_window_get_focus(app.window.as(GtkWindow.self)),
            gtk_widget_get_mapped(focused) != 0
        else { return nil }
        var kind = "widget"
        var index: Int?
        if let pager = app.channelPager,
            let tab = pager.tabs.firstIndex(where: { gtk_widget_is_ancestor(focused, $0) != 0 || $0 == focused })
        {
            (kind, index) = ("tab", tab)
        } else if let feed = app.feed {
            if let banner = feed.banner, banner.root == focused || gtk_widget_is_ancestor(focused, banner.root) != 0 {
                kind = "banner"
            } else if let (id, _) = feed.recycler.visibleCells.first(where: {
                $0.value.root == focused || gtk_widget_is_ancestor(focused, $0.value.root) != 0
            }), let item = feed.model.itemIndex(of: id) {
                (kind, index) = ("item", item)
            }
        }
        let type = String(
            cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(focused))))
        return .init(kind: kind, index: index, type: type, frame: frameInWindow(focused))
    }

    /// `widget`'s bounds in its window's coordinates, nil if it is not shown.
    static func frameInWindow(_ widget: UnsafeMutablePointer<GtkWidget>) -> [Double]? {
        guard gtk_widget_get_mapped(widget) != 0, let root = gtk_widget_get_root(widget) else { return nil }
        var bounds = graphene_rect_t()
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        guard gtk_widget_compute_bounds(widget, window, &bounds) != 0 else { return nil }
        return [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height].map { round3(Double($0)) }
    }
}
