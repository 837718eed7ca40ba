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
