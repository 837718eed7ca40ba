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
        // Another program (a file manager) already made an x-large thumbnail of the landscape
        // clip: valid (URI and MTime match, no Thumb::Size), so it is used as it is.
        let landscape = folder.path("Wide/landscape.mp4")
        let subject = ThumbnailSubject(path: landscape, mtime: try mtime(landscape), size: 0)
        let pixels = try #require(StoredPNG.encode(width: 2, height: 1, rgb: [9, 9, 9, 9, 9, 9]))
        let foreignPNG = try #require(
            PNGText.inserting(
                [
                    ("Thumb::URI", subject.uri), ("Thumb::MTime", String(subject.mtime)),
                    ("Software", "GNOME::ThumbnailFactory"),
                ],
                into: pixels))
        let foreign = store.url(for: subject, size: .xLarge)
        try FileManager.default.createDirectory(
            at: foreign.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(foreignPNG).write(to: foreign)
        let first = catalog(folder, store: store)
        #expect(try await first.channels().map(\.title) == ["All videos", "Tall", "Wide"])
        let (tall, _) = try await covers(first, channel: 1)
        #expect(tall.items.map(\.title) == ["portrait clip"])
        #expect(abs((tall.items[0].duration ?? 0) - 1.6) < 0.1)
        #expect(tall.items[0].width == 90 && tall.items[0].height == 160)

        let (all, data) = try await covers(first)
        #expect(all.items.count == 2 && all.entryCount == 3)
        #expect(first.library.thumbnails.counters.generated == 1, "only the portrait clip's is made")
        let wide = try #require(all.items.first { $0.title == "landscape" })
        #expect(abs((wide.duration ?? 0) - 1.2) < 0.1)
        #expect(wide.width == 160 && wide.height == 90)
        #expect(wide.coverURL == foreign && data[foreign] == Data(foreignPNG), "used as is")
        for item in all.items where item.title != "landscape" {
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
        #expect(third.library.thumbnails.counters.generated == 1, "the foreign one no longer matches the mtime")
        #expect(page.items.first?.coverURL == store.url(for: subject, size: .normal))
        #expect(page.items.first?.title == "landscape", "the touched file is now the newest")
    }

    private func mtime(_ path: String) throws -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return Int64(info.st_mtim.tv_sec)
    }
}
