import CascadeFeed
import CascadeFolder
import CascadeTestSupport
import Foundation
import Testing

/// A folder feed's search reaches its whole library: matches past the pages a channel loaded,
/// newest first, probed as a page's files are, broken files left out, in every subfolder.
@Suite struct FolderSearchTests {
    func makeCatalog(_ folder: VideoFolderFixture, prober: FakeProber = FakeProber()) -> FolderCatalog {
        FolderCatalog(
            folder: folder.url.path, prober: prober,
            thumbnails: ThumbnailGenerator(
                store: ThumbnailStore(root: folder.url.appendingPathComponent(".thumbs")), grabber: FakeGrabber(),
                size: .large),
            firstPageWait: .seconds(30), watcher: nil)
    }

    @Test(.timeLimit(.minutes(1))) func matchesComeFromTheWholeLibraryNewestFirst() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        // 30 clips, newest last-numbered; "harbour" every seventh, spread over two subfolders.
        for i in 0..<30 {
            let name = (i % 2 == 0 ? "Boats/" : "Docks/") + (i % 7 == 0 ? "harbour \(i).mp4" : "clip \(i).mp4")
            try folder.file(name, bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: Double(i + 1)))
            try folder.setModified(name, seconds: 1_000_000 + Double(i) * 10)
        }
        try folder.file("harbour broken.mp4", bytes: ScannerTests.mp4Header + Array("garbage".utf8))
        try folder.setModified("harbour broken.mp4", seconds: 999_000)
        let prober = FakeProber()
        let catalog = makeCatalog(folder, prober: prober)
        let channels = try await catalog.channels()
        let first = try await catalog.loader(for: channels[0], firstPage: 0).page(number: 0, size: 10)
        #expect(first.items.map(\.title).filter { $0.hasPrefix("harbour") } == ["harbour 28", "harbour 21"])

        let answer = catalog.searchLibrary(matching: { $0.hasPrefix("harbour") })
        let search = try #require(answer)
        #expect(search.count == 6, "five clips and the broken file match by name")
        let page = try await search.loader.page(number: 0, size: 4)
        #expect(page.items.map(\.title) == ["harbour 28", "harbour 21", "harbour 14", "harbour 7"])
        #expect(!page.isEnd && page.entryCount == 4)
        // Items are the channels' items (same id, cover, video, size and duration), never banners.
        var shown = try #require(first.items.first { $0.title == "harbour 28" })
        #expect(shown.isFeatured)
        shown.isFeatured = false
        #expect(page.items[0] == shown)
        #expect(
            page.items[3].duration == 8
                && page.items[3].videoURL == URL(fileURLWithPath: folder.path("Docks/harbour 7.mp4")))
        let last = try await search.loader.page(number: 1, size: 4)
        #expect(last.items.map(\.title) == ["harbour 0"], "the broken file is left out")
        #expect(last.isEnd && last.entryCount == 2)
        #expect(prober.calls.filter { $0.hasPrefix("harbour") }.count == 6, "each file probed once")

        let beyond = try await search.loader.page(number: 2, size: 4)
        #expect(beyond.items.isEmpty && beyond.isEnd)
        let noAnswer = catalog.searchLibrary(matching: { _ in false })
        let none = try #require(noAnswer)
        #expect(none.count == 0)
        #expect(try await none.loader.page(number: 0, size: 10).isEnd)
    }
}
