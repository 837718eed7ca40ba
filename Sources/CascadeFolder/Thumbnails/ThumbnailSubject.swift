import CascadeImages
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The file a thumbnail stands for, as the Thumbnail Managing Standard identifies it: its
/// canonical URI, its modification time in whole seconds and its size in bytes.
public struct ThumbnailSubject: Hashable, Sendable {
    /// The file's absolute path.
    public var path: String
    /// The canonical `file://` URI (`FileURI.from(path:)`).
    public var uri: String
    /// The modification time, in seconds since 1970 (`Thumb::MTime`).
    public var mtime: Int64
    /// The size in bytes (`Thumb::Size`).
    public var size: Int64

    /// Creates a subject from what a scan found.
    public init(path: String, mtime: Int64, size: Int64) {
        self.path = path
        self.uri = FileURI.from(path: path)
        self.mtime = mtime
        self.size = size
    }

    /// The subject of the regular file at `path` as it is now; nil when there is none.
    public init?(fileAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(path: path, mtime: Int64(info.st_mtim.tv_sec), size: Int64(info.st_size))
    }

    /// A video on a server, known by its URL alone: no path, and 0 for its modification time
    /// and size (the seek-preview store's key for a remote video).
    public init(remoteVideo url: URL) {
        path = ""
        uri = url.absoluteString
        mtime = 0
        size = 0
    }

    /// The thumbnail's file name: the MD5 of the URI in hex, plus `.png`.
    public var fileName: String { MD5.hex(uri) + ".png" }
}
