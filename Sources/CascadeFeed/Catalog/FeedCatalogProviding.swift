/// A catalog implemented outside this module (for example a folder of the user's videos): its
/// channels, a loader per channel, and a status line the host shows above the feed.
public protocol FeedCatalogProviding: Sendable {
    /// Loads the channel list.
    /// - Throws: `FeedError`.
    func channels() async throws -> [Channel]
    /// A loader for one channel's feed.
    /// - Throws: `FeedError`.
    func loader(for channel: Channel, firstPage: Int) throws -> any FeedLoading
    /// Which cover and video URLs the catalog's items may have (restored pages are checked too).
    var referencePolicy: FeedReferencePolicy { get }
    /// Status lines as they change (for example "Scanning… 120 videos"); one consumer.
    func statusLines() -> AsyncStream<String>
    /// Whether what the catalog shows is out of date (its source changed since it was read):
    /// a refresh brings it up to date. Read when a status line arrives.
    var isStale: Bool { get }
    /// Every video of the catalog whose title `matches` accepts, loaded or not, or nil when the
    /// catalog can only search the pages it loaded (the host then filters those).
    func searchLibrary(matching matches: @escaping @Sendable (String) -> Bool) -> LibrarySearch?
}

extension FeedCatalogProviding {
    /// No status lines.
    public func statusLines() -> AsyncStream<String> { AsyncStream { $0.finish() } }
    /// Never stale.
    public var isStale: Bool { false }
    /// No whole-library search: the loaded pages are searched.
    public func searchLibrary(matching matches: @escaping @Sendable (String) -> Bool) -> LibrarySearch? { nil }
}
