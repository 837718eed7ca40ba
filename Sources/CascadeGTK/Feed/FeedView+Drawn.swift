import CGtk
import CascadeFeed
import Foundation

extension FeedView {
    /// The items whose cells are drawn now (live, mapped, allocated and overlapping the visible
    /// area), with their allocated frames in content coordinates, sorted by index. Read from the
    /// widgets: a cell the model counts as visible but no widget shows is missing here.
    package var drawnItems: [(index: Int, item: VideoItem, frame: CGRect)] {
        let top = offset
        let bottom = offset + viewportHeight
        var drawn: [(index: Int, item: VideoItem, frame: CGRect)] = []
        for (id, cell) in recycler.visibleCells {
            guard let index = model.itemIndex(of: id), gtk_widget_get_mapped(cell.root) != 0,
                gtk_widget_get_parent(cell.root) == content
            else { continue }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(cell.root, content, &bounds) != 0 else { continue }
            let frame = CGRect(
                x: Double(bounds.origin.x), y: Double(bounds.origin.y), width: Double(bounds.size.width),
                height: Double(bounds.size.height))
            guard frame.width > 0, frame.height > 0, Double(frame.maxY) > top, Double(frame.minY) < bottom else {
                continue
            }
            drawn.append((index, model.items[index], frame))
        }
        return drawn.sorted { $0.index < $1.index }
    }
}

extension FeedView {
    /// The item whose cell has the keyboard focus (arrow keys move it, Enter opens it), if any.
    package var focusedItem: Int? {
        recycler.visibleCells.first { gtk_widget_has_focus($0.value.root) != 0 }.flatMap { model.itemIndex(of: $0.key) }
    }
}
