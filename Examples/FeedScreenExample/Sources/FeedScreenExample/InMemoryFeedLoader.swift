import CascadeFeed
import Foundation

/// A feed loader over items held in memory: the pages a server would send, without a server.
///
/// `publish(_:)` puts new videos at the top of the feed, as a server does between two
/// refreshes, so the next first page starts with them.
actor InMemoryFeedLoader: FeedLoading {
    private var items: [VideoItem]
    /// The pages asked for, in order (number and size).
    private(set) var requests: [String] = []

    init(items: [VideoItem]) {
        self.items = items
    }

    func page(number: Int, size: Int) async throws -> FeedPage {
        requests.append("page \(number) size \(size)")
        let start = min(items.count, number * size)
        let end = min(items.count, start + size)
        return FeedPage(items: Array(items[start..<end]), isEnd: end == items.count)
    }

    func publish(_ newItems: [VideoItem]) {
        items.insert(contentsOf: newItems, at: 0)
    }

    /// Videos named `prefix-0`, `prefix-1`, …; their covers alternate portrait and landscape.
    static func videos(_ range: Range<Int>, prefix: String = "video") -> [VideoItem] {
        range.map { index in
            VideoItem(
                id: "\(prefix)-\(index)", title: "\(prefix.capitalized) \(index)",
                coverURL: URL(string: "https://example.com/covers/\(prefix)-\(index).jpg")!,
                videoURL: URL(string: "https://example.com/videos/\(prefix)-\(index).mp4")!,
                duration: Double(30 + index), width: 720, height: index.isMultiple(of: 2) ? 1280 : 540)
        }
    }
}
