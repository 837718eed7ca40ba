import CascadeFeed
import CascadeScreens
import CascadeSearch
import CascadeTestSupport
import Foundation
import Testing

/// Which status page stands in for a feed with nothing to draw, its texts, and what its button does.
@MainActor
@Suite struct StatusPageTests {
    let temporary = TemporaryFolders()

    // MARK: The decision

    @Test(
        arguments: [
            (0, FeedPagerState.exhausted, true, StatusPage.emptyFolder),
            (0, .exhausted, false, .emptyChannel),
            (0, .failed(.timedOut, retryable: true), false, .loadFailed(FeedAlert(error: .timedOut)!)),
            (0, .failed(.httpStatus(500), retryable: true), true, .loadFailed(FeedAlert(error: .httpStatus(500))!)),
            (0, .idle, false, nil), (0, .refreshing, true, nil), (0, .loadingMore(page: 1), false, nil),
            (0, .failed(.cancelled, retryable: true), false, nil),
            (3, .exhausted, true, nil), (3, .failed(.timedOut, retryable: true), false, nil),
        ] as [(Int, FeedPagerState, Bool, StatusPage?)])
    func aFeedWithNothingToDrawShowsItsStatusPage(items: Int, state: FeedPagerState, folder: Bool, page: StatusPage?) {
        #expect(StatusPage.forFeed(items: items, state: state, isFolder: folder) == page)
    }

    @Test func textsIconsAndButtons() {
        let failed = StatusPage.loadFailed(FeedAlert(error: .timedOut)!)
        #expect(failed.title == "Loading timed out" && failed.description == "Please check your network")
        #expect(failed.actionLabel == "Retry" && failed.kind == "load_failed")
        #expect(StatusPage.emptyFolder.actionLabel == "Reload")
        #expect(StatusPage.emptyChannel.actionLabel == nil && StatusPage.noResults.actionLabel == nil)
        #expect(StatusPage.noResults.title == "No Results Found")
        let all: [StatusPage] = [.emptyFolder, .emptyChannel, failed, .noResults]
        #expect(Set(all.map(\.kind)) == ["empty_folder", "empty_channel", "load_failed", "no_results"])
        // Every icon is one the Adwaita theme Debian installs has.
        for page in all {
            let found = ["status", "places", "mimetypes", "actions"].contains {
                FileManager.default.fileExists(atPath: "/usr/share/icons/Adwaita/scalable/\($0)/\(page.iconName).svg")
            }
            #expect(found, "\(page.iconName) is not in the Adwaita icon theme")
        }
    }

    @Test func everyFixedTextIsTranslated() throws {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../po/zh_CN.po")
        let ids = Set(
            try String(contentsOf: po, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("msgid \""), line.hasSuffix("\"") else { return nil }
                return String(line.dropFirst(7).dropLast())
            })
        let pages: [StatusPage] = [.emptyFolder, .emptyChannel, .noResults, .loadFailed(FeedAlert(error: .timedOut)!)]
        for text in pages.flatMap({ [$0.title, $0.description] + ($0.actionLabel.map { [$0] } ?? []) }) {
            #expect(ids.contains(text), "\(text) has no msgid in po/zh_CN.po")
        }
    }

    // MARK: The app's feeds

    @Test func aFailedFirstLoadShowsRetryWhichLoadsAgain() async throws {
        let answers = Answers([.failure(.timedOut), .success(FeedFixtures.items(0..<4))])
        let model = try appModel(policy: .remote, answers: answers)
        let feed = model.makeFeed(for: Channel(id: "a", title: "Alpha"))
        await feed.pager.refresh().value
        #expect(
            model.statusPage(for: feed)
                == .loadFailed(FeedAlert(title: "Loading timed out", message: "Please check your network")))
        #expect(!model.showsFolder)

        model.statusPageActivated(for: feed)
        #expect(feed.feedState == .refreshing)
        #expect(model.statusPage(for: feed) == nil, "the refresh header shows the reload, not the status page")
        await feed.pager.refresh().value
        #expect(feed.items.count == 4)
        #expect(model.statusPage(for: feed) == nil)
        #expect(answers.loads == 2)

        // With items shown there is no button to press: nothing loads.
        model.statusPageActivated(for: feed)
        #expect(feed.feedState != .refreshing && answers.loads == 2)
        feed.pager.cache?.flush()  // the first page's background write ends before the folder goes
    }

    @Test func anEmptyFolderFeedIsAnEmptyFolderAndReloads() async throws {
        let root = try temporary.make("cascade-status-folder")
        let answers = Answers([.success([]), .success([])])
        let model = try appModel(policy: .localFolders(roots: [root]), answers: answers)
        #expect(model.showsFolder)
        let feed = model.makeFeed(for: Channel(id: "all", title: "All videos"))
        await feed.pager.refresh().value
        #expect(model.statusPage(for: feed) == .emptyFolder)
        model.statusPageActivated(for: feed)
        await feed.pager.refresh().value
        #expect(answers.loads == 2)
        feed.pager.cache?.flush()
    }

    @Test func aSearchThatFindsNothingSaysSo() throws {
        let model = AppModel(
            options: LaunchOptions(), cacheDirectory: try temporary.make("cascade-status-search"),
            source: ChannelSource(
                channelList: { .init(channels: [], droppedCount: 0) }, loader: { _ in FailingLoader() }))
        let items = FeedFixtures.items(0..<3)
        #expect(model.statusPage(for: SearchResults(items: items, matcher: TitleMatcher(query: "zzq"))) == .noResults)
        let title = items[0].title
        #expect(model.statusPage(for: SearchResults(items: items, matcher: TitleMatcher(query: title))) == nil)
    }

    // MARK: Helpers

    /// Page answers given in order, one per load.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [Result<[VideoItem], FeedError>]
        private(set) var loads = 0

        init(_ answers: [Result<[VideoItem], FeedError>]) { self.answers = answers }

        func next() throws -> FeedPage {
            try lock.withLock {
                loads += 1
                return FeedPage(items: try (answers.isEmpty ? .success([]) : answers.removeFirst()).get(), isEnd: true)
            }
        }
    }

    private struct AnswerLoader: FeedLoading {
        let answers: Answers
        func page(number: Int, size: Int) async throws -> FeedPage { try answers.next() }
    }

    private func appModel(policy: FeedReferencePolicy, answers: Answers) throws -> AppModel {
        AppModel(
            options: LaunchOptions(), cacheDirectory: try temporary.make("cascade-status"),
            source: ChannelSource(
                channelList: { .init(channels: [Channel(id: "a", title: "Alpha")], droppedCount: 0) },
                loader: { _ in AnswerLoader(answers: answers) }, referencePolicy: policy))
    }
}
