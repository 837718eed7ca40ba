import CascadeCollection
import CascadeFeed
import CascadeScreens
import CascadeSearch
import CascadeTestSupport
import Foundation
import Testing

/// A longer or different query changes the results on screen through their diff: the same feed
/// model, its list changed in place (`.updated`), the kept items' cells kept, as many pages shown
/// as before; only a first query makes a feed.
@MainActor
@Suite struct SearchFeedTests {
    let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cascade-search-feed-\(UUID().uuidString)")

    func makeAppModel() -> AppModel {
        var options = LaunchOptions()
        options.source = .demoCatalog(directory: nil)
        return AppModel(
            options: options, cacheDirectory: cacheDirectory,
            source: ChannelSource(
                channelList: { .init(channels: [], droppedCount: 0) }, loader: { _ in ScriptedFeedLoader(items: []) }),
            preferredColumns: nil, lastChannel: nil)
    }

    final class Spy { var changes: [FeedScreenModel.ItemsChange] = [] }

    /// "item 1" then "item 11": the feed stays, the items that no longer match are deleted
    /// through the diff, and the ones that still match keep their order.
    @Test func aNarrowerQueryDeletesThroughTheDiffInTheSameFeed() async throws {
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let app = makeAppModel()
        let all = FeedFixtures.items(0..<40)
        let first = SearchResults(items: all, matcher: TitleMatcher(query: "item 1"))
        let feed = app.searchFeed(first)
        let spy = Spy()
        feed.onItemsChanged = { spy.changes.append($0) }
        feed.setContainerSize(CGSize(width: 600, height: 700))
        feed.start()
        #expect(await waitUntil { feed.items.count == 10 && !feed.feedState.isLoading })
        feed.pager.loadMore()
        #expect(await waitUntil { feed.items.count == first.items.count && !feed.feedState.isLoading })
        #expect(feed.items.allSatisfy { $0.title.contains("1") })

        spy.changes.removeAll()
        let narrower = SearchResults(items: all, matcher: TitleMatcher(query: "item 11"))
        let same = app.searchFeed(narrower, reusing: feed)
        #expect(same === feed, "a new feed was made for the narrower query")
        #expect(feed.items.map(\.id) == ["i-11"])
        let change = try #require(spy.changes.last)
        guard case .updated(let diff) = change else {
            Issue.record("the results were replaced, not diffed: \(change)")
            return
        }
        #expect(diff.inserts.isEmpty && diff.moves.isEmpty)
        // Every shown result that no longer matches is deleted; the others stay.
        let before = first.items
        let gone = before.indices.filter { !TitleMatcher(query: "item 11").matches(before[$0].title) }
        #expect(diff.deletes.sorted() == gone)
        #expect(feed.pager.pagesLoaded == 2, "as many pages as before")
    }

    /// A wider query inserts what now matches; the next page loads from the new results.
    @Test func aWiderQueryInsertsAndLoadMoreGoesOnFromTheNewResults() async throws {
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let app = makeAppModel()
        let all = FeedFixtures.items(0..<60)
        let feed = app.searchFeed(SearchResults(items: all, matcher: TitleMatcher(query: "item 2")))
        let spy = Spy()
        feed.onItemsChanged = { spy.changes.append($0) }
        feed.setContainerSize(CGSize(width: 600, height: 700))
        feed.start()
        #expect(await waitUntil { !feed.items.isEmpty && !feed.feedState.isLoading })
        spy.changes.removeAll()
        let wider = SearchResults(items: all, matcher: TitleMatcher(query: "item"))
        #expect(app.searchFeed(wider, reusing: feed) === feed)
        #expect(feed.items.map(\.id) == wider.items.prefix(10).map(\.id))
        guard case .updated(let diff)? = spy.changes.last else {
            Issue.record("the results were replaced, not diffed: \(spy.changes)")
            return
        }
        #expect(!diff.inserts.isEmpty)
        feed.pager.loadMore()
        #expect(await waitUntil { feed.items.count == 20 && !feed.feedState.isLoading })
        #expect(feed.items.map(\.id) == wider.items.prefix(20).map(\.id))
    }

    /// A feed that is not a search's is never reused for one.
    @Test func aChannelFeedIsNotReused() async throws {
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let app = makeAppModel()
        let channel = FeedScreenModel(pager: FeedPager(loader: ScriptedFeedLoader(items: FeedFixtures.items(0..<5))))
        let results = SearchResults(items: FeedFixtures.items(0..<5), matcher: TitleMatcher(query: "item"))
        #expect(app.searchFeed(results, reusing: channel) !== channel)
    }
}
