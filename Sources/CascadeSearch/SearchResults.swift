import CascadeFeed

/// The items a search shows: those of `items` (already loaded, in order, each once by id) whose
/// titles match, served as pages so the results are a feed like any other.
public struct SearchResults: FeedLoading {
    /// The matching items, in the order given.
    public let items: [VideoItem]

    /// Filters `items` by `matcher`, dropping later repeats of an id (a video in two channels).
    ///
    /// - Complexity: O(*n*) matcher calls for *n* items.
    public init(items: [VideoItem], matcher: TitleMatcher) {
        var seen = Set<String>()
        self.items = items.filter { seen.insert($0.id).inserted && matcher.matches($0.title) }
    }

    /// Page `number` (from 0) of `size` results; the last page says it is the end.
    public func page(number: Int, size: Int) async throws -> FeedPage {
        let size = max(1, size)
        let start = min(items.count, max(0, number) * size)
        let end = min(items.count, start + size)
        return FeedPage(items: Array(items[start..<end]), isEnd: end >= items.count)
    }
}
