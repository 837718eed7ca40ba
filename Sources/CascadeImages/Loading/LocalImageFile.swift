import Foundation

/// Reads a local image file as untrusted input: regular files only (`/dev/zero`, FIFOs, sockets
/// and directories are refused before they are opened), the size checked before reading, and
/// never more than the limit read even if the file grows or reports no size (`/proc` files).
///
/// Which local files a feed may name at all is `FeedReferencePolicy`'s decision (CascadeFeed);
/// this type bounds the read itself.
public struct LocalImageFile: Sendable {
    /// The largest file accepted, in bytes.
    public var maximumBytes: Int

    /// Creates a reader accepting files up to `maximumBytes` (at least 1).
    public init(maximumBytes: Int) {
        self.maximumBytes = max(1, maximumBytes)
    }

    /// The contents of the file at `url`.
    /// - Throws: `ImagePipelineError.refused` (not a regular file), `.tooLarge`, `.fetchFailed`.
    public func read(_ url: URL) throws -> Data {
        guard url.isFileURL else { throw ImagePipelineError.refused("not a file URL") }
        guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]) else {
            throw ImagePipelineError.fetchFailed("cannot read \(url.path)")
        }
        guard values.isRegularFile == true else { throw ImagePipelineError.refused("not a regular file: \(url.path)") }
        if let size = values.fileSize, size > maximumBytes { throw ImagePipelineError.tooLarge(limit: maximumBytes) }
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw ImagePipelineError.fetchFailed("cannot read \(url.path)")
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1) ?? Data() else {
            throw ImagePipelineError.fetchFailed("cannot read \(url.path)")
        }
        guard data.count <= maximumBytes else { throw ImagePipelineError.tooLarge(limit: maximumBytes) }
        return data
    }
}
