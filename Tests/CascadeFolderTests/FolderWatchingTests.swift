import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeFolder

/// Changes on disk mark the feed stale as they happen (a watcher, no polling); which changes
/// matter is decided without a file system.
@Suite struct FolderWatchingTests {
    @Test(
        arguments: [
            (FolderEvent(folder: "/v", name: "clip.mp4", kind: .added), true),
            (FolderEvent(folder: "/v", name: "clip.mp4", kind: .removed), true),
            (FolderEvent(folder: "/v", name: "clip.mp4", kind: .changed), true),
            (FolderEvent(folder: "/v", name: "Season 2", kind: .added), true),
            (FolderEvent(folder: "/v", name: ".clip.mp4.part", kind: .added), false),
            (FolderEvent(folder: "/v", name: ".hidden", kind: .removed), false),
            (FolderEvent(folder: "/v", name: ".swp", kind: .changed), false),
            (FolderEvent(folder: "/v/a", name: "", kind: .folderGone), true),
            (FolderEvent(folder: "", name: "", kind: .overflow), true),
        ] as [(FolderEvent, Bool)])
    func hiddenEntriesDoNotMatterEverythingElseDoes(event: FolderEvent, marks: Bool) {
        #expect(event.marksStale == marks)
    }

    func makeLibrary(
        _ folder: VideoFolderFixture, watcher: FakeWatcher, scanner: FolderScanner = FolderScanner(),
        statuses: SharedValue<[String]> = SharedValue([])
    ) -> FolderLibrary {
        FolderLibrary(
            root: folder.url.path, prober: FakeProber(),
            thumbnails: ThumbnailGenerator(
                store: ThumbnailStore(root: folder.url.appendingPathComponent(".thumbs")), grabber: FakeGrabber(),
                size: .large),
            scanner: scanner, firstPageWait: .seconds(30), watcher: watcher
        ) { status in statuses.withLock { $0.append(status.text) } }
    }

    @Test(.timeLimit(.minutes(1))) func aChangeMarksTheFeedStaleAndARefreshWatchesTheNewTree() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("Travel/a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        let watcher = FakeWatcher()
        let statuses = SharedValue<[String]>([])
        let library = makeLibrary(folder, watcher: watcher, statuses: statuses)
        let root = folder.url.standardizedFileURL.path
        _ = try await library.page(folder: nil, offset: 0, size: 10, isFirst: true)
        #expect(watcher.calls == [.watch([root, root + "/Travel"])], "every scanned folder is watched")

        // A hidden file (a download in progress) does not matter; the finished file does.
        await library.folderChanged(FolderEvent(folder: root + "/Travel", name: ".b.mp4.part", kind: .added))
        #expect(await library.status == .ready(count: 1))
        try folder.file("Cats/b.mp4", bytes: ScannerTests.fakeVideo(width: 90, height: 160, duration: 1))
        watcher.send(FolderEvent(folder: root, name: "Cats", kind: .added))
        #expect(await waitUntil { await library.status == .stale(count: 1) })
        #expect(statuses.withLock { $0.last } == "The folder changed: pull down to refresh")
        let count = statuses.withLock { $0.count }
        await library.folderChanged(FolderEvent(folder: root + "/Travel", name: "a.mp4", kind: .changed))
        await library.folderChanged(FolderEvent(folder: root, name: "x", kind: .added))
        #expect(statuses.withLock { $0.count } == count, "stale once: no repeated notice")

        // The pull rescans: the new folder is listed, shown and watched.
        let page = try await library.page(folder: nil, offset: 0, size: 10, isFirst: true)
        #expect(page.entries.count == 2)
        #expect(await library.status == .ready(count: 2))
        #expect(watcher.calls.last == .watch([root, root + "/Travel", root + "/Cats"]))
    }

