import CascadeFeed
import CascadeScreens
import Foundation

/// Opening files and folders: `cascade FILE|DIR`, a second launch handing them over, or the
/// desktop's "Open With".
extension AppWindow {
    /// Opens each path in turn (relative ones against the working directory): a folder as a
    /// feed, a video on the player page; anything else says why it cannot be opened.
    public func open(paths: [String]) {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for path in paths { open(OpenTarget.classify(path: path, relativeTo: directory)) }
        present()
    }

    /// Opens one classified target.
    public func open(_ target: OpenTarget) {
        opened = Array((opened + [target]).suffix(32))
        switch target {
        case .folder(let url):
            showFolder(url)
        case .video(let url):
            // Back goes to the feed of the file's folder.
            showFolder(url.deletingLastPathComponent())
            model.open(Self.item(forVideoFile: url))
        case .notVideo, .missing:
            model.present(FeedAlert(title: "Can't open this", message: target.problem ?? ""))
        }
    }

    /// Shows `folder`'s videos as the feed. The one place a folder becomes a feed: a folder
    /// with a catalog (`channels.json`) shows its channels; any other folder is browsed as a
    /// folder feed (`FolderFeeds`).
    func showFolder(_ folder: URL) {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("channels.json").path) {
            model.reload(catalog: .directory(folder), key: "folder-\(StableID.derived(fromText: folder.path))")
        } else {
            let catalog = FolderFeeds.catalog(folder: folder)
            followStatus(of: catalog)
            model.reload(catalog: catalog, key: FolderFeeds.cacheKey(folder: folder.path))
        }
    }

    /// A feed item for a local video file: its name as the title, the file as video and cover
    /// source (the player shows black until the first frame when the cover cannot be decoded).
    static func item(forVideoFile url: URL) -> VideoItem {
        VideoItem(
            id: "file-\(StableID.derived(fromText: url.path))", title: url.lastPathComponent, coverURL: url,
            videoURL: url, duration: nil, width: 16, height: 9)
    }
}
