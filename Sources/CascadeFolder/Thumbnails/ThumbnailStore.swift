import CascadeStorage
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The freedesktop thumbnail cache (Thumbnail Managing Standard 0.9): finds valid thumbnails,
/// whoever made them, and stores ours so that other programs reuse them.
///
/// - A thumbnail is `<root>/<size>/<MD5 of the file URI>.png`; it is valid for a file when its
///   `Thumb::URI` equals the file's URI, its `Thumb::MTime` the file's modification time and,
///   when present, its `Thumb::Size` the file's size.
/// - Writes go through `AtomicFile` (a cache write), files are created 0600 and folders 0700.
/// - A file that cannot be thumbnailed gets a 1 × 1 PNG with the same text chunks under
///   `fail/<application>-<version>/`, so it is not retried until it changes.
public final class ThumbnailStore: Sendable {
    /// Why storing failed.
    public enum Failure: Error, Equatable {
        /// The bytes given are not a PNG.
        case notPNG
        /// The file system refused (`errno`-style description).
        case io(String)
    }

    /// The cache folder (`$XDG_CACHE_HOME/thumbnails`).
    public let root: URL
    /// The `Software` chunk written into our thumbnails.
    public let software: String
    /// The folder under `fail/` holding this program's failure entries.
    public let failFolderName: String

    // MARK: Lifecycle

    /// Creates a store over `root`.
    /// - Parameters:
    ///   - root: the thumbnail cache (`defaultRoot()` for the user's).
    ///   - application: the program's name, for `Software` and the `fail/` folder.
    ///   - version: the program's version, part of the `fail/` folder's name.
    public init(root: URL, application: String = "cascade", version: String = "1") {
        self.root = root
        self.software = "\(application) \(version)"
        self.failFolderName = "\(application)-\(version)"
    }

    /// `$XDG_CACHE_HOME/thumbnails`, or `~/.cache/thumbnails` when the variable is unset or not
    /// absolute (as the XDG base directory specification requires).
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent(
                "thumbnails", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
            ".cache/thumbnails", isDirectory: true)
    }

    // MARK: Public API

    /// Where the thumbnail of `subject` at `size` lives (whether or not it exists).
    public func url(for subject: ThumbnailSubject, size: ThumbnailSize) -> URL {
        root.appendingPathComponent(size.folderName, isDirectory: true).appendingPathComponent(subject.fileName)
    }

    /// Where the failure entry of `subject` lives.
    public func failureURL(for subject: ThumbnailSubject) -> URL {
        root.appendingPathComponent("fail", isDirectory: true).appendingPathComponent(failFolderName, isDirectory: true)
            .appendingPathComponent(subject.fileName)
    }

    /// A valid existing thumbnail of `subject` at `size` or larger, smallest first.
    public func existing(for subject: ThumbnailSubject, atLeast size: ThumbnailSize) -> URL? {
        for candidate in ThumbnailSize.allCases where candidate >= size {
            let url = url(for: subject, size: candidate)
            if isValid(url, for: subject) { return url }
        }
        return nil
    }

    /// Whether the PNG at `url` is a valid thumbnail (or failure entry) of `subject`.
    public func isValid(_ url: URL, for subject: ThumbnailSubject) -> Bool {
        // Thumbnails are small; anything past 32 MB is not one of them.
        guard let data = try? Data(contentsOf: url), data.count <= 32 << 20, let info = PNGText.read(Array(data))
        else { return false }
        guard info.text["Thumb::URI"] == subject.uri, info.text["Thumb::MTime"].flatMap(Int64.init) == subject.mtime
        else { return false }
        if let size = info.text["Thumb::Size"] { return Int64(size) == subject.size }
        return true
    }

    /// Whether `subject` failed before in its current version (same URI and mtime).
    public func hasFailed(_ subject: ThumbnailSubject) -> Bool {
        isValid(failureURL(for: subject), for: subject)
    }

    /// Stores `png` (any PNG, at most `size.pixels` on its longer edge) as the thumbnail of
    /// `subject`, with the standard's text chunks, atomically.
    /// - Returns: the thumbnail's URL.
    /// - Throws: `Failure`.
    @discardableResult
    public func store(png: [UInt8], for subject: ThumbnailSubject, size: ThumbnailSize) throws(Failure) -> URL {
        let target = url(for: subject, size: size)
        try write(png, for: subject, to: target)
        return target
    }

    /// Records that `subject` could not be thumbnailed.
    /// - Throws: `Failure`.
    public func recordFailure(_ subject: ThumbnailSubject) throws(Failure) {
        let pixel = StoredPNG.encode(width: 1, height: 1, rgb: [0, 0, 0])!
        try write(pixel, for: subject, to: failureURL(for: subject))
    }

    // MARK: Private

    private func write(_ png: [UInt8], for subject: ThumbnailSubject, to target: URL) throws(Failure) {
        let entries: [(key: String, value: String)] = [
            ("Thumb::URI", subject.uri), ("Thumb::MTime", String(subject.mtime)), ("Thumb::Size", String(subject.size)),
            ("Software", software),
        ]
        guard let bytes = PNGText.inserting(entries, into: png) else { throw .notPNG }
        do {
            try AtomicFile.write(bytes, to: target, durability: .cache, permissions: 0o600, folderPermissions: 0o700)
        } catch {
            throw .io(error.description)
        }
    }
}
