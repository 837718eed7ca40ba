import CascadeCollection
import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

@Suite struct CollectionViewportTests {
    /// 2 columns, rows of 100 + 10 spacing, a 50 pt header and a 40 pt footer.
    private func makeLayout(items: Int = 100) -> ColumnsTestLayout {
        ColumnsTestLayout(
            itemCount: items, columns: 2, width: 400, itemHeight: 100, spacing: 10, headerHeight: 50, footerHeight: 40)
    }

    @Test func firstStepShowsTheTopElementsAndPrefetchesTheNextScreen() {
        let layout = makeLayout()
        let viewport = CollectionViewport(layout: layout)
        let update = viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 400, height: 300))
        // Rows start at 60, 170, 280: three rows visible plus the header.
        #expect(update.appeared.map(\.id) == (0..<6).map { .item($0) } + [.header(section: 0)])
        #expect(update.disappeared.isEmpty)
        // The window reaches one screen below (to y = 600): rows at 390 and 500.
        #expect(update.prefetch == (6..<10).map { ItemPath(section: 0, item: $0) })
        #expect(update.cancelPrefetch.isEmpty)
        #expect(update.direction == .none)
    }

    @Test func scrollingReportsAppearedAndDisappearedWithFrames() {
        let layout = makeLayout()
        let viewport = CollectionViewport(layout: layout)
        viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 400, height: 300))
        let update = viewport.setVisibleRect(CGRect(x: 0, y: 170, width: 400, height: 300))
        #expect(update.direction == .forward)
        #expect(update.disappeared.map(\.id) == [.item(0), .item(1), .header(section: 0)])
        #expect(update.appeared.map(\.id) == [.item(6), .item(7)])
        #expect(update.appeared[0].frame == layout.frame(for: .item(6)))
        #expect(update.moved.isEmpty)
    }

    @Test func visibleSetAlwaysEqualsABruteForceScan() {
        let layout = makeLayout(items: 301)
        let viewport = CollectionViewport(layout: layout)
        var random = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let y = CGFloat.random(in: -200...layout.contentSize.height, using: &random)
            let rect = CGRect(x: 0, y: y, width: 400, height: CGFloat.random(in: 1...900, using: &random))
            viewport.setVisibleRect(rect)
            let expected = layout.bruteForceElements(in: rect).map(\.id)
            #expect(Set(viewport.visibleElements.map(\.id)) == Set(expected))
            #expect(viewport.visibleElements.count == expected.count)
        }
    }

    @Test func footerAppearsAtTheEnd() {
        let layout = makeLayout(items: 10)
        let viewport = CollectionViewport(layout: layout)
        let update = viewport.setVisibleRect(CGRect(x: 0, y: 400, width: 400, height: 300))
        #expect(update.appeared.last?.id == .footer(section: 0))
    }

    @Test func layoutChangesComeBackAsMoves() {
        let layout = makeLayout()
        let viewport = CollectionViewport(layout: layout)
        viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 400, height: 300))
        layout.headerHeight = 60
        let update = viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(update.moved.map(\.id).contains(.item(0)))
        #expect(update.moved.first { $0.id == .item(0) }?.frame.minY == 70)
        #expect(update.moved.contains { $0.id == .header(section: 0) })
    }

    @Test func prefetchFollowsTheScrollDirectionAndCancelsWhatIsLeftBehind() {
        let layout = makeLayout(items: 1_000)
        let viewport = CollectionViewport(layout: layout)
        viewport.setVisibleRect(CGRect(x: 0, y: 5_000, width: 400, height: 300))
        // Scrolling down: the window covers 150 above and 300 below.
        let down = viewport.setVisibleRect(CGRect(x: 0, y: 5_010, width: 400, height: 300))
        #expect(down.direction == .forward)
        let window = viewport.prefetchedItems
        // Reverse: the window flips to 300 above and 150 below; far-below items are cancelled.
        let up = viewport.setVisibleRect(CGRect(x: 0, y: 5_000, width: 400, height: 300))
        #expect(up.direction == .backward)
        #expect(!up.prefetch.isEmpty)
        #expect(up.prefetch.allSatisfy { layout.frame(for: .item($0.item))!.maxY <= 5_000 })
        #expect(!up.cancelPrefetch.isEmpty)
        #expect(up.cancelPrefetch.allSatisfy { window.contains($0) })
        #expect(up.cancelPrefetch.allSatisfy { layout.frame(for: .item($0.item))!.minY >= 5_300 })
    }

    @Test func prefetchedItemsThatAppearAreNotCancelled() {
        let layout = makeLayout(items: 1_000)
        let viewport = CollectionViewport(layout: layout)
        var requested = Set<ItemPath>()
        var cancelled = Set<ItemPath>()
        var shown = Set<ItemPath>()
        var y: CGFloat = 0
        while y < 20_000 {
            let update = viewport.setVisibleRect(CGRect(x: 0, y: y, width: 400, height: 300))
            for item in update.prefetch {
                #expect(!requested.contains(item), "prefetched twice: \(item)")
                requested.insert(item)
            }
            for item in update.cancelPrefetch {
                #expect(requested.contains(item))
                cancelled.insert(item)
            }
            shown.formUnion(update.appeared.filter { $0.id.kind == .item }.map(\.id.path))
            y += 37
        }
        #expect(cancelled.isDisjoint(with: shown))
        // Scrolling steadily forward, every shown item past the first screen was prefetched first.
        #expect(shown.filter { $0.item >= 10 }.isSubset(of: requested))
    }

    @Test func invalidRectsResetInsteadOfCrashing() {
        let viewport = CollectionViewport(layout: makeLayout())
        viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 400, height: 300))
        let visible = viewport.visibleElements
        let update = viewport.setVisibleRect(CGRect(x: 0, y: CGFloat.nan, width: 400, height: 300))
        #expect(update.disappeared == visible)
        #expect(viewport.visibleElements.isEmpty)
        #expect(viewport.setVisibleRect(CGRect(x: 0, y: 0, width: -1, height: 300)).isEmpty)
    }

    @Test func horizontalAxisPrefetchesToTheRight() {
        let layout = ColumnsTestLayout(itemCount: 10, columns: 10, width: 4_000, itemHeight: 100)
        let viewport = CollectionViewport(layout: layout, axis: .horizontal)
        let update = viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 800, height: 120))
        #expect(!update.prefetch.isEmpty)
        #expect(update.prefetch.allSatisfy { layout.frame(for: .item($0.item))!.minX >= 800 })
    }

    @Test func pinnedHeadersStickToTheViewportNotThePrefetchWindow() {
        let configuration = WaterfallConfiguration(section: WaterfallSectionStyle(headerHeight: 40), pinsHeaders: true)
        let layout = WaterfallLayout(configuration: configuration, containerWidth: 400)
        layout.replaceAll(items: Array(repeating: .height(100), count: 200))
        let viewport = CollectionViewport(layout: layout)
        viewport.setVisibleRect(CGRect(x: 0, y: 900, width: 400, height: 800))
        let update = viewport.setVisibleRect(CGRect(x: 0, y: 1_000, width: 400, height: 800))
        #expect(update.direction == .forward)
        let header = viewport.visibleElements.first { $0.id == .header(section: 0) }
        #expect(header?.frame.minY == 1_000)
        #expect(update.moved.contains { $0.id == .header(section: 0) })
    }

    /// Returns its base layout's elements in a scrambled order (layouts promise no order).
    final class ScrambledLayout: CollectionLayout {
        let base: ColumnsTestLayout
        var random = SeededGenerator(seed: 11)
        init(base: ColumnsTestLayout) { self.base = base }
        var contentSize: CGSize { base.contentSize }
        var numberOfSections: Int { base.numberOfSections }
        func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
        func frame(for id: ElementID) -> CGRect? { base.frame(for: id) }
        func elements(in rect: CGRect) -> [LayoutElement] {
            var elements = base.elements(in: rect)
            if Bool.random(using: &random) {
                elements.shuffle(using: &random)
            } else {
                // Column runs, like a waterfall's lanes.
                elements = elements.filter { $0.frame.minX < 100 } + elements.filter { $0.frame.minX >= 100 }
            }
            return elements
        }
    }

    @Test func unorderedQueryResultsGiveTheSameUpdates() {
        let base = ColumnsTestLayout(
            itemCount: 500, columns: 3, width: 300, itemHeight: 60, spacing: 5, headerHeight: 20, footerHeight: 20)
        let ordered = CollectionViewport(layout: base)
        let scrambled = CollectionViewport(layout: ScrambledLayout(base: base))
        var random = SeededGenerator(seed: 12)
        for _ in 0..<300 {
            let rect = CGRect(
                x: 0, y: CGFloat.random(in: -100...base.contentSize.height, using: &random), width: 300, height: 500)
            #expect(ordered.setVisibleRect(rect) == scrambled.setVisibleRect(rect))
        }
    }

    @Test func aScrollSessionGivesTheHostThisExactSequence() {
        // One column of 100 pt rows (no spacing), a 200 pt viewport: the window is 200 ahead
        // and 100 behind.
        let layout = ColumnsTestLayout(itemCount: 20, columns: 1, width: 100, itemHeight: 100, spacing: 0)
        let viewport = CollectionViewport(layout: layout)
        let spy = ViewportHostSpy()
        func item(_ index: Int) -> ElementID { .item(index) }
        func path(_ index: Int) -> ItemPath { ItemPath(section: 0, item: index) }
        spy.record(viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 100, height: 200)))
        #expect(spy.take() == [.appear(item(0)), .appear(item(1)), .prefetch(path(2)), .prefetch(path(3))])
        spy.record(viewport.setVisibleRect(CGRect(x: 0, y: 100, width: 100, height: 200)))
        #expect(spy.take() == [.disappear(item(0)), .appear(item(2)), .prefetch(path(4))])
        // Reversing: the window now reaches 200 above and 100 below; item 4 is cancelled.
        spy.record(viewport.setVisibleRect(CGRect(x: 0, y: 50, width: 100, height: 200)))
        #expect(spy.take() == [.appear(item(0)), .cancel(path(4))])
    }
}
