import CascadeFolder
import CascadeTestSupport
import Foundation
import Testing

/// Content checks and probe results persist between launches: atomic, bounded, keyed by file
/// version, a damaged file ignored.
@Suite struct FolderMediaCacheTests {
    typealias Entry = FolderMediaCache.Entry

    static let entries: [String: Entry] = [
        "/v/a b é.mp4": Entry(
            mtime: 1_700_000_000, mtimeNanoseconds: 5, size: 10, isVideo: true,
            probe: .success(VideoProbe(duration: 1.5, width: 160, height: 90))),
        "/v/live.mp4": Entry(
            mtime: 1, mtimeNanoseconds: 0, size: 11, isVideo: true,
            probe: .success(VideoProbe(duration: nil, width: 90, height: 160))),
        "/v/audio.mp4": Entry(mtime: 2, mtimeNanoseconds: 0, size: 12, isVideo: true, probe: .failure(.noVideo)),
        "/v/broken.mp4": Entry(
            mtime: 3, mtimeNanoseconds: 0, size: 13, isVideo: true, probe: .failure(.unreadable("no decoder"))),
        "/v/notes.mp4": Entry(mtime: 4, mtimeNanoseconds: 0, size: 14, isVideo: false),
        "/v/unprobed.mkv": Entry(mtime: 5, mtimeNanoseconds: 0, size: 15, isVideo: true),
    ]

    @Test func roundTripsEveryKindAndDropsTimeouts() throws {
        let folder = try VideoFolderFixture(label: "cascade-media")
        defer { folder.remove() }
        let cache = FolderMediaCache(directory: folder.url, root: "/v")
        var entries = Self.entries
        entries["/v/slow.mp4"] = Entry(
            mtime: 6, mtimeNanoseconds: 0, size: 16, isVideo: true, probe: .failure(.timedOut))
        try cache.save(entries)
        var expected = entries
        expected["/v/slow.mp4"]?.probe = nil
        #expect(cache.load() == expected)
        // Atomic and private: no temporary left, readable by the user only.
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.url.deletingLastPathComponent().path)
        #expect(names == [cache.url.lastPathComponent])
        let mode = try FileManager.default.attributesOfItem(atPath: cache.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // One file per folder: another root neither reads nor overwrites it.
        let other = FolderMediaCache(directory: folder.url, root: "/w")
        #expect(other.url != cache.url && other.load().isEmpty)
    }

    static let header = "cascade-folder-media 1\t/v\n"
    static let good = "1\t0\t1\tv\t-\t-\t0\t0\t\t/v/a.mp4\n"

    @Test(arguments: [
        "", "{", header.dropLast() + "", "cascade-folder-media 2\t/v\n" + good,
        "cascade-folder-media 1\t/elsewhere\n" + good,
        header + good.dropLast(), header + good + "1\t0\t1\tv\n",
        header + "1\t0\t1\tv\t-\t-\t0\t0\t\trelative.mp4\n",
        header + "x\t0\t1\tv\t-\t-\t0\t0\t\t/v/a.mp4\n",
        header + "99999999999999999999\t0\t1\tv\t-\t-\t0\t0\t\t/v/a.mp4\n",
        header + "1\t0\t1\tmaybe\t-\t-\t0\t0\t\t/v/a.mp4\n",
        header + "1\t0\t1\tv\tweird\t-\t0\t0\t\t/v/a.mp4\n",
        header + "1\t0\t1\tv\tok\t1\twide\t0\t\t/v/a.mp4\n",
        header + "1\t0\t1\tv\tok\tlong\t1\t1\t\t/v/a.mp4\n",
        header + "1\t0\t1\tv\t-\t-\t0\t0\t\t/v/a%2.mp4\n",
        header + "1\t0\t1\tv\t-\t-\t0\t0\t\t/v/a%ZZ.mp4\n",
    ])
    func aDamagedOrForeignFileIsIgnoredAsAWhole(text: String) throws {
        let folder = try VideoFolderFixture(label: "cascade-media")
        defer { folder.remove() }
        let cache = FolderMediaCache(directory: folder.url, root: "/v")
        try cache.save(Self.entries)
        try Data(text.utf8).write(to: cache.url)
        #expect(cache.load().isEmpty)
        try Data((Self.header + Self.good).utf8).write(to: cache.url)
        #expect(cache.load().count == 1, "the same lines undamaged are read")
    }

    @Test func hostileNumbersAreClampedAsTheyAreRead() throws {
        let folder = try VideoFolderFixture(label: "cascade-media")
        defer { folder.remove() }
        let cache = FolderMediaCache(directory: folder.url, root: "/v")
        try cache.save([:])
        let long = String(repeating: "x", count: 5000)
        let text =
            Self.header + "1\t-7\t-5\tv\tok\t-3\t1000000000\t-2\t\t/v/a.mp4\n"
            + "1\t5000000000\t1\tv\tok\t1e300\t0\t7\t\t/v/b.mp4\n"
            + "1\t0\t1\tv\tok\tnan\t5\t5\t\t/v/n.mp4\n"
            + "1\t0\t1\tv\tunreadable\t-\t0\t0\t\(long)\t/v/c.mp4\n"
        try Data(text.utf8).write(to: cache.url)
        let loaded = cache.load()
        #expect(loaded["/v/a.mp4"]?.probe == .success(VideoProbe(duration: nil, width: 1 << 16, height: 1)))
        #expect(loaded["/v/a.mp4"]?.size == 0 && loaded["/v/a.mp4"]?.mtimeNanoseconds == 0)
        #expect(loaded["/v/b.mp4"]?.mtimeNanoseconds == 999_999_999)
        #expect(loaded["/v/b.mp4"]?.probe == .success(VideoProbe(duration: 359_999, width: 1, height: 7)))
        #expect(loaded["/v/n.mp4"]?.probe == .success(VideoProbe(duration: nil, width: 5, height: 5)))
        guard case .failure(.unreadable(let message))? = loaded["/v/c.mp4"]?.probe else {
            Issue.record("unreadable kept")
            return
        }
        #expect(message.count == 200)
    }

