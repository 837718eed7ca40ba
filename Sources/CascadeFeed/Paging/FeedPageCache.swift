import Foundation

/// Keeps the last good first page of one feed on disk, so the next start can show it at once.
///
/// Reads are synchronous (a first page is a few kilobytes, and the first paint needs it now);
/// writes go to a serial background queue and are atomic: the page is written to a temporary file
/// in the same directory and renamed over the old one, so a crash leaves the old or the new page,
/// never a torn one.
public final class FeedPageCache: Sendable {
    /// The file holding the page.
    public let fileURL: URL
    private let queue: DispatchQueue

    /// Creates a cache for one feed.
    /// - Parameters:
    ///   - directory: the cache directory (created on the first write).
    ///   - key: names the feed, e.g. the channel id; characters other than letters, digits, `-`
    ///     and `_` are replaced so any key makes a safe file name.
    public init(directory: URL, key: String) {
        let safe = String(key.unicodeScalars.map { Self.allowed.contains($0) ? Character($0) : "_" })
        fileURL = directory.appendingPathComponent("feed-\(safe.isEmpty ? "_" : safe).json")
        queue = DispatchQueue(label: "cascade.feed-page-cache")
    }

    /// The stored page, or nil when there is none or it cannot be read.
    public func load() -> FeedPage? {
        // Read through a file handle: `Data(contentsOf:)` leaks a 4 KiB buffer for every empty
        // file it reads (Swift 6.3.1 Foundation; found by the persisted-page fuzzer).
        guard let handle = try? FileHandle(forReadingFrom: fileURL) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd(),
            let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.version == Stored.currentVersion
        else { return nil }
        return stored.page
    }

    /// Replaces the stored page (in the background).
    public func store(_ page: FeedPage) {
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
        static let currentVersion = 1
        var version: Int
        var page: FeedPage
    }

    private static let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))

    private static func write(_ page: FeedPage, to target: URL) throws {
        let directory = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let data = try JSONEncoder().encode(Stored(version: Stored.currentVersion, page: page))
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
