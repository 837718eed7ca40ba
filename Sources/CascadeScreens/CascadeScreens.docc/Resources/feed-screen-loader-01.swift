import CascadeFeed
import Foundation

/// A feed loader over items held in memory: the pages a server would send, without a server.
actor InMemoryFeedLoader: FeedLoading {
    private var items: [VideoItem]

    init(items: [VideoItem]) {
        self.items = items
    }

    func page(number: Int, size: Int) async throws -> FeedPage {
        let start = min(items.count, number * size)
        let end = min(items.count, start + size)
        return FeedPage(items: Array(items[start..<end]), isEnd: end == items.count)
    }
}
