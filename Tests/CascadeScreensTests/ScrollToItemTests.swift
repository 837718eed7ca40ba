import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// Where the feed rests when scrolled to an item: top, centre or nearest, clamped to the content.
@MainActor
@Suite struct ScrollToItemTests {
    func model() async throws -> FeedScreenModel {
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<60))
        let model = FeedScreenModel(
            pager: FeedPager(loader: loader, pageSize: 60), configuration: .init(columns: .fixed(2)))
        model.setContainerSize(CGSize(width: 375, height: 667))
        model.start()
        #expect(await waitUntil { model.items.count == 60 })
        return model
    }

    @Test func topCentreAndNearestPlaceTheItem() async throws {
        let model = try await model()
        let frame = try #require(model.frame(ofItem: 20))
        let height = 667.0
        #expect(model.scrollOffset(toShow: 20, at: .top, offset: 0, viewportHeight: height) == Double(frame.minY) - 10)
        #expect(
            model.scrollOffset(toShow: 20, at: .center, offset: 0, viewportHeight: height)
                == Double(frame.midY) - height / 2)
        // Nearest: from above, its bottom comes into view with the focus margin; in view, no move.
        let nearest = try #require(model.scrollOffset(toShow: 20, at: .nearest, offset: 0, viewportHeight: height))
        #expect(nearest == Double(frame.maxY) + FeedScreenModel.focusMargin - height)
        #expect(model.scrollOffset(toShow: 20, at: .nearest, offset: nearest, viewportHeight: height) == nearest)
    }

    @Test func offsetsStayInsideTheContentAndMissingItemsHaveNone() async throws {
        let model = try await model()
        let maxOffset = Double(model.scrollableContentHeight) - 667
        #expect(model.scrollOffset(toShow: 59, at: .top, offset: 0, viewportHeight: 667) == maxOffset)
        #expect(model.scrollOffset(toShow: 0, at: .center, offset: 500, viewportHeight: 667) == 0)
        #expect(model.scrollOffset(toShow: 60, at: .top, offset: 0, viewportHeight: 667) == nil)
        #expect(model.scrollOffset(toShow: 3, at: .top, offset: .nan, viewportHeight: 667) == nil)
    }
}
