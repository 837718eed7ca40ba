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
        pages(from: number, count: 1, size: size)
    }

    /// The first `count` pages of `size` results as one page, at once: what a search feed
    /// that had loaded `count` pages shows of these results.
    public func firstPages(_ count: Int, size: Int) -> FeedPage {
        pages(from: 0, count: count, size: size)
    }

    // MARK: Private

    private func pages(from number: Int, count: Int, size: Int) -> FeedPage {
        let size = max(1, size)
        let start = min(items.count, max(0, number).multipliedReportingOverflow(by: size).partialValue)
        let end = items.count - start <= max(1, count) * size ? items.count : start + max(1, count) * size
        return FeedPage(items: Array(items[start..<end]), isEnd: end >= items.count)
    }
}
