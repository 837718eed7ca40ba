import CascadeCollection
import CascadeTestSupport
import Foundation
import Testing

@Suite struct ReusePoolTests {
    @Test func dequeuePreparesForReuseAndReturnsTheLastEnqueued() {
        let pool = ReusePool<SpyCell>(prepareForReuse: { $0.prepareForReuse() })
        let a = SpyCell(serial: 1)
        let b = SpyCell(serial: 2)
        pool.enqueue(a, identifier: "item")
        pool.enqueue(b, identifier: "item")
        #expect(pool.dequeue("header") == nil)
        #expect(pool.dequeue("item") === b)
        #expect(b.calls == [.prepareForReuse])
        #expect(a.calls.isEmpty)
        #expect(pool.count == 1)
    }

    @Test func thePoolIsBoundedPerIdentifier() {
        let pool = ReusePool<SpyCell>(capacityPerIdentifier: 2)
        let cells = (0..<4).map { SpyCell(serial: $0) }
        #expect(pool.enqueue(cells[0], identifier: "item") == nil)
        #expect(pool.enqueue(cells[1], identifier: "item") == nil)
        #expect(pool.enqueue(cells[2], identifier: "item") === cells[2])
        #expect(pool.enqueue(cells[3], identifier: "footer") == nil)
        #expect(pool.count(for: "item") == 2)
        #expect(pool.contains(cells[3]))
        #expect(!pool.contains(cells[2]))
        #expect(pool.drain().count == 3)
        #expect(pool.count == 0)
    }

    @Test func recyclerBindsAppearedElementsWithPooledCellsFirst() {
        var made = 0
        let recycler = CellRecycler<SpyCell>(pool: ReusePool(prepareForReuse: { $0.prepareForReuse() }))
        let layout = ColumnsTestLayout(itemCount: 100, columns: 1, width: 100, itemHeight: 100, spacing: 0)
        let viewport = CollectionViewport(layout: layout, prefetchWindow: .disabled)
        func step(_ y: CGFloat) {
            recycler.apply(
                viewport.setVisibleRect(CGRect(x: 0, y: y, width: 100, height: 200)),
                make: { _ in
                    made += 1
                    return SpyCell(serial: made)
                }, bind: { $0.bind($1) }, hide: { $0.hide() })
        }
        step(0)
        #expect(made == 2)
        step(100)  // item 0 leaves, item 2 arrives: the cell of item 0 is reused
        #expect(made == 2)
        let reused = recycler.visibleCells[.item(2)]!
        #expect(reused.calls == [.bind(.item(0)), .hide, .prepareForReuse, .bind(.item(2))])
    }

    /// After a diff, the cells of kept items follow them: the viewport's next update re-binds a
    /// kept cell at its item's new index instead of taking a pooled one, and the cells of items
    /// that went are hidden and pooled.
    @Test func remappedCellsFollowTheirItems() {
        var made = 0
        let recycler = CellRecycler<SpyCell>(pool: ReusePool(prepareForReuse: { $0.prepareForReuse() }))
        let viewport = CollectionViewport(
            layout: ColumnsTestLayout(itemCount: 100, columns: 1, width: 100, itemHeight: 100, spacing: 0),
            prefetchWindow: .disabled)
        func make(_: String) -> SpyCell {
            made += 1
            return SpyCell(serial: made)
        }
        recycler.apply(
            viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 100, height: 300)), make: make, bind: { $0.bind($1) })
        let cells = (0..<3).map { recycler.visibleCells[.item($0)]! }
        // One item inserted at the top, item 1 deleted: 0 → 1, 2 → 2.
        let changes = ListDiff.changeset(from: ["a", "b", "c"], to: ["new", "a", "c"])
        let positions = changes.newPositions(oldCount: 3)
        #expect(positions == [1, nil, 2])
        recycler.remapVisibleCells({ id in positions[id.path.item].map { .item($0) } }, hide: { $0.hide() })
        #expect(recycler.visibleCells[.item(1)] === cells[0] && recycler.visibleCells[.item(2)] === cells[2])
        #expect(cells[1].calls.last == .hide && recycler.pool.count == 1)
        _ = viewport.reset()
        recycler.apply(
            viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 100, height: 300)), make: make, bind: { $0.bind($1) })
        #expect(made == 3, "the pooled cell is reused for the new item")
        #expect(recycler.visibleCells[.item(0)] === cells[1])
        #expect(cells[0].calls.last == .bind(.item(1)) && cells[2].calls.last == .bind(.item(2)))
    }
}
