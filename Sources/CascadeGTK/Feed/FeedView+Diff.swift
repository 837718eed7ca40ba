import CGtk
import CascadeCollection
import CascadeScreens
import Foundation

extension FeedView {
    /// After the model applied a diff (`ItemsChange.updated`): the cells of kept items follow
    /// them to their new indices, the others are pooled, and the feed scrolls to the offset that
    /// keeps the item at the top of the screen where it was; the next viewport update then
    /// moves kept cells to their new frames and binds cells for what came in.
    func keepCells(through changes: Changeset<Int>) {
        let oldCount = model.items.count - changes.inserts.count + changes.deletes.count
        let positions = changes.newPositions(oldCount: oldCount)
        let section = model.itemSection
        recycler.remapVisibleCells(
            { id in
                guard id.kind == .item, id.path.section == section else { return id }
                guard positions.indices.contains(id.path.item), let position = positions[id.path.item] else {
                    return nil
                }
                return .item(position, section: section)
            }, hide: hide)
        // Forget what was visible, so every element on screen appears (with its kept cell) next.
        _ = model.viewport.reset()
        gtk_adjustment_set_upper(adjustment, Double(model.scrollableContentHeight))
        scroll(to: model.scrollOffset)
    }
}
