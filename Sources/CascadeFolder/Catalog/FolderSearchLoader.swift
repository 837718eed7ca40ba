import CascadeFeed
import Foundation

/// Pages the videos a search of a folder found (`FolderCatalog.searchLibrary(matching:)`), in
/// the order given: each page's files are probed as a channel's are, so a match far past the
/// loaded pages shows like any other video.
public struct FolderSearchLoader: FeedLoading {
    /// The library the files belong to (it probes them and makes their thumbnails).
    public let library: FolderLibrary
    /// The matching files, newest first.
    public let files: [VideoFile]
    /// What every item must pass, as the channels' items do.
    public let policy: FeedReferencePolicy

    /// Creates a loader over `files`.
    public init(library: FolderLibrary, files: [VideoFile], policy: FeedReferencePolicy) {
        self.library = library
        self.files = files
        self.policy = policy
    }

    /// Page `number` (from 0) of `size` matches; files the probe rejects are left out but still
    /// counted (`entryCount`), so a page of broken files is not taken for the end.
    /// - Throws: `FeedError.cancelled`.
    public func page(number: Int, size: Int) async throws -> FeedPage {
        guard number >= 0, size > 0 else { return FeedPage(items: [], isEnd: true) }
        let (start, overflow) = number.multipliedReportingOverflow(by: size)
        guard !overflow, start < files.count else { return FeedPage(items: [], isEnd: true) }
        let slice = Array(files[start..<(start + min(size, files.count - start))])
        let probed = await library.probed(slice)
        if Task.isCancelled { throw FeedError.cancelled }
        let items = probed.compactMap { entry in
            FolderFeedLoader.item(
                entry.file, probe: entry.probe, thumbnails: library.thumbnails, policy: policy, isFeatured: false)
        }
        return FeedPage(items: items, isEnd: start + slice.count >= files.count, entryCount: slice.count)
    }
}
