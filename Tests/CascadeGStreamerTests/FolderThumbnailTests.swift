import CascadeFeed
import CascadeFolder
import CascadeGStreamer
import CascadeImages
import CascadeTestSupport
import Foundation
import Testing

/// A folder of ffmpeg clips through the real prober and grabber: channels, durations, aspect
/// ratios, and thumbnails that follow the standard, are reused, and are remade when a file changes.
@Suite struct FolderThumbnailTests {
    func catalog(_ folder: VideoFolderFixture, store: ThumbnailStore) -> FolderCatalog {
        FolderCatalog(
            folder: folder.url.path, prober: GStreamerVideoProber(),
            thumbnails: ThumbnailGenerator(store: store, grabber: GStreamerFrameGrabber(), size: .normal),
            firstPageWait: .seconds(30), watcher: nil)
    }

    func covers(_ catalog: FolderCatalog, channel: Int = 0) async throws -> (FeedPage, [URL: Data]) {
        let channels = try await catalog.channels()
        let page = try await catalog.loader(for: channels[channel], firstPage: 0).page(number: 0, size: 10)
        let fetcher = ThumbnailFetcher(generator: catalog.library.thumbnails, fallback: URLSessionDataFetcher())
        var data: [URL: Data] = [:]
        for item in page.items { data[item.coverURL] = try await fetcher.fetch(item.coverURL) }
        return (page, data)
    }

    @Test(.timeLimit(.minutes(2))) func folderOfClipsBecomesChannelsWithStandardThumbnails() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.clip("Wide/landscape.mp4", size: "160x90", duration: 1.2)
        try folder.clip("Tall/portrait clip.mp4", size: "90x160", duration: 1.6)
        try folder.file("Tall/broken.mp4", bytes: Array("\0\0\0\u{18}ftypisom\0\0\0\0isommp42".utf8) + [1, 2, 3])
        let store = ThumbnailStore(root: folder.url.appendingPathComponent(".cache/thumbnails"))
        let first = catalog(folder, store: store)
        #expect(try await first.channels().map(\.title) == ["All videos", "Tall", "Wide"])
        let (tall, _) = try await covers(first, channel: 1)
        #expect(tall.items.map(\.title) == ["portrait clip"])
        #expect(abs((tall.items[0].duration ?? 0) - 1.6) < 0.1)
        #expect(tall.items[0].width == 90 && tall.items[0].height == 160)

        let (all, data) = try await covers(first)
        #expect(all.items.count == 2 && all.entryCount == 3)
        #expect(first.library.thumbnails.counters.generated == 2)
        for item in all.items {
            let path = item.videoURL.path
            let uri = FileURI.from(path: path)
            #expect(item.coverURL.path == store.root.path + "/normal/" + MD5.hex(uri) + ".png")
            let bytes = try #require(data[item.coverURL])
            let info = try #require(PNGText.read(Array(bytes)))
            #expect(max(info.width, info.height) == 128)
            #expect(info.text["Thumb::URI"] == uri)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let seconds = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970.rounded(.down) ?? 0
            #expect(info.text["Thumb::MTime"] == String(format: "%.0f", seconds))
            #expect(info.text["Thumb::Size"] == "\((attributes[.size] as? NSNumber)?.intValue ?? -1)")
            #expect(info.text["Software"]?.hasPrefix("cascade") == true)
        }
        let broken = ThumbnailSubject(
            path: folder.path("Tall/broken.mp4"), mtime: try mtime(folder.path("Tall/broken.mp4")), size: 27)
        #expect(store.hasFailed(broken))

        // The next launch reuses every thumbnail; touching a file makes its thumbnail again.
        let second = catalog(folder, store: store)
        _ = try await covers(second)
        #expect(second.library.thumbnails.counters.generated == 0)
        try folder.setModified("Wide/landscape.mp4", seconds: 2_000_000_000)
        let third = catalog(folder, store: store)
        let (page, _) = try await covers(third)
        #expect(third.library.thumbnails.counters.generated == 1)
        #expect(page.items.first?.title == "landscape", "the touched file is now the newest")
    }

    private func mtime(_ path: String) throws -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return Int64(info.st_mtim.tv_sec)
    }
}
