import CGtk
import CascadeScreens
import Foundation

extension FeedView {
    /// Puts the drawn cells' widgets in reading order (`FeedScreenModel.readingOrder`) among the
    /// content's children, after the banner and before the footer: GTK gives assistive
    /// technologies a container's children in that order, and recycled cells would otherwise
    /// come in the order the pool handed them out.
    func orderCellsForReading() {
        var previous: UnsafeMutablePointer<GtkWidget>?
        func place(_ widget: UnsafeMutablePointer<GtkWidget>) {
            // A widget already after `previous` costs a pointer comparison; only one out of place moves.
            if gtk_widget_get_prev_sibling(widget) != previous { gtk_widget_insert_after(widget, content, previous) }
            previous = widget
        }
        if let banner, gtk_widget_get_parent(banner.root) == content { place(banner.root) }
        for index in model.readingOrder(recycler.visibleCells.keys.compactMap(model.itemIndex(of:))) {
            if let cell = cell(forItem: index) { place(cell.root) }
        }
        place(footer)
    }

    /// The items whose cells are among the content's children, in child order (for tests).
    package var cellsInChildOrder: [Int] {
        var order: [Int] = []
        var child = gtk_widget_get_first_child(content)
        while let widget = child {
            if let index = recycler.visibleCells.first(where: { $0.value.root == widget }).flatMap({
                model.itemIndex(of: $0.key)
            }) {
                order.append(index)
            }
            child = gtk_widget_get_next_sibling(widget)
        }
        return order
    }
}
