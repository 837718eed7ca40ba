import CascadeImages
import CascadeStorage
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
/// - One file per scanned folder, under the app's cache folder, in `FolderMediaCodec`'s line
///   format; written atomically (a temporary file renamed over it) and readable by the user only.
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
        /// Whether its content is a video container (`ContentSignature.isVideo`).
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

    /// The cache file.
    public let url: URL
    /// The folder it describes (a file made for another folder is ignored).
    public let root: String
    /// The most records written and read.
    public let maxEntries: Int

    // MARK: Lifecycle

    /// The cache of `root` under `directory` (`<directory>/folder-media/<MD5 of root>.txt`).
    public init(directory: URL, root: String, maxEntries: Int = FolderMediaCache.defaultMaxEntries) {
        self.root = root
        self.maxEntries = max(0, maxEntries)
        url = directory.appendingPathComponent("folder-media", isDirectory: true).appendingPathComponent(
            MD5.hex(root) + ".txt")
    }

    // MARK: Public API

    /// The stored records by path; empty when the file is missing, too large or damaged.
    public func load() -> [String: Entry] {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= off_t(Self.maxBytes),
            let data = try? Data(contentsOf: url),
            let entries = FolderMediaCodec.decode(Array(data), root: root, maxEntries: maxEntries)
        else { return [:] }
        return entries
    }

    /// Writes `entries` (the newest `maxEntries` when there are more) through `AtomicFile`.
    /// - Throws: `StorageFailure`; the previous file is then left as it was.
    public func save(_ entries: [String: Entry]) throws {
        var kept = Array(entries)
        if kept.count > maxEntries {
            kept.sort { $0.value.mtime > $1.value.mtime }
            kept.removeLast(kept.count - maxEntries)
        }
        let data = FolderMediaCodec.encode(root: root, entries: kept)
        try AtomicFile.write(data, to: url, durability: .cache, permissions: 0o600, folderPermissions: 0o700)
    }

    // MARK: Library state

    /// The content checks and the probe results (entries with a probe) of stored `entries`.
    public static func split(
        _ entries: [String: Entry]
    ) -> (sniffed: [String: FolderScanner.SniffRecord], probes: [String: Entry]) {
        var sniffed: [String: FolderScanner.SniffRecord] = [:]
        sniffed.reserveCapacity(entries.count)
        var probes: [String: Entry] = [:]
        for (path, entry) in entries {
            sniffed[path] = FolderScanner.SniffRecord(
                mtime: entry.mtime, mtimeNanoseconds: entry.mtimeNanoseconds, size: entry.size, isVideo: entry.isVideo)
            if entry.probe != nil { probes[path] = entry }
        }
        return (sniffed, probes)
    }

    /// What is worth storing: each sniffed file version, with its probe when the probe is of
    /// that same version.
    public static func entries(
        sniffed: [String: FolderScanner.SniffRecord], probes: [String: Entry]
    ) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(sniffed.count)
        for (path, record) in sniffed {
            var entry = Entry(
                mtime: record.mtime, mtimeNanoseconds: record.mtimeNanoseconds, size: record.size,
                isVideo: record.isVideo)
            if let probed = probes[path], probed.mtime == record.mtime,
                probed.mtimeNanoseconds == record.mtimeNanoseconds, probed.size == record.size
            {
                entry.probe = probed.probe
            }
            entries[path] = entry
        }
        return entries
    }
}
