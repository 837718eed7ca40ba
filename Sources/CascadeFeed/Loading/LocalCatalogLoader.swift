import Foundation

/// Pages one channel of a catalog directory in-process: the app's embedded default.
///
/// Reads `<root>/<channel>/feed.json` once (on the first page) and serves slices of its
/// `info_list`; relative `cover`/`flv` references resolve to file URLs under the catalog root.
/// The last page (and any page past it) has `end` set.
public actor LocalCatalogLoader: FeedLoading {
    /// The catalog root (holding `channels.json`).
    public let root: URL
    /// The channel whose `feed.json` is paged.
    public let channelID: String
    /// The number of the first page.
    public let firstPage: Int
    /// A delay before each page, to simulate a network.
    public let latency: Duration
    private let sleep: @Sendable (Duration) async throws -> Void
    private var entries: [JSONValue]?

    /// Creates a loader for one channel.
    /// - Parameters:
    ///   - root: the catalog directory.
    ///   - channelID: the channel's folder name.
    ///   - firstPage: the number of the first page (0 like the reference).
    ///   - latency: a simulated delay per page (zero for none).
    ///   - sleep: how to wait; injectable for tests.
    public init(
        root: URL, channelID: String, firstPage: Int = 0, latency: Duration = .zero,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.root = root
        self.channelID = channelID
        self.firstPage = firstPage
        self.latency = latency
        self.sleep = sleep
    }

    /// Loads one page from the catalog.
    /// - Throws: `FeedError.unreadableFile`, `.badPayload`, or `.cancelled`.
    public func page(number: Int, size: Int) async throws -> FeedPage {
        if latency > .zero {
            do { try await sleep(latency) } catch { throw FeedError.cancelled }
        }
        if Task.isCancelled { throw FeedError.cancelled }
        let all = try loadEntries()
        let index = number - firstPage
        guard index >= 0, size > 0 else { return FeedPage(items: [], isEnd: true) }
        let (start, overflow) = index.multipliedReportingOverflow(by: size)
        guard !overflow, start < all.count else { return FeedPage(items: [], isEnd: true) }
        let end = min(all.count, start + size)
        let page = FeedPageDecoder(baseURL: Self.directoryURL(root)).decodePage(
            entries: all[start..<end], end: nil)
        return FeedPage(items: page.items, isEnd: end >= all.count, skipped: page.skipped, entryCount: page.entryCount)
    }

    // MARK: Private

    private func loadEntries() throws(FeedError) -> [JSONValue] {
        if let entries { return entries }
        guard !channelID.isEmpty, !channelID.contains("/"), channelID != "..", channelID != "." else {
            throw .unreadableFile(path: channelID)
        }
        let file = root.appendingPathComponent(channelID).appendingPathComponent("feed.json")
        guard let data = try? LocalFileReader(maximumBytes: FeedCatalog.maximumFileBytes).read(file) else {
            throw .unreadableFile(path: file.path)
        }
        let json = try FeedPageDecoder.parse(data)
        guard case .array(let list)? = json["data"]?["info_list"] else {
            throw .badPayload(.wrongShape(path: "data.info_list"))
        }
        entries = list
        return list
    }

    /// The root as a directory URL, so relative references resolve inside it.
    static func directoryURL(_ root: URL) -> URL {
        root.hasDirectoryPath ? root : URL(fileURLWithPath: root.path, isDirectory: true)
    }
}
