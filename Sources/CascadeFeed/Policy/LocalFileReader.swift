import Foundation

/// Reads a local file the way every input from outside must be read: regular files only, the
/// size checked before reading, and never more than the limit read even if the file grows.
///
/// `/dev/zero`, FIFOs, sockets and directories are refused before they are opened (opening a
/// FIFO would block); `/proc` files, which report a size of 0, still stop at the limit.
///
/// ```swift
/// let data = try LocalFileReader(maximumBytes: 1 << 20).read(catalog.appendingPathComponent("channels.json"))
/// ```
public struct LocalFileReader: Sendable {
    /// The largest file accepted, in bytes.
    public var maximumBytes: Int

    /// Creates a reader accepting files up to `maximumBytes` (at least 1).
    public init(maximumBytes: Int) {
        self.maximumBytes = max(1, maximumBytes)
    }

    /// The contents of `url`.
    /// - Throws: `LocalFileError`.
    public func read(_ url: URL) throws(LocalFileError) -> Data {
        guard url.isFileURL else { throw .notAFile(url.absoluteString) }
        let values: URLResourceValues
        do {
            values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
        } catch {
            throw .unreadable(url.path)
        }
        guard values.isRegularFile == true else { throw .notARegularFile(url.path) }
        if let size = values.fileSize, size > maximumBytes { throw .tooLarge(limit: maximumBytes) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadable(url.path)
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw .unreadable(url.path)
        }
        guard data.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        return data
    }

    /// The bytes `range` of `url` (fewer when the file is shorter), with the same checks as
    /// `read(_:)`: a regular file, never more than `maximumBytes` read.
    /// - Throws: `LocalFileError`.
    func read(_ url: URL, bytes range: Range<Int>) throws(LocalFileError) -> Data {
        guard url.isFileURL else { throw .notAFile(url.absoluteString) }
        guard range.count <= maximumBytes, range.lowerBound >= 0 else { throw .tooLarge(limit: maximumBytes) }
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else {
            throw .notARegularFile(url.path)
        }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(range.lowerBound))
            return try handle.read(upToCount: range.count) ?? Data()
        } catch {
            throw .unreadable(url.path)
        }
    }

    /// What tells one version of a file from another without reading it: its file number,
    /// size and modification time; nil when the file cannot be examined.
    func version(of url: URL) -> FileVersion? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        return FileVersion(
            fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
            size: (attributes[.size] as? NSNumber)?.uint64Value,
            modified: attributes[.modificationDate] as? Date)
    }

    /// One version of a file, as `version(of:)` sees it.
    struct FileVersion: Hashable, Sendable {
        var fileNumber: UInt64?
        var size: UInt64?
        var modified: Date?
    }
}

/// Why `LocalFileReader` refused a file.
public enum LocalFileError: Error, Hashable, Sendable {
    /// The URL is not a `file:` URL.
    case notAFile(String)
    /// The path is a device, FIFO, socket or directory.
    case notARegularFile(String)
    /// The file is larger than the limit (in bytes).
    case tooLarge(limit: Int)
    /// The file is missing or cannot be opened or read.
    case unreadable(String)
}
