import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

/// Golden frame tables for the reference feed: 2 columns, width 375, insets 10, spacing 10,
/// heights from cover aspect ratios rounded to the pixel at scale 2.
@Suite struct WaterfallGoldenTests {
    static let covers: [CGSize] = [
        CGSize(width: 720, height: 1280), CGSize(width: 1280, height: 720), CGSize(width: 1080, height: 1080),
        CGSize(width: 640, height: 960), CGSize(width: 1280, height: 720),
    ]

    func referenceLayout(footer: CGFloat = 0) -> WaterfallLayout {
        let layout = WaterfallLayout(
            configuration: WaterfallConfiguration(section: WaterfallSectionStyle(footerHeight: footer)))
        layout.setContainerWidth(375)
        layout.appendItems(Self.covers.map { .size($0) }, toSection: 0)
        return layout
    }

    @Test func referenceFeedFrames() {
        let layout = referenceLayout()
        let expected: [CGRect] = [
            CGRect(x: 10, y: 10, width: 172.5, height: 306.5),  // 720×1280 → 306.67 → 306.5
            CGRect(x: 192.5, y: 10, width: 172.5, height: 97),  // 1280×720 → 97.03 → 97
            CGRect(x: 192.5, y: 117, width: 172.5, height: 172.5),  // square
            CGRect(x: 192.5, y: 299.5, width: 172.5, height: 259),  // 640×960 → 258.75 → 259
            CGRect(x: 10, y: 326.5, width: 172.5, height: 97),  // column 0 is now the shortest
        ]
        #expect((0..<5).map { layout.frame(for: .item($0))! } == expected)
        #expect(layout.contentSize == CGSize(width: 375, height: 568.5))  // tallest column + bottom inset
        #expect((0..<5).map { layout.column(of: ItemPath(section: 0, item: $0)) } == [0, 1, 1, 1, 0])
    }

    @Test func footerSitsBelowTheTallestColumn() {
        let layout = referenceLayout(footer: 44)
        #expect(layout.frame(for: .footer(section: 0)) == CGRect(x: 0, y: 568.5, width: 375, height: 44))
        #expect(layout.contentSize.height == 612.5)
    }

    @Test func bannerSpansAllColumnsAtTheTop() {
        let layout = WaterfallLayout()
        layout.setContainerWidth(375)
        layout.appendItems([.size(CGSize(width: 16, height: 9), fullSpan: true), .height(100), .height(50)])
        #expect(layout.frame(for: .item(0)) == CGRect(x: 10, y: 10, width: 355, height: 199.5))  // 355 × 9/16
        #expect(layout.frame(for: .item(1)) == CGRect(x: 10, y: 219.5, width: 172.5, height: 100))
        #expect(layout.frame(for: .item(2)) == CGRect(x: 192.5, y: 219.5, width: 172.5, height: 50))
        // A full-span item after them starts below the tallest column.
        layout.appendItems([.height(30, fullSpan: true)])
        #expect(layout.frame(for: .item(3)) == CGRect(x: 10, y: 329.5, width: 355, height: 30))
        #expect(layout.contentSize.height == 369.5)
    }

    @Test func rightToLeftMirrorsX() {
        var config = WaterfallConfiguration()
        config.direction = .rightToLeft
        let layout = WaterfallLayout(configuration: config, containerWidth: 375)
        layout.appendItems(Self.covers.map { .size($0) })
        #expect(layout.frame(for: .item(0)) == CGRect(x: 192.5, y: 10, width: 172.5, height: 306.5))
        #expect(layout.frame(for: .item(1)) == CGRect(x: 10, y: 10, width: 172.5, height: 97))
    }

    @Test(arguments: [ItemPlacement.leftToRight, .rightToLeft])
    func roundRobinPlacement(_ placement: ItemPlacement) {
        var config = WaterfallConfiguration()
        config.placement = placement
        config.section.columns = .fixed(3)
        let layout = WaterfallLayout(configuration: config, containerWidth: 340)
        layout.appendItems([.height(300), .height(10), .height(10), .height(10)])
        let columns = (0..<4).map { layout.column(of: ItemPath(section: 0, item: $0)) }
        #expect(columns == (placement == .leftToRight ? [0, 1, 2, 0] : [2, 1, 0, 2]))
        #expect(layout.frame(for: .item(3))!.minY == (placement == .leftToRight ? 320 : 320))
    }

