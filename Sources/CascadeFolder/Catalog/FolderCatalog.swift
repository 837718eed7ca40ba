import CascadeFeed
import Foundation
import Synchronization

/// A folder of videos as a catalog: "All videos" first, then one channel per top-level
/// subfolder holding videos, each paged by a `FolderFeedLoader` over one shared `FolderLibrary`.
///
/// ```swift
/// let thumbnails = ThumbnailGenerator(
///     store: ThumbnailStore(root: ThumbnailStore.defaultRoot()), grabber: GStreamerFrameGrabber(), size: .large)
/// let catalog = FolderCatalog(folder: "/home/me/Videos", prober: GStreamerVideoProber(), thumbnails: thumbnails)
/// let app = FeedCatalog.provider(catalog)
/// ```
public final class FolderCatalog: FeedCatalogProviding {
    /// The id of the channel holding every video.
    public static let allVideosID = "all"
    /// The prefix of a subfolder channel's id (the rest is the folder's name).
    public static let folderPrefix = "folder/"

    /// The state owner.
    public let library: FolderLibrary
    /// `file:` URLs inside the folder (videos) and the thumbnail cache (covers) only.
    public let referencePolicy: FeedReferencePolicy
    private let status: AsyncStream<String>
    private let stale = StaleFlag()

    // MARK: Lifecycle

    /// Creates a catalog over `folder`; `thumbnails` holds the thumbnail cache and the grabber;
    /// content checks and probe results persist under `cacheDirectory` (nil: not at all);
    /// `watcher` reports changes as they happen (`FolderWatchers.system()` by default: inotify
    /// on Linux; nil: changes show up at the next rescan).
    public init(
        folder: String, prober: any VideoProbing, thumbnails: ThumbnailGenerator,
        scanner: FolderScanner = FolderScanner(), firstPageWait: Duration = .milliseconds(600),
        cacheDirectory: URL? = nil, watcher: (any FolderWatching)? = FolderWatchers.system()
    ) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
        status = stream
        let stale = stale
        library = FolderLibrary(
            root: folder, prober: prober, thumbnails: thumbnails, scanner: scanner, firstPageWait: firstPageWait,
            mediaCache: cacheDirectory.map {
                FolderMediaCache(directory: $0, root: URL(fileURLWithPath: folder).standardizedFileURL.path)
            }, watcher: watcher
        ) { status in
            stale.isSet.withLock {
                if case .stale = status { $0 = true } else { $0 = false }
            }
            continuation.yield(status.text)
        }
        referencePolicy = .localFolders(roots: [
            URL(fileURLWithPath: library.root, isDirectory: true), thumbnails.store.root,
        ])
    }

    // MARK: FeedCatalogProviding

    /// "All videos", then the top-level subfolders (see `FolderLibrary.folders()`); starts the
    /// scan (the watcher follows the folders it lists).
    public func channels() async throws -> [Channel] {
        // A folder that is missing or not a folder says so at once, whatever the scan's pace
        // (on a loaded machine the scan may not have failed yet when the channel list is due).
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: library.root, isDirectory: &isFolder), isFolder.boolValue
        else { throw FeedError.unreadableFile(path: library.root) }
        let folders = await library.folders()
        if case .failed(let error) = await library.status {
            switch error {
            case .notAFolder(let path), .unreadable(let path): throw FeedError.unreadableFile(path: path)
            }
        }
        return [Channel(id: Self.allVideosID, title: "All videos")]
            + folders.map { Channel(id: Self.folderPrefix + $0, title: $0) }
    }

    public func loader(for channel: Channel, firstPage: Int) throws -> any FeedLoading {
        if channel.id == Self.allVideosID {
            return FolderFeedLoader(library: library, folder: nil, firstPage: firstPage, policy: referencePolicy)
        }
        guard channel.id.hasPrefix(Self.folderPrefix) else { throw FeedError.unreadableFile(path: channel.id) }
        return FolderFeedLoader(
            library: library, folder: String(channel.id.dropFirst(Self.folderPrefix.count)), firstPage: firstPage,
            policy: referencePolicy)
    }

    public func statusLines() -> AsyncStream<String> { status }

    /// Every video of the folder whose title (the file name as a cell shows it) `matches`
    /// accepts, newest first, whether or not a channel loaded its page.
    public func searchLibrary(matching matches: @escaping @Sendable (String) -> Bool) -> LibrarySearch? {
        let files = library.files(matching: matches)
        return LibrarySearch(
            count: files.count, loader: FolderSearchLoader(library: library, files: files, policy: referencePolicy))
    }

    /// Whether the folder changed since the last scan (the status line says "pull down to refresh").
    public var isStale: Bool { stale.isSet.withLock { $0 } }
}

/// Whether the library last reported itself stale: shared with the status callback, which is
/// made before the catalog exists (a `Mutex` cannot be captured, being non-copyable).
private final class StaleFlag: Sendable {
    let isSet = Mutex(false)
}
