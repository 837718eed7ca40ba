import CascadeFeed

/// Where the app's channels and their feeds come from: the channel list, a loader per channel,
/// and which cover and video URLs the items may have. Made from a `FeedCatalog` in the app;
/// tests build one from closures.
public struct ChannelSource: Sendable {
    /// Loads the channel list (and how many channels were dropped over the cap).
    public var channelList: @Sendable () async throws -> ChannelListDecoder.ChannelList
    /// A loader for one channel's feed.
    public var loader: @Sendable (Channel) throws -> any FeedLoading
    /// Which URLs the items may reference.
    public var referencePolicy: FeedReferencePolicy
    /// Every video whose title the given test accepts, for a source that searches its whole
    /// library (a folder); nil from a source whose loaded pages are searched.
    public var librarySearch: @Sendable (@escaping @Sendable (String) -> Bool) -> LibrarySearch?

    /// A source over closures.
    public init(
        channelList: @escaping @Sendable () async throws -> ChannelListDecoder.ChannelList,
        loader: @escaping @Sendable (Channel) throws -> any FeedLoading,
        referencePolicy: FeedReferencePolicy = .remote,
        librarySearch: @escaping @Sendable (@escaping @Sendable (String) -> Bool) -> LibrarySearch? = { _ in nil }
    ) {
        self.channelList = channelList
        self.loader = loader
        self.referencePolicy = referencePolicy
        self.librarySearch = librarySearch
    }

    /// The source of `catalog`.
    public init(catalog: FeedCatalog) {
        self.init(
            channelList: { try await catalog.channelList() }, loader: { try catalog.loader(for: $0) },
            referencePolicy: catalog.referencePolicy, librarySearch: { catalog.searchLibrary(matching: $0) })
    }
}