    @Test func adaptiveColumnsFromMinimumWidth() {
        var config = WaterfallConfiguration()
        config.section.columns = .adaptive(minimumWidth: 150)
        let layout = WaterfallLayout(configuration: config, containerWidth: 1280)
        layout.appendItems([.height(10)])
        // (1260 + 10) / (150 + 10) = 7.9 → 7 columns of (1260 - 60) / 7.
        #expect(layout.columnCount(inSection: 0) == 7)
        #expect(abs(layout.columnWidth(inSection: 0) - 1200.0 / 7) < 1e-9)
        layout.setContainerWidth(375)
        #expect(layout.columnCount(inSection: 0) == 2)
    }

    @Test func classicSectionsStartLevelWithHeaders() {
        let style = WaterfallSectionStyle(
            headerHeight: 40, headerInsets: LayoutInsets(top: 5, left: 0, bottom: 5, right: 0))
        let layout = WaterfallLayout(configuration: WaterfallConfiguration(section: style), containerWidth: 375)
        layout.replaceAll(sections: [[.height(100), .height(50)], [.height(20)]])
        #expect(layout.frame(for: .header(section: 0)) == CGRect(x: 0, y: 5, width: 375, height: 40))
        #expect(layout.frame(for: .item(0)) == CGRect(x: 10, y: 60, width: 172.5, height: 100))
        // Section 0 ends at 160 + inset 10 = 170; header 1 at 175.
        #expect(layout.frame(for: .header(section: 1)) == CGRect(x: 0, y: 175, width: 375, height: 40))
        #expect(layout.frame(for: .item(0, section: 1)) == CGRect(x: 10, y: 230, width: 172.5, height: 20))
        #expect(layout.contentSize.height == 260)
    }

    @Test func continuousFlowCarriesColumnsAcrossSections() {
        var config = WaterfallConfiguration()
        config.flow = .continuous
        let layout = WaterfallLayout(configuration: config, containerWidth: 375)
        layout.replaceAll(sections: [[.height(100), .height(50)], [.height(20), .height(20)]])
        #expect(layout.frame(for: .item(0, section: 1)) == CGRect(x: 192.5, y: 70, width: 172.5, height: 20))
        #expect(layout.frame(for: .item(1, section: 1)) == CGRect(x: 192.5, y: 100, width: 172.5, height: 20))
        #expect(layout.contentSize.height == 130)  // tallest column (120) + bottom inset
    }

    @Test func providedHeightsAskTheProviderWithTheColumnWidth() {
        let layout = WaterfallLayout(containerWidth: 375)
        var asked: [ItemPath] = []
        layout.heightProvider = { path, width in
            asked.append(path)
            return width / 2 + CGFloat(path.item)
        }
        layout.appendItems([.provided(), .provided()])
        #expect(asked == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
        #expect(layout.frame(for: .item(1))!.height == 87.25)
    }
}

@Suite struct WaterfallAppUsageTests {
    /// The feed screen's use: a full-span banner on top, pages of 10 covers, a load-more footer.
    @Test func feedPagesWithBannerAndFooter() {
        var config = WaterfallConfiguration()
        config.section.footerHeight = 44
        let layout = WaterfallLayout(configuration: config)
        layout.setContainerWidth(375)
        layout.appendItems([.size(CGSize(width: 750, height: 300), fullSpan: true)])
        for page in 0..<3 {
            layout.appendItems(sizes: (0..<10).map { CGSize(width: 720, height: 900 + 40 * $0 + page) })
        }
        #expect(layout.numberOfItems(inSection: 0) == 31)
        #expect(layout.frame(for: .item(0)) == CGRect(x: 10, y: 10, width: 355, height: 142))
        #expect(layout.frame(for: .item(1))!.minY == 162)
        let footer = layout.frame(for: .footer(section: 0))!
        let lowest = (0..<31).map { layout.frame(for: .item($0))!.maxY }.max()!
        #expect(footer.minY == lowest + 10)
        #expect(layout.contentSize.height == footer.maxY)
        let before = WaterfallSnapshot.of(layout)
        for offset in stride(from: 0, through: layout.contentSize.height, by: 37) {
            _ = layout.elements(in: CGRect(x: 0, y: offset, width: 375, height: 667))
        }
        #expect(WaterfallSnapshot.of(layout) == before)  // scrolling never changes the layout
        layout.appendItems(heights: [120])
        #expect(layout.frame(for: .item(31))!.height == 120)
    }
}
