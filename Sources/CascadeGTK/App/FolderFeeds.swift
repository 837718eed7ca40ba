import CascadeFeed
import CascadeFolder
import CascadeGStreamer
import CascadeImages
import CascadeScreens
import Foundation

/// Folder feeds in the app: one thumbnail generator for the process (freedesktop cache,
/// GStreamer frames, two at a time), the transport making missing covers, a catalog per folder.
public enum FolderFeeds {
    /// The process's thumbnail generator: thumbnails at the size the feed's covers need (the
    /// feed views report their cover width), large (256 px) until a feed is laid out.
    package static let thumbnails = ThumbnailGenerator(
        store: ThumbnailStore(root: ThumbnailStore.defaultRoot(), application: "cascade", version: "1"),
        grabber: GStreamerFrameGrabber(), size: .large)

    /// The image pipeline's transport: folder covers through `thumbnails`, other URLs through `fallback`.
    package static func fetcher(fallback: any DataFetching = URLSessionDataFetcher()) -> any DataFetching {
        ThumbnailFetcher(generator: thumbnails, fallback: fallback)
    }

    /// The catalog of `folder`'s videos; what it learns about the files persists (`FolderMediaCache`).
    public static func catalog(folder: URL) -> FeedCatalog {
        .provider(
            FolderCatalog(
                folder: folder.path, prober: GStreamerVideoProber(), thumbnails: thumbnails,
                cacheDirectory: DemoCatalog.defaultDirectory.deletingLastPathComponent()))
    }
}
