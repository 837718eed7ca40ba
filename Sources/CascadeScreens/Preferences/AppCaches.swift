import CascadeStorage
import Foundation

/// The caches the app keeps under `$XDG_CACHE_HOME/cascade` and Preferences' "Clear cache"
/// counts and empties: the image disk cache, the persisted feed pages, the folder media cache
/// and whatever else the app stores there. Two things are left alone: the demo catalogs there
/// (`demo-catalog*`: content, which would have to be made again) and the freedesktop thumbnails
/// under `~/.cache/thumbnails`, which belong to the desktop and are not inside this folder.
///
/// Clearing is safe while the app runs: the cache folders stay (stores write into them through
/// `AtomicFile`, which makes a missing folder again anyway), a temporary file whose writer is
/// alive is left to its rename, and symbolic links are removed, never followed.
///
/// ```swift
/// let caches = AppCaches(root: DemoCatalog.defaultDirectory.deletingLastPathComponent())
/// caches.size()   // bytes on disk now
/// caches.clear()  // then size() is 0 (in-flight writes aside)
/// ```
public struct AppCaches: Sendable {
    /// `$XDG_CACHE_HOME/cascade`.
    public let root: URL
    /// The deepest folder level walked (the caches are at most two levels deep).
    public static let maximumDepth = 8

    /// The caches under `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    // MARK: Public API

    /// Whether the top-level entry `name` of the cache folder is one the app may clear.
    public static func isClearable(_ name: String) -> Bool {
        !name.hasPrefix("demo-catalog")
    }

    /// The bytes the clearable caches take on disk now (files' sizes; links count as nothing).
    /// - Complexity: one `lstat` per entry, at most `maximumDepth` levels down.
    public func size() -> Int64 {
        clearableEntries().reduce(0) { $0 + Self.size(of: $1, depth: 0) }
    }

    /// Empties every clearable cache, keeping its folder; returns the bytes left (files being
    /// written now, or ones that could not be removed).
    @discardableResult
    public func clear() -> Int64 {
        for entry in clearableEntries() { Self.empty(entry, depth: 0, keepFolder: true) }
        return size()
    }

    // MARK: Private

    private func clearableEntries() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter(Self.isClearable).sorted().map { root.appendingPathComponent($0) }
    }

    private static func kind(_ url: URL) -> (isFolder: Bool, size: Int64)? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
        let isFile = (status.st_mode & S_IFMT) == S_IFREG
        return (isFolder, isFile ? Int64(truncatingIfNeeded: status.st_size) : 0)
    }

    private static func size(of url: URL, depth: Int) -> Int64 {
        guard let kind = kind(url) else { return 0 }
        guard kind.isFolder else { return kind.size }
        guard depth < maximumDepth else { return 0 }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.reduce(0) { $0 + size(of: url.appendingPathComponent($1), depth: depth + 1) }
    }

    /// Removes `url` (its contents only when `keepFolder`), sparing live temporary files.
    private static func empty(_ url: URL, depth: Int, keepFolder: Bool) {
        guard let kind = kind(url) else { return }
        guard kind.isFolder else {
            if let temporary = TemporaryFileName(parsing: url.lastPathComponent), !temporary.writerIsGone { return }
            unlink(url.path)
            return
        }
        guard depth < maximumDepth else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names { empty(url.appendingPathComponent(name), depth: depth + 1, keepFolder: false) }
        if !keepFolder { rmdir(url.path) }
    }
}
