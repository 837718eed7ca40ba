import CascadeContent
import CascadeFeed
import Foundation

/// What a path given to `cascade FILE|DIR` (or handed over by a second launch) is, and so what
/// the window does with it.
public enum OpenTarget: Equatable, Sendable {
    /// A folder: browse it as a feed.
    case folder(URL)
    /// A video file: the player page on it, its folder's feed behind.
    case video(URL)
    /// A file whose first bytes are no video container (`ContentSignature`): an image, an
    /// audio-only file or an unknown format.
    case notVideo(URL)
    /// Nothing readable at that path.
    case missing(URL)

    /// The file or folder.
    public var url: URL {
        switch self {
        case .folder(let url), .video(let url), .notVideo(let url), .missing(let url): url
        }
    }

    /// The kind's name in reports: `folder`, `video`, `not_video`, `missing`.
    public var kind: String {
        switch self {
        case .folder: "folder"
        case .video: "video"
        case .notVideo: "not_video"
        case .missing: "missing"
        }
    }

    /// The message shown when the target cannot be opened, or nil when it can.
    public var problem: String? {
        switch self {
        case .folder, .video: nil
        case .notVideo(let url): "“\(url.lastPathComponent)” is not a video."
        case .missing(let url): "“\(url.path)” does not exist or cannot be read."
        }
    }

    /// Classifies `path` (relative paths against `directory`): folders by the file system, files
    /// by their first bytes (`ContentSignature`), never by the name's extension alone.
    public static func classify(path: String, relativeTo directory: URL) -> OpenTarget {
        let url =
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path))
            .standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .missing(url) }
        if isDirectory.boolValue { return .folder(URL(fileURLWithPath: url.path, isDirectory: true)) }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return .missing(url) }
        defer { try? handle.close() }
        // Only regular files are read (a FIFO or device could block or never end).
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard (attributes?[.type] as? FileAttributeType) == .typeRegular else { return .notVideo(url) }
        let head = (try? handle.read(upToCount: ContentSignature.headerLength)) ?? Data()
        return ContentSignature(header: head).isVideo ? .video(url) : .notVideo(url)
    }
}

extension OpenTarget {
    /// A feed item for a local video file: its name as the title, the file as video and cover
    /// source (the player shows black until the first frame when the cover cannot be decoded).
    public static func item(forVideoFile url: URL) -> VideoItem {
        VideoItem(
            id: "file-\(StableID.derived(fromText: url.path))", title: url.lastPathComponent, coverURL: url,
            videoURL: url, duration: nil, width: 16, height: 9)
    }
}
