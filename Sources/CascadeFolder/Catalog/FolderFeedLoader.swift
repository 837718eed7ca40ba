import CascadeFeed
import CascadeImages
import Foundation

/// Pages one channel of a folder feed (`FeedLoading`): the library's files, newest first, as
/// `VideoItem`s whose covers are freedesktop thumbnails.
public struct FolderFeedLoader: FeedLoading {
    /// The library behind every channel of the folder.
    public let library: FolderLibrary
    /// The top-level subfolder shown, or nil for every video.
    public let folder: String?
    /// The number of the first page.
    public let firstPage: Int
    /// How many items of the first page of the all-videos channel are also banners.
    public let bannerCount: Int
    /// What every item must pass, as items from any other source do.
    public let policy: FeedReferencePolicy

    /// Creates a loader.
    public init(
        library: FolderLibrary, folder: String?, firstPage: Int = 0, bannerCount: Int = 5,
        policy: FeedReferencePolicy
    ) {
        self.library = library
        self.folder = folder
        self.firstPage = firstPage
        self.bannerCount = bannerCount
        self.policy = policy
    }

    /// Loads page `number`: waits for a running scan as `FolderLibrary.page` describes.
    /// - Throws: `FeedError.unreadableFile` when the folder cannot be read, `.cancelled`.
    public func page(number: Int, size: Int) async throws -> FeedPage {
        let index = number - firstPage
        guard index >= 0, size > 0 else { return FeedPage(items: [], isEnd: true) }
        let (offset, overflow) = index.multipliedReportingOverflow(by: size)
        guard !overflow else { return FeedPage(items: [], isEnd: true) }
        let page: FolderPage
        do {
            page = try await library.page(folder: folder, offset: offset, size: size, isFirst: index == 0)
        } catch let error as FolderScanError {
            switch error {
            case .notAFolder(let path), .unreadable(let path): throw FeedError.unreadableFile(path: path)
            }
        }
        if Task.isCancelled { throw FeedError.cancelled }
        let items = page.entries.enumerated().compactMap { position, entry in
            Self.item(
                entry.file, probe: entry.probe, thumbnails: library.thumbnails, policy: policy,
                isFeatured: folder == nil && index == 0 && position < bannerCount)
        }
        // Files the probe rejected still count as entries, so a page of broken files is not
        // mistaken for the end of the feed.
        return FeedPage(items: items, isEnd: page.isEnd, entryCount: page.slots)
    }

    /// The item a cell shows for `file`: its title, its lazily made thumbnail as the cover, its
    /// probed duration and size; nil when it fails `policy`. Shared by the channels and the
    /// search, so a video is the same item wherever it shows.
    static func item(
        _ file: VideoFile, probe: VideoProbe, thumbnails: ThumbnailGenerator, policy: FeedReferencePolicy,
        isFeatured: Bool
    ) -> VideoItem? {
        let subject = file.subject
        let cover = thumbnails.cover(
            for: subject, duration: probe.duration,
            aspectRatio: Double(max(1, probe.height)) / Double(max(1, probe.width)))
        return try? VideoItem(
            id: MD5.hex(subject.uri), title: file.title, coverURL: cover, videoURL: URL(fileURLWithPath: file.path),
            duration: probe.duration, width: Double(max(1, probe.width)), height: Double(max(1, probe.height)),
            isFeatured: isFeatured
        ).validated(by: policy).get()
    }
}
