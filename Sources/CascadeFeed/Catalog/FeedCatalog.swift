import Foundation

/// Where the app's channels and their feeds come from, and how to build a loader for each.
///
/// ```swift
/// let catalog = FeedCatalog.directory(URL(fileURLWithPath: "demo-catalog"))
/// let channels = try await catalog.channels()
/// let pager = FeedPager(loader: try catalog.loader(for: channels[0]))
/// ```
public enum FeedCatalog: Sendable {
    /// A catalog directory read in-process (`channels.json`, `<channel>/feed.json`), with an
    /// optional simulated latency per page.
    case directory(URL, latency: Duration = .zero)
    /// A server speaking `feed_server.py`'s protocol: `GET <base>/channels.json` and
    /// `GET <base>/feed/<channel>?page=P&size=S`.
    case server(baseURL: URL, fetcher: HTTPFetcher = HTTPFetcher())
    /// A single feed URL template (`--feed-url`), presented as one channel, `FeedCatalog.singleChannel`.
    case feedURL(template: String, fetcher: HTTPFetcher = HTTPFetcher())
    /// A catalog implemented elsewhere, such as a folder of videos (`CascadeFolder.FolderCatalog`).
    case provider(any FeedCatalogProviding)

    /// The channel `feedURL` catalogs present.
    public static let singleChannel = Channel(id: "feed", title: "Feed")

    /// The largest catalog file (`channels.json`, a `feed.json`) read from disk.
    public static let maximumFileBytes = 64 * 1024 * 1024

    /// Which cover and video URLs this catalog's items may have: a directory's own files, or
    /// http(s) only for a server or feed URL.
    public var referencePolicy: FeedReferencePolicy {
        switch self {
        case .directory(let root, _): .localCatalog(root: LocalCatalogLoader.directoryURL(root))
        case .server, .feedURL: .remote
        case .provider(let provider): provider.referencePolicy
        }
    }

    /// Loads the channel list (at most `ChannelListDecoder.maximumChannels`).
    /// - Throws: `FeedError` (an unreadable or malformed `channels.json`, HTTP errors).
    public func channels() async throws -> [Channel] {
        try await channelList().channels
    }

    /// Loads the channel list and how many channels were dropped over the cap.
    /// - Throws: `FeedError` (an unreadable or malformed `channels.json`, HTTP errors).
    public func channelList() async throws -> ChannelListDecoder.ChannelList {
        switch self {
        case .directory(let root, _):
            let file = root.appendingPathComponent("channels.json")
            guard let data = try? LocalFileReader(maximumBytes: Self.maximumFileBytes).read(file) else {
                throw FeedError.unreadableFile(path: file.path)
            }
            return try ChannelListDecoder.decodeList(data)
        case .server(let base, let fetcher):
            let data = try await fetcher.fetch(Self.directory(base).appendingPathComponent("channels.json"))
            return try ChannelListDecoder.decodeList(data)
        case .feedURL:
            return ChannelListDecoder.ChannelList(channels: [Self.singleChannel], droppedCount: 0)
        case .provider(let provider):
            return ChannelListDecoder.ChannelList(channels: try await provider.channels(), droppedCount: 0)
        }
    }

    /// A loader for one channel's feed.
    /// - Throws: `FeedError.invalidURL` for a bad feed URL template.
    public func loader(for channel: Channel, firstPage: Int = 0) throws -> any FeedLoading {
        switch self {
        case .directory(let root, let latency):
            return LocalCatalogLoader(root: root, channelID: channel.id, firstPage: firstPage, latency: latency)
        case .server(let base, let fetcher):
            let root = Self.directory(base)
            let encoded = channel.id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? channel.id
            let template = root.appendingPathComponent("feed").absoluteString + "/" + encoded
            return try HTTPFeedLoader(template: template, baseURL: root, fetcher: fetcher)
        case .feedURL(let template, let fetcher):
            return try HTTPFeedLoader(template: template, fetcher: fetcher)
        case .provider(let provider):
            return try provider.loader(for: channel, firstPage: firstPage)
        }
    }

    /// Every video whose title `matches` accepts, for a catalog that can search its whole
    /// library (a provider such as a folder); nil for the others, whose loaded pages are searched.
    public func searchLibrary(matching matches: @escaping @Sendable (String) -> Bool) -> LibrarySearch? {
        guard case .provider(let provider) = self else { return nil }
        return provider.searchLibrary(matching: matches)
    }

    static func directory(_ url: URL) -> URL {
        url.hasDirectoryPath ? url : URL(string: url.absoluteString + "/") ?? url
    }
}
