import CascadeCollection
import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

/// Simulated scroll sessions: a host driving a viewport and a recycler frame by frame.
@Suite struct ScrollSessionTests {
    /// A host as the GTK one works: applies each update to spy cells and checks invariants.
    final class Host {
        let layout: any CollectionLayout
        let viewport: CollectionViewport
        let recycler: CellRecycler<SpyCell>
        let viewportSize: CGSize
        var made = 0
        var maxLive = 0
        var frames = 0
        var prefetched = Set<ItemPath>()
        var maxPrefetched = 0
        var failures: [String] = []

        convenience init(itemCount: Int, viewportSize: CGSize = CGSize(width: 400, height: 800)) {
            let layout = ColumnsTestLayout(
                itemCount: itemCount, columns: 2, width: viewportSize.width, itemHeight: 180, spacing: 10)
            self.init(layout: layout, viewportSize: viewportSize)
        }

        init(layout: any CollectionLayout, viewportSize: CGSize) {
            self.layout = layout
            viewport = CollectionViewport(layout: layout)
            recycler = CellRecycler(
                pool: ReusePool(capacityPerIdentifier: 64, prepareForReuse: { $0.prepareForReuse() }))
            self.viewportSize = viewportSize
        }

        var maxOffset: Double { Double(max(0, layout.contentSize.height - viewportSize.height)) }

        func show(offset: Double) {
            let rect = CGRect(origin: CGPoint(x: 0, y: offset), size: viewportSize)
            let update = viewport.setVisibleRect(rect)
            recycler.apply(
                update,
                make: { _ in
                    self.made += 1
                    return SpyCell(serial: self.made)
                }, bind: { $0.bind($1) }, hide: { $0.hide() })
            if !Set(update.prefetch).isDisjoint(with: prefetched) { failures.append("prefetched twice") }
            prefetched.subtract(update.cancelPrefetch)
            prefetched.subtract(update.appeared.map(\.id.path))
            prefetched.formUnion(update.prefetch)
            if prefetched != Set(viewport.prefetchedItems) { failures.append("prefetch bookkeeping at \(offset)") }
            maxPrefetched = max(maxPrefetched, prefetched.count)
            frames += 1
            maxLive = max(maxLive, recycler.liveCellCount)
            check(rect)
        }

        /// Every visible element has exactly one cell, bound to it; no cell is both visible
        /// and pooled; the visible set is what a brute-force query returns.
        private func check(_ rect: CGRect) {
            let expected = layout.elements(in: rect).filter { ColumnsTestLayout.overlaps($0.frame, rect) }
            let cells = recycler.visibleCells
            if Set(cells.keys) != Set(expected.map(\.id)) { failures.append("visible set wrong at \(rect.minY)") }
            var seen = Set<ObjectIdentifier>()
            for (id, cell) in cells {
                if cell.element?.id != id { failures.append("\(id) shows \(String(describing: cell.element?.id))") }
                if !seen.insert(ObjectIdentifier(cell)).inserted { failures.append("cell \(cell.serial) used twice") }
                if recycler.pool.contains(cell) { failures.append("cell \(cell.serial) visible and pooled") }
            }
        }

        /// Flings from `offset` with `velocity` until the glide ends (60 frames per second).
        func fling(from offset: Double, velocity: Double) -> Double {
            let glide = DecelerationModel(offset: offset, velocity: velocity)
            var t = 0.0
            var last = offset
            while t <= glide.duration() && t < 60 {
                last = min(maxOffset, max(0, glide.offset(at: t)))
                show(offset: last)
                t += 1.0 / 60
            }
            return last
        }
    }

    /// Items a screen plus the prefetch window (1.5 screens) can intersect: rows of 190 pt
    /// pitch in a 2,000 pt window touch at most ceil(2000 / 190) + 1 = 12 rows of 2 items.
    static let windowBound = 24

    @Test func flingThroughAMillionItemsAndBackKeepsCellsBounded() {
        let host = Host(itemCount: 1_000_000)
        host.show(offset: 0)
        // A fling fast enough to cross the whole feed, then one back to the top.
        let velocity = host.maxOffset * 1000 * -log(DecelerationRate.normal.perMillisecond) * 1.05
        var end = host.fling(from: 0, velocity: velocity)
        #expect(end >= host.maxOffset - 1)
        #expect(host.viewport.visibleElements.last?.id == .item(999_999))
        end = host.fling(from: end, velocity: -velocity)
        #expect(end == 0)
        // Then slow back-and-forth drags near the top.
        for step in 0..<600 { host.show(offset: Double(step % 200) * 7 + Double(step / 200) * 300) }
        #expect(host.failures.isEmpty, "\(host.failures.prefix(5))")
        #expect(host.frames > 600)
        #expect(host.maxLive <= Self.windowBound, "max live cells \(host.maxLive)")
        #expect(host.made <= Self.windowBound)
        #expect(host.maxPrefetched > 0 && host.maxPrefetched <= Self.windowBound)
    }

    @Test func flingThroughAMillionItemWaterfallAndBack() {
        var random = SeededGenerator(seed: 9)
        let items = (0..<1_000_000).map { _ in
            WaterfallItem.size(CGSize(width: 100, height: Double.random(in: 75...180, using: &random)))
        }
        let layout = WaterfallLayout(containerWidth: 400)
        layout.replaceAll(items: items)
        let host = Host(layout: layout, viewportSize: CGSize(width: 400, height: 800))
        host.show(offset: 0)
        let velocity = host.maxOffset * 1000 * -log(DecelerationRate.normal.perMillisecond) * 1.05
        let end = host.fling(from: 0, velocity: velocity)
        #expect(end >= host.maxOffset - 1)
        #expect(host.fling(from: end, velocity: -velocity) == 0)
        // Columns are 185 pt wide, so items are at least 185 × 0.75 ≈ 139 pt tall: a 2,000 pt
        // window touches at most ceil(2000 / 149) + 1 = 15 items per column.
        #expect(host.failures.isEmpty, "\(host.failures.prefix(5))")
        #expect(host.maxLive <= 30, "max live cells \(host.maxLive)")
        #expect(host.maxPrefetched > 0 && host.maxPrefetched <= 30)
    }

    @Test func eachAppearanceBindsExactlyOnce() {
        let host = Host(itemCount: 5_000)
        var offset = 0.0
        var random = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            offset = min(host.maxOffset, max(0, offset + Double.random(in: -300...500, using: &random)))
            let before = host.recycler.visibleCells
            host.show(offset: offset)
            // A cell that stayed visible was not re-bound; a new element's cell was bound once.
            for (id, cell) in host.recycler.visibleCells {
                let binds = cell.calls.reversed().prefix { $0 != .prepareForReuse }.filter { $0 == .bind(id) }.count
                if before[id] === cell {
                    #expect(cell.calls.last == .bind(id) || binds >= 1)
                } else {
                    #expect(binds == 1, "\(id) bound \(binds) times")
                }
            }
        }
        #expect(host.failures.isEmpty, "\(host.failures.prefix(5))")
        #expect(host.maxLive <= Self.windowBound)
    }
}
