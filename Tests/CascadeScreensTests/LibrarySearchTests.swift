import CascadeFeed
import CascadeScreens
import CascadeSearch
import CascadeTestSupport
import Foundation
import Testing

/// Which videos a search reaches: a source that searches its whole library (a folder) answers
/// with every match, loaded or not; any other source's search sees only the loaded pages.
@MainActor
@Suite struct LibrarySearchTests {
    let temporary = TemporaryFolders()

    /// 40 videos, "Item 0" … "Item 39"; the channel's loader would serve them all.
    static let library = FeedFixtures.items(0..<40)

    /// Queries the library search was asked, by the titles it accepted of `library`.
    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var accepted: [[String]] = []
        func record(_ titles: [String]) { lock.withLock { accepted.append(titles) } }
        var all: [[String]] { lock.withLock { accepted } }
    }

    func model(librarySearch: Bool, asked: Asked = Asked()) throws -> AppModel {
        let library = Self.library
        let search: @Sendable (@escaping @Sendable (String) -> Bool) -> LibrarySearch? = { matches in
            guard librarySearch else { return nil }
            let found = library.filter { matches($0.title) }
            asked.record(found.map(\.title))
            return LibrarySearch(count: found.count, loader: ScriptedFeedLoader(items: found))
        }
        return AppModel(
            options: LaunchOptions(), cacheDirectory: try temporary.make("cascade-library-search"),
            source: ChannelSource(
                channelList: { .init(channels: [Channel(id: "all", title: "All videos")], droppedCount: 0) },
                loader: { _ in ScriptedFeedLoader(items: library) }, referencePolicy: .remote,
                librarySearch: search))
    }

    @Test func aLibrarySearchFindsVideosNoPageLoaded() async throws {
        let asked = Asked()
        let model = try model(librarySearch: true, asked: asked)
        #expect(model.searchResults(query: "item 3") == nil, "no search before the channels load")
        await model.loadChannels()
        let results = try #require(model.searchResults(query: "ITEM 3"))
        let expected = ["Item 3", "Item 13", "Item 23"] + (30..<40).map { "Item \($0)" }
        #expect(asked.all == [expected], "the matcher handed to the library folds case as the bar does")
        #expect(results.count == 13 && !results.isEmpty)
        #expect(model.statusPage(for: results) == nil)
        let first = try await results.page(number: 0, size: 10)
        let second = try await results.page(number: 1, size: 10)
        #expect((first.items + second.items).map(\.title) == expected)
        #expect(!first.isEnd && second.isEnd)

        let none = try #require(model.searchResults(query: "zzq"))
        #expect(none.isEmpty && model.statusPage(for: none) == .noResults)
        #expect(model.searchResults(query: "   ") == nil)
    }

    @Test func anotherSourceSearchesOnlyTheLoadedPages() async throws {
        let model = try model(librarySearch: false)
        await model.loadChannels()
        // No channel page was prepared yet: its loader holds 13 matches, none of them loaded.
        let results = try #require(model.searchResults(query: "item 3"))
        #expect(results.isEmpty && results.items.isEmpty)
        #expect(model.statusPage(for: results) == .noResults)
    }
}
