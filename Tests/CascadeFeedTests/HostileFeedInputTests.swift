import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

/// Feed input as a hostile server would send it: absurd numbers, local files from a remote feed,
/// escapes out of a catalog, a poisoned persisted page, huge channel lists.
@Suite struct HostileFeedInputTests {
    private static let remoteBase = URL(string: "http://127.0.0.1:8080/")!

    private func decode(_ entry: String, base: URL? = remoteBase) throws -> FeedPage {
        try FeedPageDecoder(baseURL: base).decode(Data(#"{"data": {"info_list": [\#(entry)], "end": 0}}"#.utf8))
    }

    // MARK: Numbers

    @Test(arguments: [
        (#"1e19"#, 359_999.0), (#""9223372036854775807:00:00""#, 359_999.0), (#"1e308"#, 359_999.0),
        (#""99:59:59""#, 359_999.0), (#"359999.4"#, 359_999.0), (#""1:02:03""#, 3723.0),
    ])
    func absurdDurationsAreClampedWhereTheyEnter(duration: String, seconds: Double) throws {
        let page = try decode(#"{"cover": "a.jpg", "flv": "a.flv", "width": 1, "height": 1, "duration": \#(duration)}"#)
        #expect(page.items.first?.duration == seconds)
    }

    @Test(arguments: [#"-5"#, #""-1:00""#, #""x""#, #""1:75""#])
    func invalidDurationsAreUnknown(duration: String) throws {
        let page = try decode(#"{"cover": "a.jpg", "flv": "a.flv", "width": 1, "height": 1, "duration": \#(duration)}"#)
        #expect(page.items.count == 1)
        #expect(page.items.first?.duration == nil)
    }

    @Test(arguments: [(#"1e308"#, #"1e-308"#), (#"1e-308"#, #"1e308"#), (#"1e999"#, #"1"#)])
    func sizesWithoutAFiniteAspectRatioAreSkipped(width: String, height: String) throws {
        let page = try decode(#"{"cover": "a.jpg", "flv": "a.flv", "width": \#(width), "height": \#(height)}"#)
        #expect(page.items.isEmpty)
        #expect(page.skipped.map(\.reason) == [.invalidSize])
    }

    // MARK: Scheme policy

    @Test(arguments: [
        (#""file:///dev/zero""#, #""a.flv""#, SkipReason.coverNotAllowed),
        (#""file:///proc/self/environ""#, #""a.flv""#, .coverNotAllowed),
        (#""a.jpg""#, #""file:///etc/passwd""#, .videoNotAllowed),
        (#""ftp://x/a.jpg""#, #""a.flv""#, .invalidCoverURL),
    ])
    func aFeedFromHTTPReferencesOnlyHTTP(cover: String, video: String, reason: SkipReason) throws {
        let page = try decode(#"{"cover": \#(cover), "flv": \#(video), "width": 1, "height": 1}"#)
        #expect(page.items.isEmpty)
        #expect(page.skipped.map(\.reason) == [reason])
    }

    @Test func aLocalCatalogReferencesOnlyFilesInsideItsFolder() throws {
        let outer = try FeedFixtures.temporaryDirectory("policy")
        defer { try? FileManager.default.removeItem(at: outer) }
        let root = outer.appendingPathComponent("catalog", isDirectory: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("media"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outer.appendingPathComponent("secret.jpg"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("media/link.jpg"),
            withDestinationURL: outer.appendingPathComponent("secret.jpg"))
        let policy = FeedReferencePolicy.localCatalog(root: root)
        #expect(policy.allows(root.appendingPathComponent("media/a.jpg")))
        #expect(policy.allows(URL(string: "https://cdn.example.com/a.jpg")!))
        #expect(
            policy.check(root.appendingPathComponent("../secret.jpg"))
                == .failure(.outsideCatalog(root.path + "/../secret.jpg")))
        #expect(!policy.allows(root.appendingPathComponent("media/link.jpg")))
        #expect(!policy.allows(URL(fileURLWithPath: "/dev/zero")))
        #expect(!policy.allows(URL(string: "data:image/png;base64,AAAA")!))
        let decoded = try decode(
            #"{"cover": "../secret.jpg", "flv": "media/a.flv", "width": 1, "height": 1}"#, base: root)
        #expect(decoded.skipped.map(\.reason) == [.coverNotAllowed])
        let inside = try decode(#"{"cover": "media/a.jpg", "flv": "media/a.flv", "width": 1, "height": 1}"#, base: root)
        #expect(inside.items.count == 1)
        #expect(FeedReferencePolicy.remote.check(root) == .failure(.schemeNotAllowed("file")))
    }

    // MARK: Local files

    @Test func localFilesAreReadOnlyWhenRegularAndSmallEnough() throws {
        let directory = try FeedFixtures.temporaryDirectory("reader")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ok.json")
        try Data(repeating: 7, count: 100).write(to: file)
        #expect(try LocalFileReader(maximumBytes: 100).read(file).count == 100)
        #expect(throws: LocalFileError.tooLarge(limit: 99)) { try LocalFileReader(maximumBytes: 99).read(file) }
        #expect(throws: LocalFileError.notARegularFile("/dev/zero")) {
            try LocalFileReader(maximumBytes: 1 << 20).read(URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(throws: LocalFileError.notARegularFile(directory.path)) {
            try LocalFileReader(maximumBytes: 1 << 20).read(directory)
        }
        // /proc files report size 0: the read itself stops at the limit.
        #expect(throws: LocalFileError.tooLarge(limit: 4)) {
            try LocalFileReader(maximumBytes: 4).read(URL(fileURLWithPath: "/proc/self/status"))
        }
    }

    // MARK: Persisted page

    @Test func cacheKeysThatLookAlikeNeverShareAFile() {
        let directory = URL(fileURLWithPath: "/tmp/c")
        let names = ["a/b", "a_b", "a b", "a:b", "", "_"].map { FeedPageCache(directory: directory, key: $0).fileURL }
        #expect(Set(names).count == names.count)
    }

    @Test func leftoverTemporaryFilesAreRemovedWhenTheCacheOpens() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = FeedPageCache.fileName(forKey: "c0")
        let leftover = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        let unrelated = directory.appendingPathComponent("keep.tmp")
        try Data("torn".utf8).write(to: leftover)
        try Data("other".utf8).write(to: unrelated)
        _ = FeedPageCache(directory: directory, key: "c0")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @MainActor
    @Test func aPoisonedPersistedPageIsValidatedOnRestartLikeAFreshOne() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory, key: "c0")
        // What another build could have persisted: a duration out of range, a local file named
        // by a remote feed, a size without an aspect ratio.
        var absurd = FeedFixtures.item(0)
        absurd.duration = 1e19
        var local = FeedFixtures.item(1)
        local.coverURL = URL(fileURLWithPath: "/dev/zero")
        var flat = FeedFixtures.item(2)
        flat.height = 1e-320
        flat.width = 1e308
        cache.store(FeedPage(items: [absurd, local, flat, FeedFixtures.item(3)], isEnd: false))
        cache.flush()
        // "Restart": a new cache and pager over the same file.
        let restored = try #require(FeedPageCache(directory: directory, key: "c0").load())
        #expect(restored.items.map(\.id) == ["i-0", "i-3"])
        #expect(restored.items.first?.duration == VideoItem.maximumDuration)
        #expect(restored.skipped.map(\.reason) == [.coverNotAllowed, .invalidSize])
        let pager = FeedPager(
            loader: ScriptedFeedLoader(items: []), cache: FeedPageCache(directory: directory, key: "c0"))
        #expect(pager.showCachedPage())
        #expect(pager.snapshot.ids == ["i-0", "i-3"])
    }

    /// A fuzzer input (Docs/RELIABILITY.md): a restored item with `"id":""` must still keep the
    /// promise that every item has an id.
    @Test func aRestoredItemWithAnEmptyIDGetsTheDerivedOne() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        var blank = FeedFixtures.item(0)
        blank.id = ""
        var spaces = FeedFixtures.item(1)
        spaces.id = "  "
        let cache = FeedPageCache(directory: directory, key: "c0")
        cache.store(FeedPage(items: [blank, spaces, FeedFixtures.item(2)], isEnd: false))
        cache.flush()
        let restored = try #require(FeedPageCache(directory: directory, key: "c0").load())
        #expect(
            restored.items.map(\.id) == [
                StableID.derived(from: blank.videoURL), StableID.derived(from: spaces.videoURL), "i-2",
            ])
    }

    @Test func aPersistedPageThatIsNotARegularFileOrTooLargeIsIgnored() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory, key: "c0")
        try FileManager.default.createSymbolicLink(
            at: cache.fileURL, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        #expect(cache.load() == nil)
    }

    @Test func aHugeFirstPageIsStoredCut() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory, key: "c0")
        cache.store(FeedPage(items: FeedFixtures.items(0..<2_000), isEnd: true))
        cache.flush()
        let restored = try #require(cache.load())
        #expect(restored.items.count == FeedPageCache.maximumStoredItems)
        #expect(restored.isEnd == false)
    }

    // MARK: Channel lists

    @Test func channelListsAreCappedWithAMessage() throws {
        let entries = (0..<150).map { #"{"id": "c\#($0)", "title": "Channel \#($0)"}"# }.joined(separator: ",")
        let list = try ChannelListDecoder.decodeList(Data(#"{"channels": [\#(entries)]}"#.utf8))
        #expect(list.channels.count == ChannelListDecoder.maximumChannels)
        #expect(list.droppedCount == 50)
        #expect(list.message == "Showing the first 100 channels; 50 more were left out")
        let long = String(repeating: "x", count: 10_000)
        let one = try ChannelListDecoder.decodeList(Data(#"[{"id": "\#(long)"}]"#.utf8))
        #expect(one.channels.first?.id.count == ChannelListDecoder.maximumTextLength)
        #expect(one.message == nil)
    }
}
