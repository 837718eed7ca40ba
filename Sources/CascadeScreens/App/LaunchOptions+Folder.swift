import Foundation

extension LaunchOptions {
    /// `cascade ~/Videos`: when no source was chosen and the first path is a folder without a
    /// catalog (`channels.json`), it becomes the source (`.folder`) instead of a path to open
    /// after the demo catalog, so the demo catalog is neither generated nor shown.
    /// `cascade ~/Videos/clip.mp4`: the video's folder becomes the source the same way (the feed
    /// that back returns to), and the video stays a path to open once the window is up.
    /// - Parameter directory: what relative paths are resolved against.
    public func adoptingFolderArgument(relativeTo directory: URL) -> LaunchOptions {
        guard case .demoCatalog(directory: nil) = source, let first = paths.first else { return self }
        var options = self
        switch OpenTarget.classify(path: first, relativeTo: directory) {
        case .folder(let url):
            guard case .videos = FolderFeedChoice.choose(for: url) else { return self }
            options.source = .folder(url.path)
            options.paths.removeFirst()
        case .video(let url):
            let folder = url.deletingLastPathComponent()
            guard case .videos = FolderFeedChoice.choose(for: folder) else { return self }
            options.source = .folder(folder.path)
            options.paths[0] = url.path
        case .notVideo, .missing:
            return self
        }
        return options
    }

    /// What a second launch hands to the running window: the folder it was asked to browse
    /// (`cascade DIR` or `--folder DIR`) first, then the other paths; for `cascade FILE` the
    /// file alone.
    public var pathsToForward: [String] {
        guard case .folder(let path) = source else { return paths }
        // `cascade FILE` took the file's folder as its source: the file alone is forwarded
        // (opening it shows its folder behind it).
        if let first = paths.first, URL(fileURLWithPath: first).deletingLastPathComponent().path == path {
            return paths
        }
        return [path] + paths
    }
}
