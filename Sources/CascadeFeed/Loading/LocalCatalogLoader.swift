import Foundation

/// Pages one channel of a catalog directory in-process: the app's embedded default.
///
/// Reads and validates `<root>/<channel>/feed.json` once (on the first page), keeping only where
/// each `info_list` entry lies in the file (`CatalogEntryIndex`), and reads a page's entries
/// again from those bytes when it is asked for: a catalog of 100,000 entries keeps 800 KB, not
/// the ~90 MB of its parsed entries. When the file changes (another file number, size or
/// modification time) it is indexed again, and later pages come from the new contents.
/// Relative `cover`/`flv` references resolve to file URLs under the catalog root. The last page
/// (and any page past it) has `end` set.
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
    private var index: CatalogEntryIndex?

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
        let (page, overflow) = number.subtractingReportingOverflow(firstPage)
        guard let (entries, isEnd) = try entries(page: overflow ? -1 : page, size: size) else {
            return FeedPage(items: [], isEnd: true)
        }
        let decoded = FeedPageDecoder(baseURL: Self.directoryURL(root)).decodePage(entries: entries, end: nil)
        return FeedPage(items: decoded.items, isEnd: isEnd, skipped: decoded.skipped, entryCount: decoded.entryCount)
    }

    // MARK: Private

    /// The entries of page `page` (counted from 0) and whether it is the last one; nil before
    /// the first page and past the end. Read from the file through the index; when those bytes no longer hold the entries
    /// (the file changed between the version check and the read), indexed again once.
    private func entries(page: Int, size: Int) throws(FeedError) -> (entries: [JSONValue], isEnd: Bool)? {
        for attempt in 0..<2 {
            let index = try currentIndex(reindex: attempt > 0)
            guard page >= 0, size > 0 else { return nil }
            let (start, overflow) = page.multipliedReportingOverflow(by: size)
            guard !overflow, start < index.count else { return nil }
            let range = start..<min(index.count, start + min(size, index.count - start))
            let bytes = index.byteRange(of: range)
            guard let data = try? reader.read(try feedFile(), bytes: bytes), data.count == bytes.count,
                let entries = CatalogEntryIndex.entries(range, from: data)
            else { continue }
            return (entries, range.upperBound >= index.count)
        }
        throw .badPayload(.wrongShape(path: "data.info_list"))
    }

    /// The index of the feed file as it is now: the one kept while the file's version is the
    /// same, else a new one from a full read and parse.
    private func currentIndex(reindex: Bool) throws(FeedError) -> CatalogEntryIndex {
        let file = try feedFile()
        let version = reader.version(of: file)
        if !reindex, let index, version != nil, index.version == version { return index }
        index = nil
        guard let data = try? reader.read(file) else { throw .unreadableFile(path: file.path) }
        let fresh = try CatalogEntryIndex(data: data, version: version)
        index = fresh
        return fresh
    }

    private func feedFile() throws(FeedError) -> URL {
        guard !channelID.isEmpty, !channelID.contains("/"), channelID != "..", channelID != "." else {
            throw .unreadableFile(path: channelID)
        }
        return root.appendingPathComponent(channelID).appendingPathComponent("feed.json")
    }

    private var reader: LocalFileReader { LocalFileReader(maximumBytes: FeedCatalog.maximumFileBytes) }

    /// The root as a directory URL, so relative references resolve inside it.
    static func directoryURL(_ root: URL) -> URL {
        root.hasDirectoryPath ? root : URL(fileURLWithPath: root.path, isDirectory: true)
    }
}
