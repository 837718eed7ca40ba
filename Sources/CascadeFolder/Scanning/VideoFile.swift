/// A video file a scan found.
public struct VideoFile: Hashable, Sendable {
    /// The absolute path.
    public var path: String
    /// The path relative to the scanned folder.
    public var relativePath: String
    /// The top-level subfolder it is in (its channel), or nil for a file directly in the folder.
    public var topFolder: String?
    /// The modification time: whole seconds since 1970 (what `Thumb::MTime` records).
    public var mtime: Int64
    /// The nanoseconds past `mtime` (newest-first order tells apart files of the same second).
    public var mtimeNanoseconds: Int64
    /// The size in bytes.
    public var size: Int64

    /// Creates a record.
    public init(
        path: String, relativePath: String, topFolder: String?, mtime: Int64, mtimeNanoseconds: Int64 = 0, size: Int64
    ) {
        self.path = path
        self.relativePath = relativePath
        self.topFolder = topFolder
        self.mtime = mtime
        self.mtimeNanoseconds = mtimeNanoseconds
        self.size = size
    }

    /// The file as the thumbnail standard identifies it.
    public var subject: ThumbnailSubject {
        ThumbnailSubject(path: path, mtime: mtime, size: size)
    }

    /// The title a cell shows: the file name without its extension.
    public var title: String {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Newest first; equal times by path so the order is stable.
    public static func newestFirst(_ a: VideoFile, _ b: VideoFile) -> Bool {
        if a.mtime != b.mtime { return a.mtime > b.mtime }
        if a.mtimeNanoseconds != b.mtimeNanoseconds { return a.mtimeNanoseconds > b.mtimeNanoseconds }
        return a.path < b.path
    }
}
