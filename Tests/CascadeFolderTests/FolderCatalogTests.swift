import CascadeFeed
import CascadeFolder
import CascadeImages
import CascadeNumerics
import CascadeTestSupport
import Foundation
import Testing

/// The folder catalog over a fake prober and grabber: channels, order, paging, refresh,
/// staleness, lazy thumbnails, bad and empty folders.
@Suite struct FolderCatalogTests {
    func makeCatalog(
        _ folder: VideoFolderFixture, grabber: FakeGrabber = FakeGrabber(), prober: FakeProber = FakeProber()
    )
        -> FolderCatalog
    {
        FolderCatalog(
            folder: folder.url.path, prober: prober,
            thumbnails: ThumbnailGenerator(
                store: ThumbnailStore(root: folder.url.appendingPathComponent(".thumbs")), grabber: grabber,
                size: .large),
            firstPageWait: .seconds(30), watcher: nil)
    }

    @Test(.timeLimit(.minutes(1))) func channelsPerSubfolderNewestFirstInPages() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        for i in 0..<13 {
            let name = "Travel/day \(i).mp4"
            try folder.file(name, bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: Double(i)))
            try folder.setModified(name, seconds: 1_000_000 + Double(i) * 10)
        }
        try folder.file(
            "Cats/nested/deeper/tall.mp4", bytes: ScannerTests.fakeVideo(width: 90, height: 160, duration: 1))
        try folder.file("root.mp4", bytes: ScannerTests.fakeVideo(width: 100, height: 100, duration: 1))
        try folder.file("Empty/readme.txt", bytes: Array("no videos here".utf8))
        let catalog = makeCatalog(folder)
        let channels = try await catalog.channels()
        #expect(channels.map(\.title) == ["All videos", "Cats", "Travel"])

        let travel = try catalog.loader(for: channels[2], firstPage: 0)
        let first = try await travel.page(number: 0, size: 10)
        #expect(first.items.map(\.title) == (3...12).reversed().map { "day \($0)" })
        #expect(!first.isEnd)
        #expect(first.items[0].aspectRatio == 90.0 / 160.0)
        #expect(first.items[0].duration == 12)
        #expect(first.items[0].videoURL == URL(fileURLWithPath: folder.path("Travel/day 12.mp4")))
        let second = try await travel.page(number: 1, size: 10)
        #expect(second.items.map(\.title) == ["day 2", "day 1", "day 0"])
        #expect(second.isEnd)

        let cats = try await catalog.loader(for: channels[1], firstPage: 0).page(number: 0, size: 10)
        #expect(cats.items.map(\.title) == ["tall"] && cats.items[0].aspectRatio == 160.0 / 90.0)
        let all = try await catalog.loader(for: channels[0], firstPage: 0).page(number: 0, size: 20)
        #expect(all.items.count == 15 && all.isEnd)
        #expect(all.items.prefix(5).allSatisfy(\.isFeatured) && !all.items[5].isFeatured)
    }

    @Test(.timeLimit(.minutes(1))) func brokenFilesAreLeftOutWithAFailEntry() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("good.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        try folder.file("broken.mp4", bytes: ScannerTests.mp4Header + Array("garbage".utf8))
        let catalog = makeCatalog(folder)
        let all = try await catalog.loader(for: try await catalog.channels()[0], firstPage: 0).page(number: 0, size: 10)
        #expect(all.items.map(\.title) == ["good"])
        #expect(all.entryCount == 2, "the broken file still counts, so paging is not cut short")
        let broken = VideoFile(
            path: folder.path("broken.mp4"), relativePath: "broken.mp4", topFolder: nil,
            mtime: try mtime(folder.path("broken.mp4")), size: Int64(ScannerTests.mp4Header.count + 7))
        #expect(catalog.library.store.hasFailed(broken.subject))
    }

    @Test(.timeLimit(.minutes(1))) func refreshPicksUpAddedRemovedAndChangedFiles() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        try folder.file("b.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        try folder.setModified("a.mp4", seconds: 100)
        try folder.setModified("b.mp4", seconds: 200)
        let catalog = makeCatalog(folder)
        let loader = try catalog.loader(for: try await catalog.channels()[0], firstPage: 0)
        #expect(try await loader.page(number: 0, size: 10).items.map(\.title) == ["b", "a"])
        #expect(await catalog.library.checkForChanges() == false)

        try folder.file("c.mp4", bytes: ScannerTests.fakeVideo(width: 90, height: 160, duration: 2))
        try folder.setModified("c.mp4", seconds: 300)
        try FileManager.default.removeItem(atPath: folder.path("b.mp4"))
        try folder.file("a.mp4", bytes: ScannerTests.fakeVideo(width: 100, height: 50, duration: 3))
        try folder.setModified("a.mp4", seconds: 400)
        #expect(await catalog.library.checkForChanges(), "the monitor marks the feed stale")
        #expect(await catalog.library.status == .stale(count: 2))
        let refreshed = try await loader.page(number: 0, size: 10)
        #expect(refreshed.items.map(\.title) == ["a", "c"])
        #expect(refreshed.items[0].width == 100 && refreshed.items[0].height == 50, "the changed file is probed again")
        #expect(await catalog.library.status == .ready(count: 2))
    }

    @Test(.timeLimit(.minutes(1))) func emptyAndMissingFoldersSaySo() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("notes.mp4", bytes: Array("text".utf8))
        let catalog = makeCatalog(folder)
        let channels = try await catalog.channels()
        #expect(channels.map(\.title) == ["All videos"])
        let page = try await catalog.loader(for: channels[0], firstPage: 0).page(number: 0, size: 10)
        #expect(page.items.isEmpty && page.isEnd)
        #expect(await catalog.library.status == .empty)
        #expect(FolderStatus.empty.text == "No videos in this folder")

        let missing = FolderCatalog(
            folder: folder.path("gone"), prober: FakeProber(),
            thumbnails: ThumbnailGenerator(
                store: ThumbnailStore(root: folder.url), grabber: FakeGrabber(), size: .large))
        await #expect(throws: FeedError.self) { try await missing.channels() }
    }

    @Test(.timeLimit(.minutes(1))) func thumbnailsAreMadeOnDemandTwoAtATimeAndReused() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        for i in 0..<6 {
            try folder.file("v\(i).mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        }
        try folder.file("bad.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        let grabber = FakeGrabber(delay: 0.05)
        let catalog = makeCatalog(folder, grabber: grabber)
        let page = try await catalog.loader(for: try await catalog.channels()[0], firstPage: 0).page(
            number: 0, size: 10)
        #expect(grabber.calls == 0, "listing a page makes no thumbnail")
        let fetcher = ThumbnailFetcher(generator: catalog.library.thumbnails, fallback: URLSessionDataFetcher())
        let results = await withTaskGroup(of: Bool.self) { group in
            for item in page.items { group.addTask { (try? await fetcher.fetch(item.coverURL)) != nil } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 6 && results.filter { !$0 }.count == 1)
        #expect(grabber.peak <= 2 && grabber.peak >= 1)
        #expect(catalog.library.thumbnails.counters.generated == 6)
        #expect(catalog.library.thumbnails.counters.failed == 1)

        // A second catalog (the next launch) finds them all, and does not retry the failure.
        let again = FakeGrabber()
        let next = makeCatalog(folder, grabber: again)
        let nextPage = try await next.loader(for: try await next.channels()[0], firstPage: 0).page(number: 0, size: 10)
        let nextFetcher = ThumbnailFetcher(generator: next.library.thumbnails, fallback: URLSessionDataFetcher())
        for item in nextPage.items { _ = try? await nextFetcher.fetch(item.coverURL) }
        #expect(again.calls == 0)
        #expect(nextPage.items.filter { $0.coverURL.path.contains("/large/") }.count == 7)
    }

    private func mtime(_ path: String) throws -> Int64 {
        let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        return Int64(saturating: (date?.timeIntervalSince1970 ?? 0).rounded(.down))
    }
}

/// While a scan runs the window is not kept waiting: the first page shows what was found so
/// far and the status counts up; when the scan ends the status says how many there are.
@Suite struct FolderScanProgressTests {
    final class Gate: @unchecked Sendable {
        /// Set (under `lines`) once the scan is held; polled, so no test thread blocks on it.
        var entered = false
        let release = DispatchSemaphore(value: 0)
        let lines = NSLock()
        var statuses: [String] = []
    }

    @Test(.timeLimit(.minutes(1))) func firstPageShowsWhileTheScanIsHeld() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        for i in 0..<12 {
            try folder.file("A/a\(i).mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        }
        try folder.file("B/b.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        let gate = Gate()
        // Hold the scan after folder A is listed (B is still to come).
        let scanner = FolderScanner { relative in
            guard relative == "A" else { return }
            gate.lines.withLock { gate.entered = true }
            _ = gate.release.wait(timeout: .now() + 30)
        }
        let thumbnails = ThumbnailGenerator(
            store: ThumbnailStore(root: folder.url.appendingPathComponent(".thumbs")), grabber: FakeGrabber(),
            size: .large)
        let library = FolderLibrary(
            root: folder.url.path, prober: FakeProber(), thumbnails: thumbnails, scanner: scanner,
            firstPageWait: .milliseconds(50)
        ) { status in
            gate.lines.withLock { gate.statuses.append(status.text) }
        }
        await library.start()
        #expect(await waitUntil { gate.lines.withLock { gate.entered } })
        let page = try await library.page(folder: nil, offset: 0, size: 10, isFirst: true)
        #expect(page.entries.count == 10 && !page.isEnd, "a first page while the scan is held")
        #expect(await library.status == .scanning(found: 12))
        #expect(FolderStatus.scanning(found: 12).text == "Scanning… 12 videos")
        gate.release.signal()
        let rest = try await library.page(folder: nil, offset: 10, size: 10, isFirst: false)
        #expect(rest.entries.count == 3 && rest.isEnd, "the next page waits for the scan's end")
        #expect(await library.status == .ready(count: 13))
        #expect(gate.lines.withLock { gate.statuses.first } == "Scanning… 0 videos")
        #expect(gate.lines.withLock { gate.statuses.last } == "13 videos")
    }
}
