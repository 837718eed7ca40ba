import CascadeFeed

/// The items a search shows, served as pages so the results are a feed like any other: either
/// the matches among the items already loaded (in order, each once by id), or, for a catalog
/// that searches its whole library (a folder), every match it found, loaded or not.
public struct SearchResults: FeedLoading {
    /// The matching loaded items, in the order given (empty for a whole-library search, whose
    /// matches load page by page).
    public let items: [VideoItem]
    /// How many videos matched.
    public let count: Int
    private let library: LibrarySearch?

    /// Filters `items` by `matcher`, dropping later repeats of an id (a video in two channels).
    ///
    /// - Complexity: O(*n*) matcher calls for *n* items.
    public init(items: [VideoItem], matcher: TitleMatcher) {
        var seen = Set<String>()
        self.items = items.filter { seen.insert($0.id).inserted && matcher.matches($0.title) }
        count = self.items.count
        library = nil
    }

    /// The matches a catalog found in its whole library, paged by its loader.
    public init(library: LibrarySearch) {
        items = []
        count = library.count
        self.library = library
    }

    /// Whether nothing matched.
    public var isEmpty: Bool { count == 0 }

    /// Page `number` (from 0) of `size` results; the last page says it is the end.
    /// - Throws: what the library's loader throws (`FeedError`).
    public func page(number: Int, size: Int) async throws -> FeedPage {
        if let library { return try await library.loader.page(number: number, size: size) }
        return pages(from: number, count: 1, size: size)
    }

    /// The first `count` pages of `size` results as one page, at once: what a search feed that
    /// had loaded `count` pages shows of these results; nil for a library's matches, which its
    /// loader pages.
    public func firstPages(_ count: Int, size: Int) -> FeedPage? {
        guard library == nil else { return nil }
        return pages(from: 0, count: count, size: size)
    }

    // MARK: Private

    private func pages(from number: Int, count: Int, size: Int) -> FeedPage {
        let size = max(1, size)
        let start = min(items.count, max(0, number).multipliedReportingOverflow(by: size).partialValue)
        let end = items.count - start <= max(1, count) * size ? items.count : start + max(1, count) * size
        return FeedPage(items: Array(items[start..<end]), isEnd: end >= items.count)
    }
}
