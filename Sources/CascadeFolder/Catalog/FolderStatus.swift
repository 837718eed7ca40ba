/// What the folder's scan is doing, for the status line above the feed.
public enum FolderStatus: Hashable, Sendable {
    /// Scanning; `found` videos so far.
    case scanning(found: Int)
    /// The scan finished with `count` videos.
    case ready(count: Int)
    /// The folder holds no video.
    case empty
    /// The folder changed on disk since the last scan: a pull refreshes.
    case stale(count: Int)
    /// The folder cannot be read.
    case failed(FolderScanError)

    /// The status line.
    public var text: String {
        switch self {
        case .scanning(let found): "Scanning… \(found) video\(found == 1 ? "" : "s")"
        case .ready(let count): "\(count) video\(count == 1 ? "" : "s")"
        case .empty: "No videos in this folder"
        case .stale: "The folder changed: pull down to refresh"
        case .failed(.notAFolder(let path)): "Not a folder: \(path)"
        case .failed(.unreadable(let path)): "Cannot read \(path)"
        }
    }
}
