import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

@Suite struct GridLayoutTests {
    @Test func referenceFlowLayoutFrames() {
        let grid = GridLayout(containerWidth: 375)
        grid.setItemCounts([3])
        #expect(grid.itemSize == CGSize(width: 172.5, height: 138))
        #expect(
            (0..<3).map { grid.frame(for: .item($0))! } == [
                CGRect(x: 10, y: 10, width: 172.5, height: 138), CGRect(x: 192.5, y: 10, width: 172.5, height: 138),
                CGRect(x: 10, y: 158, width: 172.5, height: 138),
            ])
        #expect(grid.contentSize == CGSize(width: 375, height: 306))
    }

    @Test func sectionsStackWithTheirInsets() {
        let grid = GridLayout(columns: 3, itemRatio: 1, columnSpacing: 0, rowSpacing: 0, insets: LayoutInsets(all: 5))
        grid.setContainerWidth(310)
        grid.setItemCounts([4, 0, 1])
        // Section 0: 5 + 2 rows of 100 + 5 = 210; section 1 empty: 10; section 2 starts at 220.
        #expect(grid.frame(for: .item(0, section: 2)) == CGRect(x: 5, y: 225, width: 100, height: 100))
        #expect(grid.contentSize.height == 330)
        #expect(grid.frame(for: .item(1, section: 1)) == nil)
    }

    @Test func queriesEqualBruteForce() {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let grid = GridLayout(
                columns: Int.random(in: -1...6, using: &rng),
                itemRatio: [0.8, 1.5, 0, .nan].randomElement(using: &rng)!,
                columnSpacing: [0, 10, 500].randomElement(using: &rng)!,
                rowSpacing: [0, 10].randomElement(using: &rng)!,
                insets: [LayoutInsets(all: 10), LayoutInsets(top: 0, left: 400, bottom: 0, right: 0)].randomElement(
                    using: &rng)!)
            grid.setContainerWidth([375, 0, .nan, 1024].randomElement(using: &rng)!)
            grid.setItemCounts(
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: -1...40, using: &rng) })
            let all = LayoutChecks.allElements(of: grid)
            #expect(
                all.allSatisfy {
                    [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite)
                })
            for _ in 0..<4 {
                let rect = CGRect(
                    x: CGFloat.random(in: -20...400, using: &rng), y: CGFloat.random(in: -50...2000, using: &rng),
                    width: CGFloat.random(in: 0...400, using: &rng), height: CGFloat.random(in: 0...900, using: &rng))
                #expect(
                    LayoutChecks.dictionary(grid.elements(in: rect))
                        == LayoutChecks.bruteForceIDs(in: rect, elements: all))
            }
        }
    }
}

@Suite struct PagingStripLayoutTests {
    @Test func equalPagesFillTheContainer() {
        let strip = PagingStripLayout(sizing: .pages(count: 3), containerSize: CGSize(width: 375, height: 180))
        #expect(strip.frame(for: .item(2)) == CGRect(x: 750, y: 0, width: 375, height: 180))
        #expect(strip.contentSize == CGSize(width: 1125, height: 180))
        #expect(strip.centeringOffset(forItem: 1) == 375)
        #expect(strip.item(centeredAtOffset: 560) == 1)
        #expect(strip.item(centeredAtOffset: 570) == 2)
        #expect(strip.item(centeredAtOffset: -1000) == 0)
        #expect(strip.item(centeredAtOffset: .nan) == 0)
    }

    @Test func tabsAreContentSizedAndCentred() {
        let strip = PagingStripLayout(
            sizing: .widths([60, 80, 100, 70, 90]), spacing: 10,
            insets: LayoutInsets(top: 0, left: 5, bottom: 0, right: 5),
            containerSize: CGSize(width: 200, height: 44))
        let origins = (0..<5).map { strip.frame(for: .item($0))!.minX }
        #expect(origins == [5, 75, 165, 275, 355])
        #expect(strip.contentSize.width == 450)
        // Tab 2 centre is 215: offset 115. The first tab clamps to 0, the last to 450 - 200.
        #expect(strip.centeringOffset(forItem: 2) == 115)
        #expect(strip.centeringOffset(forItem: 0) == 0)
        #expect(strip.centeringOffset(forItem: 4) == 250)
        #expect(strip.centeringOffset(forItem: 9) == 0)
        #expect(
            Set(strip.elements(in: CGRect(x: 100, y: 0, width: 100, height: 44)).map(\.id)) == [.item(1), .item(2)])
    }

    @Test func badInputIsClamped() {
        let strip = PagingStripLayout(
            sizing: .widths([.nan, -5, 40, .infinity]), spacing: .nan,
            containerSize: CGSize(width: -1, height: CGFloat.nan))
        #expect(strip.contentSize == CGSize(width: 40, height: 0))
        #expect(strip.centeringOffset(forItem: 2) == 20)  // centre of 0...40, container width 0
        let empty = PagingStripLayout(sizing: .pages(count: -3))
        #expect(empty.numberOfItems(inSection: 0) == 0)
        #expect(empty.item(centeredAtOffset: 0) == nil)
        #expect(empty.elements(in: CGRect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    }

    @Test func queriesEqualBruteForce() {
        var rng = SeededGenerator(seed: 12)
        for _ in 0..<200 {
            let widths = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                CGFloat(Int.random(in: 0...120, using: &rng))
            }
            let strip = PagingStripLayout(
                sizing: Bool.random(using: &rng) ? .widths(widths) : .pages(count: widths.count),
                spacing: CGFloat(Int.random(in: 0...12, using: &rng)), containerSize: CGSize(width: 320, height: 40))
            let all = LayoutChecks.allElements(of: strip)
            for _ in 0..<4 {
                let rect = CGRect(
                    x: CGFloat.random(in: -50...3000, using: &rng), y: -5,
                    width: CGFloat.random(in: 0...400, using: &rng),
                    height: 60)
                #expect(
                    LayoutChecks.dictionary(strip.elements(in: rect))
                        == LayoutChecks.bruteForceIDs(in: rect, elements: all))
            }
        }
    }
}
