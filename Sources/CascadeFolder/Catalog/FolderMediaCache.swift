import CascadeFeed
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a folder feed learned about its files, kept between launches: for each file version
/// (path, mtime, size) whether its content is a video and what the probe read (duration and
/// size) or why it failed. A second launch on a large folder neither reopens every file to
/// sniff it nor probes again what it already showed.
///
/// - One file per scanned folder, under the app's cache folder; written atomically (a
///   temporary file renamed over it) and readable by the user only.
/// - Bounded: at most `maxEntries` records are written (the newest files kept), a file larger
///   than `maxBytes` is not read, every number is clamped as it is read.
/// - A damaged, foreign or truncated file is ignored as a whole (the feed probes again); a
///   record whose file changed no longer matches and is replaced.
/// - A probe that timed out is not kept: on a loaded machine it may succeed next time.
public struct FolderMediaCache: Sendable {
    /// One file version's findings.
    public struct Entry: Hashable, Sendable {
        /// The file's mtime (seconds and nanoseconds) and size when it was examined.
        public var mtime: Int64, mtimeNanoseconds: Int64, size: Int64
        /// Whether its content is a video container (`VideoSniffer`).
        public var isVideo: Bool
        /// The probe's result, or nil when the file was not probed yet.
        public var probe: Result<VideoProbe, VideoProbeError>?

        /// Creates an entry.
        public init(
            mtime: Int64, mtimeNanoseconds: Int64, size: Int64, isVideo: Bool,
            probe: Result<VideoProbe, VideoProbeError>? = nil
        ) {
            self.mtime = mtime
            self.mtimeNanoseconds = mtimeNanoseconds
            self.size = size
            self.isVideo = isVideo
            self.probe = probe
        }

        /// Whether the entry describes `file` as it is now.
        public func matches(_ file: VideoFile) -> Bool {
            mtime == file.mtime && mtimeNanoseconds == file.mtimeNanoseconds && size == file.size
        }
    }

    /// The most records kept by default (a scan lists at most `FolderScanner.Limits.maxFiles`
    /// videos).
    public static let defaultMaxEntries = 200_000
    /// Files larger than this are not read (a record takes about 150 bytes).
    public static let maxBytes = 64 << 20
    private static let version = 1

    /// The cache file.
    public let url: URL
    /// The folder it describes (a file made for another folder is ignored).
    public let root: String
    /// The most records written and read.
    public let maxEntries: Int

    // MARK: Lifecycle

    /// The cache of `root` under `directory` (`<directory>/folder-media/<MD5 of root>.json`).
    public init(directory: URL, root: String, maxEntries: Int = FolderMediaCache.defaultMaxEntries) {
        self.root = root
        self.maxEntries = max(0, maxEntries)
        url = directory.appendingPathComponent("folder-media", isDirectory: true).appendingPathComponent(
            MD5.hex(root) + ".json")
    }

    // MARK: Public API

    /// The stored records by path; empty when the file is missing, too large or damaged.
    public func load() -> [String: Entry] {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= off_t(Self.maxBytes),
            let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["version"] as? Int == Self.version, object["root"] as? String == root,
            let rows = object["entries"] as? [[Any]]
        else { return [:] }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(min(rows.count, maxEntries))
        for row in rows.prefix(maxEntries) {
            guard let (path, entry) = Self.entry(from: row) else { return [:] }
            entries[path] = entry
        }
        return entries
    }

    /// Writes `entries` (the newest `maxEntries` when there are more) atomically.
    /// - Throws: a file-system error; the previous file is then left as it was.
    public func save(_ entries: [String: Entry]) throws {
        var kept = Array(entries)
        if kept.count > maxEntries {
            kept.sort { $0.value.mtime > $1.value.mtime }
            kept.removeLast(kept.count - maxEntries)
        }
        let rows = kept.map { Self.row(path: $0.key, entry: $0.value) }
        let data = try JSONSerialization.data(withJSONObject: [
            "version": Self.version, "root": root, "entries": rows,
        ])
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path]) }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    // MARK: Private

    /// `[path, mtime, nanoseconds, size, isVideo, kind, duration, width, height, message]`, kind
    /// "" (not probed), "ok", "novideo" or "unreadable".
    private static func row(path: String, entry: Entry) -> [Any] {
        var row: [Any] = [path, entry.mtime, entry.mtimeNanoseconds, entry.size, entry.isVideo]
        switch entry.probe {
        case .success(let probe)?:
            row += ["ok", probe.duration.map { $0 as Any } ?? NSNull(), probe.width, probe.height, ""]
        case .failure(.noVideo)?: row += ["novideo", NSNull(), 0, 0, ""]
        case .failure(.unreadable(let message))?: row += ["unreadable", NSNull(), 0, 0, String(message.prefix(200))]
        case .failure(.timedOut)?, nil: row += ["", NSNull(), 0, 0, ""]
        }
        return row
    }

    private static func entry(from row: [Any]) -> (String, Entry)? {
        guard row.count == 10, let path = row[0] as? String, path.hasPrefix("/"), path.utf8.count <= 4096,
            let mtime = (row[1] as? NSNumber)?.int64Value, let nanos = (row[2] as? NSNumber)?.int64Value,
            let size = (row[3] as? NSNumber)?.int64Value, let isVideo = row[4] as? Bool, let kind = row[5] as? String
        else { return nil }
        var entry = Entry(
            mtime: mtime, mtimeNanoseconds: min(max(nanos, 0), 999_999_999), size: max(size, 0), isVideo: isVideo)
        switch kind {
        case "": break
        case "ok":
            guard let width = (row[7] as? NSNumber)?.intValue, let height = (row[8] as? NSNumber)?.intValue else {
                return nil
            }
            let duration = (row[6] as? NSNumber)?.doubleValue
            // The probe's own bounds: a display size of 1…65,536 pixels, a feed's longest duration.
            entry.probe = .success(
                VideoProbe(
                    duration: duration.flatMap { $0.isFinite && $0 >= 0 ? min($0, VideoItem.maximumDuration) : nil },
                    width: min(max(width, 1), 1 << 16), height: min(max(height, 1), 1 << 16)))
        case "novideo": entry.probe = .failure(.noVideo)
        case "unreadable": entry.probe = .failure(.unreadable(String((row[9] as? String ?? "").prefix(200))))
        default: return nil
        }
        return (path, entry)
    }
}
