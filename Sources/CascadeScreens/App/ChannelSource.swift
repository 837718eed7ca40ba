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

    /// A source over closures.
    public init(
        channelList: @escaping @Sendable () async throws -> ChannelListDecoder.ChannelList,
        loader: @escaping @Sendable (Channel) throws -> any FeedLoading,
        referencePolicy: FeedReferencePolicy = .remote
    ) {
        self.channelList = channelList
        self.loader = loader
        self.referencePolicy = referencePolicy
    }

    /// The source of `catalog`.
    public init(catalog: FeedCatalog) {
        self.init(
            channelList: { try await catalog.channelList() }, loader: { try catalog.loader(for: $0) },
            referencePolicy: catalog.referencePolicy)
    }
}
