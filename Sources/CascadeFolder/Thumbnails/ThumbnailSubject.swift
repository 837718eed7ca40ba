import CascadeImages
import Foundation

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

    /// The thumbnail's file name: the MD5 of the URI in hex, plus `.png`.
    public var fileName: String { MD5.hex(uri) + ".png" }
}
