import CascadeFeed
import CascadeFolder
import CascadePlayer
import CascadeScreens
import Foundation

/// Opening files and folders: `cascade FILE|DIR`, a second launch handing them over, or "Open With".
extension AppWindow {
    /// Opens each path in turn (relative ones against the working directory): a folder as a
    /// feed, a video on the player page; anything else says why it cannot be opened.
    package func open(paths: [String]) {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for path in paths { open(OpenTarget.classify(path: path, relativeTo: directory)) }
        present()
    }

    /// Opens one classified target.
    package func open(_ target: OpenTarget) {
        opened = Array((opened + [target]).suffix(32))
        switch target {
        case .folder(let url):
            showFolder(url)
        case .video(let url):
            // Back goes to the feed of the file's folder (already shown for `cascade FILE`).
            let folder = url.deletingLastPathComponent()
            if FolderFeedChoice.choose(for: folder).cacheKey != model.catalogKey { showFolder(folder) }
            var item = OpenTarget.item(forVideoFile: url)
            // Its cover is its thumbnail, made on demand as a folder feed's covers are.
            if let subject = ThumbnailSubject(fileAt: url.path) {
                item = VideoItem(
                    id: item.id, title: item.title,
                    coverURL: FolderFeeds.thumbnails.cover(for: subject, duration: nil, aspectRatio: 9.0 / 16.0),
                    videoURL: url, duration: nil, width: item.width, height: item.height)
            }
            model.open(item)
        case .notVideo, .missing:
            model.present(FeedAlert(title: FileDrop.refusalTitle, message: target.problem ?? ""))
        }
    }

    /// Lets files and folders dropped on the window open (`FileDrop` decides what a drop means).
    func connectDrop() {
        let target = WindowDropTarget(on: window)
        target.onDrop = { [weak self] paths, others in
            self?.openDropped(paths: paths, otherURIs: others)
            return self != nil
        }
        dropTarget = target
    }

    /// Opens what `FileDrop` makes of a drop of `paths` (and `otherURIs` URIs that are not
    /// local files) through the command line's path, and says what was left out.
    package func openDropped(paths: [String], otherURIs: Int) {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        if model.screen == .player, otherURIs == 0,
            case .subtitles(let file) = PlayerDrop.decide(
                paths.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL },
                playing: playerPage.playingURL)
        {
            // On the player a subtitle file plays with the video (`PlayerDrop`).
            if !playerPage.loadSubtitles(file) { toasts.show(Self.unreadableSubtitlesNotice) }
            return
        }
        switch FileDrop.outcome(ofPaths: paths, otherURIs: otherURIs, relativeTo: directory) {
        case .open(let target, let notices):
            open(target)
            present()
            for notice in notices { toasts.show(notice) }
        case .refuse(let alert):
            model.present(alert)
        }
    }

    /// The notice for a dropped subtitle file the player cannot read.
    static let unreadableSubtitlesNotice = "These subtitles cannot be read."

    /// Shows `folder` as `FolderFeedChoice` decides: a catalog's channels, or the folder's videos.
    func showFolder(_ folder: URL) {
        let choice = FolderFeedChoice.choose(for: folder)
        switch choice {
        case .catalog(let url):
            model.reload(catalog: .directory(url), key: choice.cacheKey)
        case .videos(let url):
            let catalog = FolderFeeds.catalog(folder: url)
            followStatus(of: catalog)
            model.reload(catalog: catalog, key: choice.cacheKey)
        }
    }
}
