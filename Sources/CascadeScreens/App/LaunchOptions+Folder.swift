import Foundation

extension LaunchOptions {
    /// `cascade ~/Videos`: when no source was chosen and the first path is a folder without a
    /// catalog (`channels.json`), it becomes the source (`.folder`) instead of a path to open
    /// after the demo catalog, so the demo catalog is neither generated nor shown.
    /// - Parameter directory: what relative paths are resolved against.
    public func adoptingFolderArgument(relativeTo directory: URL) -> LaunchOptions {
        guard case .demoCatalog(directory: nil) = source, let first = paths.first,
            case .folder(let url) = OpenTarget.classify(path: first, relativeTo: directory),
            case .videos = FolderFeedChoice.choose(for: url)
        else { return self }
        var options = self
        options.source = .folder(url.path)
        options.paths.removeFirst()
        return options
    }

    /// What a second launch hands to the running window: the folder it was asked to browse
    /// (`cascade DIR` or `--folder DIR`) first, then the other paths.
    public var pathsToForward: [String] {
        if case .folder(let path) = source { return [path] + paths }
        return paths
    }
}
