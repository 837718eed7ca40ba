import CascadeCollection
import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// Content taller than the host can scroll, and badge text for absurd durations.
@MainActor
@Suite struct ScrollLimitTests {
    /// Items 1000× taller than wide, 40 per page.
    private func tallItems(_ count: Int) -> [VideoItem] {
        (0..<count).map {
            var item = FeedFixtures.item($0)
            item.width = 1
            item.height = 1000
            return item
        }
    }

    @Test func contentPastTheLimitIsCappedAndTheFooterSaysSo() async throws {
        let loader = ScriptedFeedLoader(items: tallItems(200))
        var configuration = FeedScreenModel.Configuration(columns: .fixed(2))
        configuration.maximumContentHeight = 1_000_000
        let model = FeedScreenModel(pager: FeedPager(loader: loader, pageSize: 40), configuration: configuration)
        model.setContainerSize(CGSize(width: 375, height: 667))
        model.start()
        #expect(await waitUntil { model.items.count == 40 })
        // 20 rows of ~177,000 points: 3.5 million, past the 1 million limit.
        #expect(model.layout.contentSize.height > 1_000_000)
        #expect(model.isBeyondScrollLimit)
        #expect(model.scrollableContentHeight == 1_000_000)
        #expect(model.footerText == FeedScreenModel.scrollLimitText)
        let footer = try #require(model.displayedFooterFrame)
        #expect(footer.maxY == 1_000_000)
        // Scrolling to the scrollable end starts no load-more (the trigger is synchronous):
        // nothing past the limit could be shown.
        _ = model.scroll(to: CGRect(x: 0, y: 1_000_000 - 667, width: 375, height: 667))
        #expect(!model.feedState.isLoading)
        #expect(await loader.calls.count == 1)
    }

    @Test func theDefaultLimitKeepsGTKSizesInRange() {
        let limit = FeedScreenModel.Configuration.defaultMaximumContentHeight
        #expect(limit == 8_388_608)
        #expect(limit < CGFloat(Int32.max))
    }

    @Test(
        arguments: [
            (1e19, "99:59:59"), (Double.greatestFiniteMagnitude, "99:59:59"),
            (9_223_372_036_854_775_807 * 3600, "99:59:59"),
            (359_999.6, "99:59:59"), (-5, nil), (-Double.infinity, nil), (Double.infinity, nil),
        ] as [(Double, String?)])
    func absurdDurationBadgesAreSensible(seconds: Double, text: String?) {
        #expect(FeedScreenModel.durationText(seconds) == text)
    }
}
