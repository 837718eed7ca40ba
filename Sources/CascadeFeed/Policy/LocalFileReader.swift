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
