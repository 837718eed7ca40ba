import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

@Suite struct LocalCatalogLoaderTests {
    static let channels = [Channel(id: "c0", title: "Travel"), Channel(id: "c1", title: "Food")]

    func makeCatalog(items: Int = 23) throws -> URL {
        try FeedFixtures.writeCatalog(
            channels: Self.channels, itemsPerChannel: items, at: FeedFixtures.temporaryDirectory("catalog"))
    }

    @Test func pagesSliceTheChannelFeedAndEndOnTheLastPage() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        let loader = LocalCatalogLoader(root: root, channelID: "c1")
        var ids: [String] = []
        var ends: [Bool] = []
        for number in 0..<4 {
            let page = try await loader.page(number: number, size: 10)
            ids += page.items.map(\.id)
            ends.append(page.isEnd)
        }
        #expect(ids == (0..<23).map { String(format: "c1-%03d", $0) })
        #expect(ends == [false, false, true, true])
    }

    @Test func relativeMediaResolvesToFilesUnderTheRoot() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        let item = try #require(
            try await LocalCatalogLoader(root: root, channelID: "c0").page(number: 0, size: 1).items.first)
        #expect(item.coverURL.isFileURL)
        #expect(
            item.coverURL.standardizedFileURL.path
                == root.appendingPathComponent("media/c0-000.jpg").standardizedFileURL.path)
        #expect(FileManager.default.fileExists(atPath: item.coverURL.path))
        #expect(item.duration == 0)
        #expect(item.isFeatured)
    }

    @Test func theFirstPageNumberIsConfigurable() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        let loader = LocalCatalogLoader(root: root, channelID: "c0", firstPage: 1)
        #expect(try await loader.page(number: 1, size: 10).items.first?.id == "c0-000")
        #expect(try await loader.page(number: 0, size: 10).items.isEmpty)
        #expect(try await loader.page(number: Int.max, size: Int.max).isEnd)
    }

    @Test func latencyIsSimulatedThroughTheInjectedSleep() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        let recorder = SleepRecorder()
        let loader = LocalCatalogLoader(root: root, channelID: "c0", latency: .milliseconds(300), sleep: recorder.sleep)
        _ = try await loader.page(number: 0, size: 10)
        _ = try await loader.page(number: 1, size: 10)
        #expect(recorder.sleeps == [.milliseconds(300), .milliseconds(300)])
    }

    @Test func cancellingDuringTheLatencyThrowsCancelled() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        let loader = LocalCatalogLoader(root: root, channelID: "c0", latency: .seconds(30))
        let task = Task { try await loader.page(number: 0, size: 10) }
        task.cancel()
        await #expect(throws: FeedError.cancelled) { try await task.value }
    }

    @Test(arguments: ["missing", "..", "../c0", ""])
    func unknownChannelsAreTypedErrors(channel: String) async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        await #expect {
            try await LocalCatalogLoader(root: root, channelID: channel).page(number: 0, size: 10)
        } throws: { error in
            if case .unreadableFile = error as? FeedError { true } else { false }
        }
    }

    @Test func aCorruptFeedFileIsABadPayload() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{\"data\": 3}".utf8).write(to: root.appendingPathComponent("c0/feed.json"))
        await #expect(throws: FeedError.badPayload(.wrongShape(path: "data.info_list"))) {
            try await LocalCatalogLoader(root: root, channelID: "c0").page(number: 0, size: 10)
        }
    }

    @Test func aDirectoryCatalogListsChannelsAndPagesThem() async throws {
        let root = try makeCatalog(items: 5)
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = FeedCatalog.directory(root)
        let channels = try await catalog.channels()
        #expect(channels == Self.channels)
        let page = try await catalog.loader(for: channels[0]).page(number: 0, size: 10)
        #expect(page.items.count == 5)
        #expect(page.isEnd)
        await #expect(throws: FeedError.self) {
            try await FeedCatalog.directory(root.appendingPathComponent("nowhere")).channels()
        }
    }

    @Test func aFeedURLCatalogIsOneChannel() async throws {
        let catalog = FeedCatalog.feedURL(template: "https://example.com/feed?page={page}&size={size}")
        #expect(try await catalog.channels() == [FeedCatalog.singleChannel])
        let loader = try #require(try catalog.loader(for: FeedCatalog.singleChannel) as? HTTPFeedLoader)
        #expect(loader.url(page: 3, size: 10)?.absoluteString == "https://example.com/feed?page=3&size=10")
        #expect(throws: FeedError.invalidURL("nope")) {
            try FeedCatalog.feedURL(template: "nope").loader(for: FeedCatalog.singleChannel)
        }
    }
}
