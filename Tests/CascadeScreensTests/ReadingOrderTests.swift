import CascadeFeed
import CascadeLayout
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// The reading order of a masonry feed: row by row by top edge, then along the line.
@MainActor
@Suite struct ReadingOrderTests {
    func model(direction: LayoutDirection) async throws -> FeedScreenModel {
        var configuration = FeedScreenModel.Configuration(columns: .fixed(3))
        configuration.direction = direction
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<30))
        let model = FeedScreenModel(pager: FeedPager(loader: loader, pageSize: 30), configuration: configuration)
        model.setContainerSize(CGSize(width: 400, height: 800))
        model.start()
        #expect(await waitUntil { model.items.count == 30 })
        return model
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func cellsAreReadRowByRowAlongTheLine(direction: LayoutDirection) async throws {
        let model = try await model(direction: direction)
        var random = SeededGenerator(seed: 5675)
        let shuffled = Array(0..<30).shuffled(using: &random) + [99]  // 99 has no frame
        let order = model.readingOrder(shuffled)
        #expect(Set(order) == Set(0..<30))
        let frames = try order.map { try #require(model.frame(ofItem: $0)) }
        for (a, b) in zip(frames, frames.dropFirst()) {
            #expect(a.minY.rounded() <= b.minY.rounded())
            if a.minY.rounded() == b.minY.rounded() {
                #expect(direction == .leftToRight ? a.minX < b.minX : a.minX > b.minX)
            }
        }
        // The first row is the first three items, from the line's start (the right in RTL).
        #expect(Array(order.prefix(3)) == [0, 1, 2])
    }
}
