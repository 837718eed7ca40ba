import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

@Suite struct WaterfallPinningTests {
    func pinnedLayout() -> WaterfallLayout {
        var config = WaterfallConfiguration(pinsHeaders: true)
        config.section.headerHeight = 40
        let layout = WaterfallLayout(configuration: config, containerWidth: 375)
        // Section 0: header 0...40, items 50...350, bottom 360. Section 1 starts at 360.
        layout.replaceAll(sections: [[.height(300), .height(100)], [.height(500)]])
        return layout
    }

    @Test func headerSticksToTheVisibleTopWithinItsSection() {
        let layout = pinnedLayout()
        #expect(layout.frame(for: .header(section: 0)) == CGRect(x: 0, y: 0, width: 375, height: 40))
        #expect(layout.pinnedHeaderFrame(section: 0, visibleTop: 100)?.minY == 100)
        // It never leaves its section: stops at bottom (360) - height (40).
        #expect(layout.pinnedHeaderFrame(section: 0, visibleTop: 340)?.minY == 320)
        #expect(layout.pinnedHeaderFrame(section: 1, visibleTop: 0)?.minY == 360)
        #expect(layout.pinnedHeaderFrame(section: 1, visibleTop: 400)?.minY == 400)
    }

    @Test func queriesReturnThePinnedHeaderAboveItems() {
        let layout = pinnedLayout()
        let elements = layout.elements(in: CGRect(x: 0, y: 200, width: 375, height: 100))
        let header = elements.first { $0.id == .header(section: 0) }
        #expect(header?.frame == CGRect(x: 0, y: 200, width: 375, height: 40))
        #expect(header.map { $0.zIndex > 0 } == true)
        #expect(Set(elements.map(\.id)) == [.header(section: 0), .item(0)])
    }

    @Test func aPinnedHeaderOutsideTheQueriedRectIsStillFound() {
        let layout = pinnedLayout()
        // The host queries a rect below the viewport top (prefetch) and pins to the offset.
        let elements = layout.elements(in: CGRect(x: 0, y: 150, width: 375, height: 100), pinningHeadersTo: 160)
        #expect(elements.contains { $0.id == .header(section: 0) && $0.frame.minY == 160 })
    }

    @Test func withoutPinningHeadersStayPut() {
        let layout = WaterfallLayout(
            configuration: WaterfallConfiguration(section: WaterfallSectionStyle(headerHeight: 40)), containerWidth: 375
        )
        layout.appendItems([.height(300)])
        #expect(layout.pinnedHeaderFrame(section: 0, visibleTop: 100)?.minY == 0)
        #expect(!layout.elements(in: CGRect(x: 0, y: 100, width: 375, height: 50)).contains { $0.id.kind == .header })
    }
}

@Suite struct WaterfallStorageTests {
    @Test func bytesPerItemStayWithinTheBudget() {
        let layout = WaterfallLayout(containerWidth: 375)
        var rng = SeededGenerator(seed: 3)
        layout.replaceAll(
            items: (0..<50_000).map { _ in
                .size(CGSize(width: 720, height: CGFloat(Int.random(in: 400...1600, using: &rng))))
            })
        #expect(layout.bytesPerItem <= 48)
        #expect(layout.bytesPerItem >= 28)  // a 24-byte record and a 4-byte column index at least
        for _ in 0..<10 { layout.appendItems((0..<10).map { _ in .height(100) }) }
        #expect(layout.bytesPerItem <= 48)
    }

    @Test func appendingMatchesBuildingAtOnce() {
        var rng = SeededGenerator(seed: 5)
        // More items than one 16,384-item placement chunk.
        let items = (0..<17_000).map { _ in RandomWaterfall.item(using: &rng) }
        let whole = WaterfallLayout(containerWidth: 390)
        whole.replaceAll(items: items)
        let paged = WaterfallLayout(containerWidth: 390)
        for page in stride(from: 0, to: items.count, by: 1_000) {
            paged.appendItems(Array(items[page..<min(page + 1_000, items.count)]))
        }
        let reference = ReferenceWaterfall.layout(
            configuration: WaterfallConfiguration(), width: 390, sections: [items])
        let matchesReference = WaterfallSnapshot.of(whole) == reference
        #expect(matchesReference)
        let same = WaterfallSnapshot.of(whole) == WaterfallSnapshot.of(paged)
        #expect(same)
    }
}

@Suite struct WaterfallRevisionTests {
    @Test func revisionCountsChangesButNotQueries() {
        let layout = WaterfallLayout(containerWidth: 375)
        let start = layout.revision
        layout.appendItems(heights: [100, 50])
        let afterAppend = layout.revision
        #expect(afterAppend > start)
        _ = layout.elements(in: CGRect(x: 0, y: 0, width: 375, height: 500))
        _ = layout.frame(for: .item(0))
        #expect(layout.revision == afterAppend)
        layout.setContainerWidth(375)  // the same width: nothing to do
        #expect(layout.revision == afterAppend)
        layout.updateHeight(of: ItemPath(section: 0, item: 0), to: 80)
        #expect(layout.revision > afterAppend)
    }
}

@Suite struct WaterfallReplaceTests {
    /// A refresh replaces the feed with one of about the same size: the records are overwritten
    /// in place, and the result must equal a fresh layout.
    @Test(arguments: [0, 1, 37, 300])
    func replacingWithFewerOrEqualItemsEqualsAFreshLayout(_ fewer: Int) {
        var rng = SeededGenerator(seed: UInt64(fewer) + 9)
        let config = RandomWaterfall.configuration(using: &rng)
        let first = (0..<300).map { _ in RandomWaterfall.item(using: &rng) }
        let second = (0..<(300 - fewer)).map { _ in RandomWaterfall.item(using: &rng) }
        let layout = WaterfallLayout(configuration: config, containerWidth: 390)
        layout.replaceAll(sections: [first])
        layout.replaceAll(sections: [Array(second.prefix(100)), Array(second.dropFirst(100))])
        let expected = ReferenceWaterfall.layout(
            configuration: config, width: 390, sections: [Array(second.prefix(100)), Array(second.dropFirst(100))])
        let same = WaterfallSnapshot.of(layout) == expected
        #expect(same)
        let all = LayoutChecks.allElements(of: layout) { layout.pinnedHeaderFrame(section: $0, visibleTop: 50) }
        let rect = CGRect(x: 0, y: 50, width: 390, height: 2000)
        #expect(
            LayoutChecks.dictionary(layout.elements(in: rect, pinningHeadersTo: 50))
                == LayoutChecks.bruteForceIDs(in: rect, elements: all))
    }
}
