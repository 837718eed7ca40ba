import CascadeImages
import CascadeStorage
import Foundation

/// The seek-preview sprites made so far: `<root>/<MD5 of the video's URI>.png`, valid for the
/// video while their text chunks name its URI, modification time, size and the plan's duration
/// and tile count; at most `budget` bytes in all, the least recently used removed first.
///
/// Writes go through `AtomicFile` (a cache write: a torn or stale file is simply remade), files
/// are 0600 and the folder 0700. A sprite is read back only up to 32 MB.
public final class SeekPreviewStore: Sendable {
    /// The folder (`$XDG_CACHE_HOME/cascade/seek-previews`).
    public let root: URL
    /// The most bytes the sprites may take together.
    public let budget: Int

    /// Creates a store over `root` holding at most `budget` bytes (48 MB by default: about 300
    /// sprites of 100 tiles).
    public init(root: URL, budget: Int = 48 << 20) {
        self.root = root
        self.budget = max(0, budget)
    }

    /// `seek-previews` in Cascade's cache folder `cacheDirectory`.
    public convenience init(cacheDirectory: URL) {
        self.init(root: cacheDirectory.appendingPathComponent("seek-previews", isDirectory: true))
    }

    /// Where the sprite of `subject` lives (whether or not it exists).
    public func url(for subject: ThumbnailSubject) -> URL {
        root.appendingPathComponent(subject.fileName)
    }

    /// The stored sprite of `subject` made by `plan`, or nil when there is none or it is for
    /// another version of the file or another plan. A hit marks the sprite as recently used.
    public func load(for subject: ThumbnailSubject, plan: SeekPreviewPlan) -> [UInt8]? {
        let url = url(for: subject)
        guard let data = try? Data(contentsOf: url), data.count <= 32 << 20 else { return nil }
        let bytes = Array(data)
        guard let info = PNGText.read(bytes), info.width == plan.spriteWidth, info.height == plan.spriteHeight,
            info.text == Self.text(subject, plan).reduce(into: [:], { $0[$1.key] = $1.value })
        else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return bytes
    }

    /// Stores `png` as the sprite of `subject` made by `plan`, then removes the least recently
    /// used sprites until the store is within its budget.
    /// - Throws: `AtomicFile.Failure` when the file cannot be written (a full or read-only disk:
    ///   the caller keeps the sprite in memory), `SeekPreviewStore.NotPNG` for bytes that are not a PNG.
    public func store(_ png: [UInt8], for subject: ThumbnailSubject, plan: SeekPreviewPlan) throws {
        guard let bytes = PNGText.inserting(Self.text(subject, plan), into: png) else { throw NotPNG() }
        try AtomicFile.write(
            bytes, to: url(for: subject), durability: .cache, permissions: 0o600, folderPermissions: 0o700)
        trim()
    }

    /// The bytes given to `store` are not a PNG.
    public struct NotPNG: Error {}

    /// Removes the least recently used sprites until the rest fit in `budget`.
    ///
    /// - Complexity: O(*n* log *n*) for *n* sprites.
    public func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard
            let files = try? FileManager.default.contentsOfDirectory(
                at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return }
        var entries: [(url: URL, size: Int, used: Date)] = files.compactMap { url in
            guard url.pathExtension == "png", let values = try? url.resourceValues(forKeys: Set(keys)),
                values.isRegularFile == true
            else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > budget else { return }
        entries.sort { $0.used < $1.used }
        for entry in entries where total > budget {
            if (try? FileManager.default.removeItem(at: entry.url)) != nil { total -= entry.size }
        }
    }

    // MARK: Private

    private static func text(_ subject: ThumbnailSubject, _ plan: SeekPreviewPlan) -> [(key: String, value: String)] {
        [
            ("Cascade::URI", subject.uri), ("Cascade::MTime", String(subject.mtime)),
            ("Cascade::Size", String(subject.size)), ("Cascade::Duration", String(plan.duration)),
            ("Cascade::Tiles", String(plan.count)),
        ]
    }
}