    @Test func namesWithTabsNewlinesAndPercentsRoundTrip() throws {
        let folder = try VideoFolderFixture(label: "cascade-media")
        defer { folder.remove() }
        let root = "/v/odd\tfolder %41\n"
        let cache = FolderMediaCache(directory: folder.url, root: root)
        let entries = [
            root + "/a\nb\tc%0A.mp4": Entry(
                mtime: 1, mtimeNanoseconds: 2, size: 3, isVideo: true, probe: .failure(.unreadable("bad\tline\n%"))),
            root + "/é 中文.mp4": Entry(mtime: -1, mtimeNanoseconds: 0, size: 0, isVideo: false),
        ]
        try cache.save(entries)
        #expect(cache.load() == entries)
    }

    @Test func aFileTooLargeIsNotReadAndTheNewestEntriesAreKept() throws {
        let folder = try VideoFolderFixture(label: "cascade-media")
        defer { folder.remove() }
        let small = FolderMediaCache(directory: folder.url, root: "/v", maxEntries: 3)
        try small.save(Self.entries)
        // The three newest files (by mtime) survive.
        #expect(Set(small.load().keys) == ["/v/a b é.mp4", "/v/unprobed.mkv", "/v/notes.mp4"])

        let cache = FolderMediaCache(directory: folder.url, root: "/v")
        try cache.save(Self.entries)
        let handle = try FileHandle(forWritingTo: cache.url)
        try handle.truncate(atOffset: UInt64(FolderMediaCache.maxBytes) + 1)  // sparse: cheap to make
        try handle.close()
        #expect(cache.load().isEmpty)
    }

    @Test(.timeLimit(.minutes(1))) func aSecondLibraryProbesNothingItAlreadyKnows() async throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        for i in 0..<12 {
            try folder.file("Travel/day \(i).mp4", bytes: ScannerTests.fakeVideo(width: 160, height: 90, duration: 2))
            try folder.setModified("Travel/day \(i).mp4", seconds: 1_000_000 + Double(i))
        }
        try folder.file("broken.mp4", bytes: ScannerTests.mp4Header + Array("garbage".utf8))
        try folder.setModified("broken.mp4", seconds: 2_000_000)
        let caches = folder.url.appendingPathComponent(".cache")
        func makeLibrary(_ prober: FakeProber) -> FolderLibrary {
            FolderLibrary(
                root: folder.url.path, prober: prober,
                thumbnails: ThumbnailGenerator(
                    store: ThumbnailStore(root: folder.url.appendingPathComponent(".thumbs")), grabber: FakeGrabber(),
                    size: .large),
                firstPageWait: .seconds(30),
                mediaCache: FolderMediaCache(directory: caches, root: folder.url.standardizedFileURL.path))
        }

        let cold = FakeProber()
        let first = makeLibrary(cold)
        let coldPage = try await first.page(folder: nil, offset: 0, size: 10, isFirst: true)
        #expect(cold.calls.count == 10 && coldPage.entries.count == 9, "broken.mp4 is newest and left out")
        await first.saveMediaCache()

        let warm = FakeProber()
        let second = makeLibrary(warm)
        let warmPage = try await second.page(folder: nil, offset: 0, size: 10, isFirst: true)
        #expect(warm.calls.isEmpty, "every probe of the first page came from the cache")
        #expect(await second.probeCount == 0)
        #expect(warmPage.entries.map(\.file.path) == coldPage.entries.map(\.file.path))
        #expect(warmPage.entries.map(\.probe) == coldPage.entries.map(\.probe))
        // The scan goes on after the first page: wait (bounded) for it to end.
        let ready = await waitUntil(timeout: .seconds(60)) { await second.status == .ready(count: 12) }
        let status = await second.status
        #expect(ready, "the broken file's failure was remembered too: \(status)")

        // A changed file is a new version: probed again; the next page was never probed.
        try folder.file("Travel/day 11.mp4", bytes: ScannerTests.fakeVideo(width: 90, height: 160, duration: 3))
        try folder.setModified("Travel/day 11.mp4", seconds: 1_500_000)
        await second.saveMediaCache()
        let third = FakeProber()
        let changed = makeLibrary(third)
        let page = try await changed.page(folder: nil, offset: 0, size: 10, isFirst: true)
        #expect(third.calls == ["day 11.mp4"])
        #expect(page.entries.first { $0.file.path.hasSuffix("day 11.mp4") }?.probe.height == 160)
        // No save may land after the fixture folder (which holds the cache directory) is gone.
        for library in [first, second, changed] { await library.close() }
    }
}
