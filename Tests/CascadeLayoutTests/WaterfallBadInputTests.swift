import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

/// Every kind of bad input has a documented, clamped result: never a NaN frame, never a crash.
@Suite struct WaterfallBadInputTests {
    func allFramesFinite(_ layout: WaterfallLayout) -> Bool {
        LayoutChecks.allElements(of: layout).allSatisfy { element in
            [element.frame.minX, element.frame.minY, element.frame.width, element.frame.height].allSatisfy(\.isFinite)
        } && layout.contentSize.height.isFinite
    }

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, -20, 0])
    func invalidContainerWidthIsZero(_ width: CGFloat) {
        let layout = WaterfallLayout(containerWidth: width)
        layout.appendItems([.size(CGSize(width: 3, height: 4)), .height(30), .height(10, fullSpan: true)])
        #expect(layout.containerWidth == 0)
        #expect(layout.columnWidth(inSection: 0) == 0)
        #expect(allFramesFinite(layout))
        #expect(layout.frame(for: .item(1)) == CGRect(x: 0, y: 10, width: 0, height: 30))
        #expect(LayoutChecks.waterfallViolations(layout).isEmpty)
    }

    @Test func invalidHeightsAreClamped() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.appendItems([.height(.nan), .height(-4), .height(0), .height(.infinity), .height(-.infinity)])
        let heights = (0..<5).map { layout.frame(for: .item($0))!.height }
        #expect(heights == [0, 0, 0, LayoutClamp.maximumItemHeight, 0])
        #expect(allFramesFinite(layout))
        // Zero-height items only overlap rects that strictly contain their y.
        #expect(layout.elements(in: CGRect(x: 0, y: 0, width: 375, height: 5)).isEmpty)
    }

    @Test(arguments: [
        CGSize(width: 0, height: 100), CGSize(width: -1, height: 100), CGSize(width: 100, height: CGFloat.nan),
        CGSize(width: CGFloat.infinity, height: 10), CGSize(width: 100, height: 0),
    ])
    func invalidSizesGiveSquares(_ size: CGSize) {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.appendItems([.size(size)])
        #expect(layout.frame(for: .item(0)) == CGRect(x: 10, y: 10, width: 172.5, height: 172.5))
    }

    @Test func invalidAspectRatiosAreClamped() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.appendItems([
            .init(sizing: .aspectRatio(.nan)), .init(sizing: .aspectRatio(-2)), .init(sizing: .aspectRatio(1e9)),
        ])
        #expect(layout.frame(for: .item(0))!.height == 172.5)
        #expect(layout.frame(for: .item(1))!.height == 172.5)
        #expect(layout.frame(for: .item(2))!.height == 172_500)  // ratio clamped to 1000
    }

    @Test(arguments: [(0, 1), (-3, 1), (1_000_000, LayoutClamp.maximumColumnCount)])
    func columnCountsAreClamped(_ requested: Int, _ expected: Int) {
        var config = WaterfallConfiguration()
        config.section.columns = .fixed(requested)
        let layout = WaterfallLayout(configuration: config, containerWidth: 375)
        layout.appendItems((0..<20).map { _ in .height(10) })
        #expect(layout.columnCount(inSection: 0) == expected)
        #expect(layout.columnWidth(inSection: 0) >= 0)
        #expect(allFramesFinite(layout))
        #expect(LayoutChecks.waterfallViolations(layout).isEmpty)
    }

    @Test(arguments: [CGFloat.nan, 0, -5, .infinity])
    func invalidAdaptiveWidthsGiveAtLeastOneColumn(_ minimum: CGFloat) {
        var config = WaterfallConfiguration()
        config.section.columns = .adaptive(minimumWidth: minimum)
        let layout = WaterfallLayout(configuration: config, containerWidth: 375)
        layout.appendItems([.height(10)])
        #expect((1...LayoutClamp.maximumColumnCount).contains(layout.columnCount(inSection: 0)))
        #expect(allFramesFinite(layout))
    }

    @Test func insetsWiderThanTheContainerAreScaledDown() {
        var config = WaterfallConfiguration()
        config.section.insets = LayoutInsets(top: 0, left: 300, bottom: 0, right: 100)
        config.section.headerHeight = 20
        config.section.headerInsets = LayoutInsets(top: 0, left: 500, bottom: 0, right: 500)
        let layout = WaterfallLayout(configuration: config, containerWidth: 200)
        layout.appendItems([.height(10), .height(10, fullSpan: true)])
        // left:right = 3:1 of 200 → 150 and 50; no room for columns.
        #expect(layout.frame(for: .item(0)) == CGRect(x: 150, y: 20, width: 0, height: 10))
        #expect(layout.frame(for: .item(1)) == CGRect(x: 150, y: 40, width: 0, height: 10))
        #expect(layout.frame(for: .header(section: 0)) == CGRect(x: 100, y: 0, width: 0, height: 20))
        #expect(LayoutChecks.waterfallViolations(layout).isEmpty)
    }

    @Test func spacingWiderThanTheRoomLeftShrinks() {
        var config = WaterfallConfiguration()
        config.section.columns = .fixed(3)
        config.section.columnSpacing = 1000
        let layout = WaterfallLayout(configuration: config, containerWidth: 120)
        layout.appendItems([.height(10), .height(10), .height(10)])
        #expect(layout.columnWidth(inSection: 0) == 0)
        #expect((0..<3).map { layout.frame(for: .item($0))!.minX } == [10, 60, 110])
    }

    @Test func nanAndNegativeMetricsBecomeZero() {
        let style = WaterfallSectionStyle(
            columnSpacing: .nan, rowSpacing: -4, insets: LayoutInsets(top: .nan, left: -1, bottom: .infinity, right: 0),
            headerHeight: .nan, footerHeight: -3)
        let config = WaterfallConfiguration(section: style, minimumContentHeight: .nan, displayScale: .nan)
        let layout = WaterfallLayout(configuration: config, containerWidth: 100)
        layout.appendItems([.height(10), .height(10), .height(5)])
        #expect(layout.frame(for: .item(2)) == CGRect(x: 0, y: 10, width: 50, height: 5))
        #expect(layout.frame(for: .header(section: 0)) == nil)
        #expect(layout.frame(for: .footer(section: 0)) == nil)
        #expect(layout.contentSize == CGSize(width: 100, height: 15))
    }

    @Test func emptySectionsAndZeroItems() {
        let style = WaterfallSectionStyle(headerHeight: 30, footerHeight: 20)
        let layout = WaterfallLayout(
            configuration: WaterfallConfiguration(section: style, minimumContentHeight: 10), containerWidth: 375)
        #expect(layout.contentSize == CGSize(width: 375, height: 10))
        #expect(layout.elements(in: CGRect(x: 0, y: 0, width: 375, height: 1000)).isEmpty)
        layout.replaceAll(sections: [[], []])
        // header 0...30, insets 10 + 10, footer 50...70; the next section the same below.
        #expect(layout.frame(for: .footer(section: 0)) == CGRect(x: 0, y: 50, width: 375, height: 20))
        #expect(layout.frame(for: .header(section: 1)) == CGRect(x: 0, y: 70, width: 375, height: 30))
        #expect(layout.contentSize.height == 140)
        #expect(layout.frame(for: .item(0)) == nil)
        layout.replaceAll(sections: [])
        #expect(layout.numberOfSections == 0)
        #expect(layout.contentSize.height == 10)
    }

    @Test func missingPathsAreIgnoredAndIndicesClamped() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.appendItems([.height(10)])
        #expect(layout.deleteItems(at: [ItemPath(section: 0, item: 5), ItemPath(section: 3, item: 0)]) == .none)
        layout.moveItem(from: ItemPath(section: 0, item: 9), to: ItemPath(section: 0, item: 0))
        layout.updateHeight(of: ItemPath(section: -1, item: 0), to: 40)
        #expect(layout.totalItemCount == 1)
        layout.insertItems([.height(20)], at: ItemPath(section: 0, item: 99))
        #expect(layout.frame(for: .item(1)) == CGRect(x: 192.5, y: 10, width: 172.5, height: 20))
        layout.appendItems([.height(5)], toSection: 2)
        #expect(layout.numberOfSections == 3)
        #expect(layout.numberOfItems(inSection: 1) == 0)
        #expect(layout.numberOfItems(inSection: 2) == 1)
        #expect(layout.frame(for: .item(0, section: 7)) == nil)
        #expect(layout.frame(for: .header(section: -1)) == nil)
    }

    @Test func degenerateQueryRectsFindNothing() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.appendItems([.height(100)])
        for rect in [
            CGRect.null, CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: 0, height: 50),
        ] {
            #expect(layout.elements(in: rect).isEmpty)
        }
        #expect(
            layout.elements(in: CGRect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity)).count == 1)
    }

    /// A fuzzer input (Docs/RELIABILITY.md): unclamped, a container width of
    /// `greatestFiniteMagnitude` overflows the last column's maxX to +∞, and insets of 1e300
    /// round every item's height away.
    @Test func hugeLengthsAreClampedSoFramesStayFiniteAndKeepTheirHeights() {
        let layout = WaterfallLayout(containerWidth: .greatestFiniteMagnitude)
        layout.appendItems([.height(100), .height(100), .height(50)])
        #expect(layout.containerWidth == LayoutClamp.maximumLength)
        #expect(LayoutChecks.allElements(of: layout).allSatisfy { $0.frame.maxX.isFinite })
        #expect(LayoutChecks.waterfallViolations(layout).isEmpty)
        var style = WaterfallSectionStyle(insets: LayoutInsets(top: 1e300, left: 0, bottom: 0, right: 0))
        style.rowSpacing = 1e300
        let tall = WaterfallLayout(configuration: WaterfallConfiguration(section: style), containerWidth: 375)
        tall.appendItems([.height(100), .height(100), .height(50)])
        #expect((0..<3).map { tall.frame(for: .item($0))!.height } == [100, 100, 50])
        #expect(LayoutChecks.waterfallViolations(tall).isEmpty)
    }

    /// A fuzzer input (Docs/RELIABILITY.md): a rect with an infinite negative size, standardized,
    /// would span origin −∞, size +∞ and return every item instead of those left of its origin.
    @Test func aRectWithAnInfiniteNegativeSizeSpansFromItsOrigin() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.appendItems([.height(100), .height(100), .height(50)])
        let left = layout.elements(in: CGRect(x: 100, y: -50, width: -.infinity, height: 3404))
        #expect(Set(left.map(\.id)) == [.item(0), .item(2)])
        #expect(layout.elements(in: CGRect(x: -5, y: -50, width: -.infinity, height: 3404)).isEmpty)
        let above = layout.elements(in: CGRect(x: 0, y: 90, width: 375, height: -.infinity))
        #expect(Set(above.map(\.id)) == [.item(0), .item(1)])
    }

    @Test func providerReturningGarbageIsClamped() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.heightProvider = { path, _ in path.item == 0 ? .nan : -.infinity }
        layout.appendItems([.provided(), .provided(), .provided(fullSpan: true)])
        #expect((0..<3).map { layout.frame(for: .item($0))!.height } == [0, 0, 0])
        #expect(allFramesFinite(layout))
    }
}
