/// What a search of a whole library found: how many videos match and a loader paging them.
/// A catalog that knows every video it holds without loading its pages (a folder) answers a
/// search with one (`FeedCatalogProviding.searchLibrary(matching:)`); others search what is loaded.
public struct LibrarySearch: Sendable {
    /// How many videos matched (a file the catalog cannot play may still be left out of its page).
    public var count: Int
    /// Pages the matches in the order the catalog lists its videos.
    public var loader: any FeedLoading

    /// Creates the answer of a search.
    public init(count: Int, loader: any FeedLoading) {
        self.count = max(0, count)
        self.loader = loader
    }
}
