import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct FeedPageCacheTests {
    @Test func aStoredPageLoadsBackAndTheWriteLeavesNoTemporaryFiles() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory.appendingPathComponent("nested"), key: "c0")
        #expect(cache.load() == nil)
        let page = FeedPage(
            items: FeedFixtures.items(0..<10), isEnd: false, skipped: [.init(index: 3, reason: .invalidSize)])
        cache.store(page)
        cache.flush()
        #expect(cache.load() == page)
        cache.store(FeedPage(items: FeedFixtures.items(5..<7), isEnd: true))
        cache.flush()
        #expect(cache.load()?.items.map(\.id) == ["i-5", "i-6"])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested").path)
        #expect(files == [FeedPageCache.fileName(forKey: "c0")])
    }

    @Test(arguments: [
        ("c0", "feed-c0-"), ("a/b", "feed-a_b-"), ("../x", "feed-___x-"), ("", "feed--"),
    ])
    func keysBecomeSafeFileNames(key: String, prefix: String) {
        let name = FeedPageCache(directory: URL(fileURLWithPath: "/tmp/c"), key: key).fileURL.lastPathComponent
        #expect(name.hasPrefix(prefix) && name.hasSuffix(".json") && !name.contains("/"))
        #expect(name.count == prefix.count + 16 + ".json".count)
    }

    @Test func aCorruptCacheFileIsIgnored() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory, key: "c0")
        try Data("{not json".utf8).write(to: cache.fileURL)
        #expect(cache.load() == nil)
        let pager = FeedPager(loader: ScriptedFeedLoader(items: []), cache: cache)
        #expect(pager.showCachedPage() == false)
    }

    /// A fuzzer input (Docs/RELIABILITY.md): read with `Data(contentsOf:)`, an empty page file
    /// leaks 4 KiB each time, which the AddressSanitizer run (`scripts/sanitizers.sh`) reports.
    @Test func anEmptyCacheFileIsIgnored() throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory, key: "c0")
        try Data().write(to: cache.fileURL)
        for _ in 0..<3 { #expect(cache.load() == nil) }
    }

    @Test func theCachedFirstPageIsShownAtOnceThenReplacedByTheRefresh() async throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory, key: "c0")
        cache.store(FeedPage(items: FeedFixtures.items(0..<10, prefix: "old"), isEnd: false))
        cache.flush()
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<10, prefix: "new"), gated: true)
        let pager = FeedPager(loader: loader, pageSize: 10, cache: cache)
        let refresh = try #require(pager.prepare())
        #expect(pager.prepare() == nil)
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<10, prefix: "old").map(\.id))
        #expect(pager.isShowingCachedPage)
        #expect(pager.state == .refreshing)
        #expect(await loader.waitUntilHeld(1))
        await loader.releaseAll()
        await refresh.value
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<10, prefix: "new").map(\.id))
        #expect(pager.isShowingCachedPage == false)
        cache.flush()
        #expect(cache.load()?.items.first?.id == "new-0")
    }

    @Test func loadMoreWhileOnlyTheCachedPageIsShownRefreshesFirst() async throws {
        let directory = try FeedFixtures.temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FeedPageCache(directory: directory, key: "c0")
        cache.store(FeedPage(items: FeedFixtures.items(0..<10), isEnd: false))
        cache.flush()
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<30))
        let pager = FeedPager(loader: loader, pageSize: 10, cache: cache)
        #expect(pager.showCachedPage())
        await pager.loadMore()?.value
        #expect(await loader.calls == [.page(number: 0, size: 10)])
        #expect(pager.pagesLoaded == 1)
    }
}
