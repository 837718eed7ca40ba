import CascadeStorage
import Foundation

/// Keeps the last good first page of one feed on disk, so the next start can show it at once.
///
/// Reads are synchronous (a first page is a few kilobytes, and the first paint needs it now);
/// writes go to a serial background queue through `AtomicFile` (a cache write: no fsync), so a
/// crash leaves the old or the new page, never a torn one, and a full disk leaves the old page.
/// Temporary files a crash left behind are removed when the cache is created.
///
/// The stored file is input from outside like any other: it is read only if it is a regular file
/// under `maximumBytes`, and every restored item passes `VideoItem.validated(by:)` with the
/// feed's policy, as a fresh one does (a page persisted before a crash cannot crash every
/// later start).
public final class FeedPageCache: Sendable {
    /// The largest page file read back (a first page is a few kilobytes).
    public static let maximumBytes = 8 * 1024 * 1024

    /// The file holding the page.
    public let fileURL: URL
    /// The policy restored items must pass.
    public let policy: FeedReferencePolicy
    private let queue: DispatchQueue

    /// Creates a cache for one feed.
    /// - Parameters:
    ///   - directory: the cache directory (created on the first write).
    ///   - key: names the feed, e.g. the channel id. The file name is a readable form of the key
    ///     (letters, digits, `-`, `_`; at most 40) plus a hash of the whole key, so different keys
    ///     never share a file (`a/b` and `a_b` differ).
    ///   - policy: which cover and video URLs restored items may have (`.remote` for a feed over
    ///     HTTP, the catalog's policy for a local catalog).
    public init(directory: URL, key: String, policy: FeedReferencePolicy = .remote) {
        fileURL = directory.appendingPathComponent(Self.fileName(forKey: key))
        self.policy = policy
        queue = DispatchQueue(label: "cascade.feed-page-cache")
        AtomicFile.sweepOnce(directory.standardizedFileURL.path)
    }

    /// The file name a key maps to: `feed-<readable>-<hash>.json`.
    public static func fileName(forKey key: String) -> String {
        let readable = String(key.unicodeScalars.prefix(40).map { allowed.contains($0) ? Character($0) : "_" })
        let hash = StableID.derived(fromText: key).dropFirst(2)
        return "feed-\(readable)-\(hash).json"
    }

    /// The stored page, or nil when there is none or it cannot be read. Items the policy refuses
    /// are dropped (recorded in `skipped`); their durations are clamped.
    public func load() -> FeedPage? {
        // LocalFileReader reads through a file handle: `Data(contentsOf:)` leaks a 4 KiB buffer
        // for every empty file (Swift 6.3.1 Foundation; Docs/RELIABILITY.md).
        guard let data = try? LocalFileReader(maximumBytes: Self.maximumBytes).read(fileURL),
            let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.version == Stored.currentVersion
        else { return nil }
        var items: [VideoItem] = []
        var skipped = stored.page.skipped
        for (index, item) in stored.page.items.enumerated() {
            switch item.validated(by: policy) {
            case .success(let valid): items.append(valid)
            case .failure(let reason): skipped.append(SkippedItem(index: index, reason: reason))
            }
        }
        return FeedPage(items: items, isEnd: stored.page.isEnd, skipped: skipped, entryCount: stored.page.entryCount)
    }

    /// The most items stored: enough for the first screens (a hostile first page of 110,000
    /// items would otherwise be encoded and written whole).
    public static let maximumStoredItems = 500

    /// Replaces the stored page (in the background); at most `maximumStoredItems` items are
    /// kept, and a cut page is not the last one.
    public func store(_ page: FeedPage) {
        let page =
            page.items.count > Self.maximumStoredItems
            ? FeedPage(items: Array(page.items.prefix(Self.maximumStoredItems)), isEnd: false) : page
        let target = fileURL
        queue.async {
            try? Self.write(page, to: target)
        }
    }

    /// Waits until every pending write has finished.
    public func flush() {
        queue.sync {}
    }

    /// Deletes the stored page.
    public func remove() {
        let target = fileURL
        queue.sync { try? FileManager.default.removeItem(at: target) }
    }

    // MARK: Private

    private struct Stored: Codable {
        // 2: video URLs are the ones played (the `.flv` rule applied when decoding); version-1
        // pages hold `.flv` URLs that would not be rewritten.
        static let currentVersion = 2
        var version: Int
        var page: FeedPage
    }

    private static let allowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")

    private static func write(_ page: FeedPage, to target: URL) throws {
        let data = try JSONEncoder().encode(Stored(version: Stored.currentVersion, page: page))
        try AtomicFile.write(data, to: target, durability: .cache)
    }
}
