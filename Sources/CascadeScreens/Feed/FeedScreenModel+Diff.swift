import CascadeCollection
import CascadeFeed
import CascadeLayout
import Foundation

/// A new item list that is neither the first one nor an append goes through its diff: the
/// layout applies only the inserts, deletes and moves, and the item the user is looking at
/// stays where it is on screen (unless the user is at the top, where what arrived is shown).
extension FeedScreenModel {
    /// Applies `newItems` through `ListDiff` when items are on screen to keep; returns false
    /// (the caller replaces everything) when the old or new list is empty.
    func applyThroughDiff(_ newItems: [VideoItem]) -> Bool {
        let old = items
        guard !old.isEmpty, !newItems.isEmpty else { return false }
        // At the top of the feed the new items show where they arrive (the others slide down);
        // further down, the item the user is reading stays where it is.
        let anchor =
            isShowingTop ? nil : firstVisibleAnchor().map { (id: old[$0.index].id, offsetOnScreen: $0.offsetOnScreen) }
        let changes = ListDiff.changeset(from: old, to: newItems, id: \.id, isContentEqual: ==)
        guard !changes.isEmpty else { return true }
        items = newItems
        // Line counts follow their items before the layout asks for the new heights.
        if cellStyle == .fitted { titleLineCounts = changes.applied(to: titleLineCounts) { _ in 1 } }
        let section = itemSection
        func path(_ index: Int) -> ItemPath { ItemPath(section: section, item: index) }
        let paths = Changeset<ItemPath>(
            deletes: changes.deletes.map(path), inserts: changes.inserts.map(path),
            moves: changes.moves.map { .init(from: path($0.from), to: path($0.to)) }, reloads: changes.reloads.map(path)
        )
        layout.apply(SnapshotChangeset(items: paths), newSections: layoutSections())
        let maxOffset = max(0, Double(scrollableContentHeight) - Double(containerSize.height))
        var offset = scrollOffset
        if let anchor, let index = newItems.firstIndex(where: { $0.id == anchor.id }), let frame = frame(ofItem: index)
        {
            offset = Double(frame.minY) - anchor.offsetOnScreen
        }
        scrollOffset = offset.isFinite ? min(max(0, offset), maxOffset) : 0
        onItemsChanged?(.updated(changes))
        return true
    }
}
