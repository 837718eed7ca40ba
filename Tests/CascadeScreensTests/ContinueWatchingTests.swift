import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// "Continue watching": the items read back from the resume store's labels, and the channel
/// appearing, changing and going away in `AppModel` without touching the other channels.
@MainActor
@Suite struct ContinueWatchingTests {
    static let catalog = "demo"

    /// A resume entry for `item` of `catalog`, labelled as the app labels it.
    static func entry(_ item: VideoItem, catalog: String = catalog) -> (key: String, label: String?) {
        (item.videoURL.absoluteString, ContinueWatching.label(for: item, catalog: catalog))
    }

    @Test func itemsAreTheNewestFirstOfThisCatalogOnly() {
        let items = FeedFixtures.items(0..<4)
        let entries = [
            Self.entry(items[0]), Self.entry(items[1], catalog: "another"), Self.entry(items[2]),
            (key: items[3].videoURL.absoluteString, label: nil),
        ]
        let shown = ContinueWatching.items(entries: entries, catalog: Self.catalog, policy: .remote)
        #expect(shown.map(\.id) == ["i-2", "i-0"])
        #expect(shown.first == items[2])
    }

    @Test func hostileLabelsAreLeftOut() throws {
        let item = FeedFixtures.item(1)
        let good = try #require(ContinueWatching.label(for: item, catalog: Self.catalog))
        var local = item
        local.videoURL = URL(fileURLWithPath: "/etc/passwd")
        let elsewhere = try #require(ContinueWatching.label(for: local, catalog: Self.catalog))
        var flat = FeedFixtures.item(2)
        flat.height = .nan
        let entries: [(key: String, label: String?)] = [
            (item.videoURL.absoluteString, "not json"),
            (item.videoURL.absoluteString, "{\"catalog\":\"demo\"}"),
            ("https://example.com/other.flv", good),  // the label names another video
            (local.videoURL.absoluteString, elsewhere),  // the remote policy refuses a file
            (flat.videoURL.absoluteString, ContinueWatching.label(for: flat, catalog: Self.catalog)),
            (item.videoURL.absoluteString, good),
            (item.videoURL.absoluteString, good),  // the same video twice: once
        ]
        let shown = ContinueWatching.items(entries: entries, catalog: Self.catalog, policy: .remote)
        #expect(shown.map(\.id) == ["i-1"])
    }

    @Test func atMostCapacityItemsTheMostRecent() {
        let items = FeedFixtures.items(0..<(ContinueWatching.capacity + 20))
        let shown = ContinueWatching.items(
            entries: items.map { Self.entry($0) }, catalog: Self.catalog, policy: .remote)
        #expect(shown.count == ContinueWatching.capacity)
        #expect(shown.first?.id == "i-\(ContinueWatching.capacity + 19)")
        #expect(shown.last?.id == "i-20")
    }

    @Test func theLoaderPagesTheItemsItWasLastGiven() async throws {
        let loader = ContinueWatchingLoader(items: FeedFixtures.items(0..<5))
        let first = try await loader.page(number: 0, size: 2)
        #expect(first.items.map(\.id) == ["i-0", "i-1"] && !first.isEnd)
        let last = try await loader.page(number: 2, size: 2)
        #expect(last.items.map(\.id) == ["i-4"] && last.isEnd)
        #expect(try await loader.page(number: Int.max, size: 2).items.isEmpty)
        loader.items = []
        let empty = try await loader.page(number: 0, size: 2)
        #expect(empty.items.isEmpty && empty.isEnd)
    }

    // MARK: In the app model

    /// A model over two channels (or `channels`); its feeds persist their first page in a
    /// folder removed when the test process exits.
    func makeModel(
        channels: [Channel] = [Channel(id: "a", title: "Alpha"), Channel(id: "b", title: "Beta")]
    ) throws -> AppModel {
        var options = LaunchOptions()
        options.source = .demoCatalog(directory: nil)
        let cache = try FeedFixtures.temporaryDirectory("cascade-cw")
        return AppModel(
            options: options, cacheDirectory: cache,
            source: ChannelSource(
                channelList: { ChannelListDecoder.ChannelList(channels: channels, droppedCount: 0) },
                loader: { _ in ScriptedFeedLoader(items: FeedFixtures.items(0..<3)) }))
    }

    @Test func theChannelComesAfterTheCatalogsAndGoesAwayWhenEmpty() async throws {
        let model = try makeModel()
        let watched = FeedFixtures.item(7)
        let label = try #require(model.resumeLabel(for: watched))
        model.resumeEntriesChanged([(watched.videoURL.absoluteString, label)])
        await model.loadChannels()
        let pager = try #require(model.pager)
        #expect(pager.channels.map(\.id) == ["a", "b", ContinueWatching.channelID])
        #expect(model.continueWatching == [watched])

        // Built pages and feeds of the catalog's channels survive the channel going away.
        pager.start()
        pager.selectTab(1)
        let feedB = try #require(pager.feed(at: 1))
        var discarded: [Int] = []
        var changes: [[String]] = []
        pager.onDiscard = { discarded.append($0) }
        pager.onChannelsChanged = { old in changes.append(old.map(\.id)) }
        pager.selectTab(2)
        #expect(pager.feed(at: 2) != nil)
        model.resumeEntriesChanged([])
        #expect(model.channels.map(\.id) == ["a", "b"])
        #expect(pager.channels.map(\.id) == ["a", "b"])
        #expect(changes == [["a", "b", ContinueWatching.channelID]])
        #expect(discarded.contains(2))
        #expect(pager.selectedIndex == 1, "the shown channel went away: the one before it is shown")
        #expect(pager.feed(at: 1) === feedB)

        // And back, after the others, the selection unchanged.
        model.resumeEntriesChanged([(watched.videoURL.absoluteString, label)])
        #expect(pager.channels.map(\.id) == ["a", "b", ContinueWatching.channelID])
        #expect(pager.selectedIndex == 1)
        #expect(pager.feed(at: 1) === feedB)
    }

    @Test func aNewVideoLeftPartwayRefreshesTheChannelsFeed() async throws {
        let model = try makeModel()
        let first = FeedFixtures.item(7)
        let second = FeedFixtures.item(8)
        let entries = [first, second].map { ($0.videoURL.absoluteString, model.resumeLabel(for: $0)) }
        model.resumeEntriesChanged([entries[0]])
        await model.loadChannels()
        let pager = try #require(model.pager)
        pager.start()
        pager.selectTab(2)
        let feed = try #require(pager.feed(at: 2))
        #expect(await waitUntil { feed.items.map(\.id) == ["i-7"] })
        model.resumeEntriesChanged(entries)
        #expect(pager.channels.count == 3)
        #expect(await waitUntil { feed.items.map(\.id) == ["i-8", "i-7"] })
    }

    @Test func aCatalogChannelWithTheSameIdKeepsItAndTheChannelIsNotShown() async throws {
        let taken = Channel(id: ContinueWatching.channelID, title: "Mine")
        let model = try makeModel(channels: [Channel(id: "a", title: "Alpha"), taken])
        let watched = FeedFixtures.item(7)
        model.resumeEntriesChanged([(watched.videoURL.absoluteString, model.resumeLabel(for: watched))])
        await model.loadChannels()
        #expect(model.channels == [Channel(id: "a", title: "Alpha"), taken])
    }
}