    @Test(.timeLimit(.minutes(1))) func aChangeDuringAScanLeavesTheFeedStaleAfterIt() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("A/a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        // Waits are polled (`waitUntil`), never blocking: a blocked test thread is one fewer for
        // the library's own tasks on a 2-core machine.
        let entered = SharedValue(false)
        let release = DispatchSemaphore(value: 0)
        let scanner = FolderScanner { relative in
            guard relative == "A" else { return }
            entered.withLock { $0 = true }
            _ = release.wait(timeout: .now() + 30)
        }
        let watcher = FakeWatcher()
        let library = makeLibrary(folder, watcher: watcher, scanner: scanner)
        await library.start()
        #expect(await waitUntil { entered.withLock { $0 } })
        // The root was listed before A: a file added to it now is not in this scan.
        let root = folder.url.standardizedFileURL.path
        await library.folderChanged(FolderEvent(folder: root + "/A", name: "a.mp4", kind: .changed))
        try folder.file("new.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        await library.folderChanged(FolderEvent(folder: root, name: "new.mp4", kind: .added))
        #expect(await library.isScanning)
        #expect(await library.status != .stale(count: 0), "not stale while the scan runs")
        release.signal()
        #expect(await waitUntil { await !library.isScanning })
        #expect(await library.status == .stale(count: 1), "the scan may have listed the folder before the change")
    }

    @Test func anEventTheScanAlreadySawDoesNotCount() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("A/a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        let root = folder.url.standardizedFileURL.path
        let scan = try FolderScanner().scan(root: root)
        func seen(_ event: FolderEvent) -> Bool {
            FolderEventCheck.alreadySeen(event, folderStamps: scan.folders, files: scan.sniffed)
        }
        // Late events about what the scan listed.
        #expect(seen(FolderEvent(folder: root + "/A", name: "a.mp4", kind: .added)))
        #expect(seen(FolderEvent(folder: root + "/A", name: "a.mp4", kind: .changed)))
        #expect(!seen(FolderEvent(folder: root + "/B", name: "b.mp4", kind: .added)), "a folder it never listed")
        #expect(!seen(FolderEvent(folder: root, name: "", kind: .overflow)))
        #expect(!seen(FolderEvent(folder: root + "/A", name: "", kind: .folderGone)))
        // What happened after it.
        try folder.file("A/a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 12345))
        #expect(!seen(FolderEvent(folder: root + "/A", name: "a.mp4", kind: .changed)))
        try folder.file("A/b.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        try folder.setModified("A", seconds: 1_000)  // the folder's mtime moved, whatever the clock
        #expect(!seen(FolderEvent(folder: root + "/A", name: "b.mp4", kind: .added)))
        #expect(!seen(FolderEvent(folder: root + "/A", name: "gone.mp4", kind: .changed)), "a file it never saw")
    }

    @Test(.timeLimit(.minutes(1))) func foldersOverTheWatchLimitAreReported() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("A/a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
        let watcher = FakeWatcher()
        let root = folder.url.standardizedFileURL.path
        watcher.refused = [root + "/A"]
        let library = makeLibrary(folder, watcher: watcher)
        _ = try await library.page(folder: nil, offset: 0, size: 10, isFirst: true)
        #expect(await library.unwatchedFolders == [root + "/A"])
    }

    #if canImport(Glibc)
        @Test(.timeLimit(.minutes(1))) func inotifyReportsAddedRemovedAndGoneAsTheyHappen() async throws {
            let folder = try VideoFolderFixture()
            defer { folder.remove() }
            try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: true)
            let events = SharedValue<[FolderEvent]>([])
            let watcher = InotifyFolderWatcher()
            defer { watcher.stop() }
            let unwatched = watcher.watch([folder.url.path, folder.path("sub"), folder.path("missing")]) { event in
                events.withLock { $0.append(event) }
            }
            #expect(unwatched == [folder.path("missing")])
            #expect(watcher.watchedCount == 2)

            try folder.file("sub/clip é.mp4", bytes: [1, 2, 3])
            let added = FolderEvent(folder: folder.path("sub"), name: "clip é.mp4", kind: .added)
            #expect(await waitUntil { events.withLock { $0.contains(added) } })
            try FileManager.default.moveItem(atPath: folder.path("sub/clip é.mp4"), toPath: folder.path("moved.mp4"))
            #expect(
                await waitUntil {
                    events.withLock {
                        $0.contains(FolderEvent(folder: folder.path("sub"), name: "clip é.mp4", kind: .removed))
                            && $0.contains(FolderEvent(folder: folder.url.path, name: "moved.mp4", kind: .added))
                    }
                })
            try FileManager.default.removeItem(atPath: folder.path("sub"))
            #expect(
                await waitUntil {
                    events.withLock {
                        $0.contains(FolderEvent(folder: folder.path("sub"), name: "", kind: .folderGone))
                    }
                })

            // Watching a new set drops the old one.
            _ = watcher.watch([folder.path("nothing")]) { _ in }
            #expect(watcher.watchedCount == 0)
        }

        @Test(.timeLimit(.minutes(1))) func aCatalogGoesStaleWhenAFileArrivesWithoutPolling() async throws {
            let folder = try VideoFolderFixture()
            defer { folder.remove() }
            try folder.file("Travel/a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
            let catalog = FolderCatalog(
                folder: folder.url.path, prober: FakeProber(),
                thumbnails: ThumbnailGenerator(
                    store: ThumbnailStore(root: folder.url.appendingPathComponent(".thumbs")), grabber: FakeGrabber(),
                    size: .large),
                firstPageWait: .seconds(30))
            let loader = try catalog.loader(for: try await catalog.channels()[0], firstPage: 0)
            #expect(try await loader.page(number: 0, size: 10).items.count == 1)
            #expect(await waitUntil { await !catalog.library.isScanning })
            #expect(!catalog.isStale)
            try folder.file("Travel/b.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
            #expect(await waitUntil { catalog.isStale })
            #expect(await catalog.library.status == .stale(count: 1))
            #expect(await catalog.library.scanCount == 1, "no rescan until the pull")
            #expect(try await loader.page(number: 0, size: 10).items.count == 2)
            #expect(!catalog.isStale)
        }

        @Test(.timeLimit(.minutes(1))) func theFolderVanishingMarksItStaleAndThePullSaysSo() async throws {
            let folder = try VideoFolderFixture()
            defer { folder.remove() }
            try folder.file("Travel/a.mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 1))
            let thumbnails = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-th-\(UUID())")
            defer { try? FileManager.default.removeItem(at: thumbnails) }
            let catalog = FolderCatalog(
                folder: folder.url.path, prober: FakeProber(),
                thumbnails: ThumbnailGenerator(
                    store: ThumbnailStore(root: thumbnails), grabber: FakeGrabber(), size: .large),
                firstPageWait: .seconds(30))
            let loader = try catalog.loader(for: try await catalog.channels()[0], firstPage: 0)
            #expect(try await loader.page(number: 0, size: 10).items.count == 1)
            folder.remove()
            #expect(await waitUntil { catalog.isStale })
            await #expect(throws: FeedError.unreadableFile(path: folder.url.standardizedFileURL.path)) {
                try await loader.page(number: 0, size: 10)
            }
            #expect(await catalog.library.status == .failed(.notAFolder(folder.url.standardizedFileURL.path)))
        }
    #endif
}
