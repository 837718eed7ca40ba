import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct FeedPagerTests {
    typealias Call = ScriptedFeedLoader.Call

    /// Records every published snapshot.
    final class SnapshotLog {
        var snapshots: [FeedPager.Snapshot] = []
        /// Their state names, in order.
        var states: [String] { snapshots.map(\.state.name) }
    }

    @Test func refreshThenLoadMoreWalksThePagesInOrderAndStopsAtTheEnd() async {
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<25))
        let pager = FeedPager(loader: loader, pageSize: 10)
        let log = SnapshotLog()
        pager.onChange = { log.snapshots.append($0) }
        await pager.refresh().value
        await pager.loadMore()?.value
        await pager.loadMore()?.value
        #expect(pager.loadMore() == nil)
        #expect(pager.items.map(\.id) == FeedFixtures.items(0..<25).map(\.id))
        #expect(pager.state == .exhausted)
        #expect(pager.pagesLoaded == 3)
        #expect(pager.requestCount == 3)
        #expect(
            await loader.calls == [
                .page(number: 0, size: 10), .page(number: 1, size: 10), .page(number: 2, size: 10),
            ])
        #expect(log.states == ["refreshing", "idle", "loading_more", "idle", "loading_more", "exhausted"])
    }

    @Test func theFirstPageNumberIsConfigurable() async {
        let loader = ScriptedFeedLoader { number, _ in
            .success(FeedPage(items: FeedFixtures.items(number * 10..<number * 10 + 10), isEnd: false))
        }
        let pager = FeedPager(loader: loader, pageSize: 10, firstPage: 1)
        await pager.refresh().value
        await pager.loadMore()?.value
        #expect(await loader.calls == [.page(number: 1, size: 10), .page(number: 2, size: 10)])
        #expect(pager.snapshot.ids.count == 20)
    }

    @Test func loadMoreBeforeAnyPageRefreshes() async {
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<5))
        let pager = FeedPager(loader: loader)
        await pager.loadMore()?.value
        #expect(await loader.calls == [.page(number: 0, size: 10)])
        #expect(pager.state == .exhausted)
    }

    // MARK: End detection

    @Test(arguments: [
        ("end flag", FeedPage(items: FeedFixtures.items(10..<20), isEnd: true)),
        ("empty page", FeedPage(items: [], isEnd: false)),
        ("short page", FeedPage(items: FeedFixtures.items(10..<13), isEnd: false)),
        ("only seen items", FeedPage(items: FeedFixtures.items(0..<10), isEnd: false)),
    ])
    func theEndIsReachedOn(_ label: String, second: FeedPage) async {
        let loader = ScriptedFeedLoader { number, _ in
            number == 0 ? .success(FeedPage(items: FeedFixtures.items(0..<10), isEnd: false)) : .success(second)
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        #expect(pager.state == .idle)
        await pager.loadMore()?.value
        #expect(pager.state == .exhausted, "\(label)")
        #expect(pager.loadMore() == nil)
        #expect(await loader.calls.count == 2)
    }

    @Test func aPageShortOnlyBecauseEntriesWereSkippedIsNotTheEnd() async {
        let skipped = [SkippedItem(index: 0, reason: .invalidSize), SkippedItem(index: 1, reason: .missingCover)]
        let loader = ScriptedFeedLoader { number, _ in
            .success(
                FeedPage(items: FeedFixtures.items(number * 10 + 2..<number * 10 + 10), isEnd: false, skipped: skipped))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        #expect(pager.state == .idle)
        #expect(pager.items.count == 8)
    }

    @Test func overlappingPagesAreDeduplicatedById() async {
        // The server shifted by 5: page 1 repeats items 5..<10.
        let loader = ScriptedFeedLoader { number, _ in
            let start = number == 0 ? 0 : 5
            return .success(FeedPage(items: FeedFixtures.items(start..<start + 10), isEnd: false))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        await pager.loadMore()?.value
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<15).map(\.id))
        #expect(Set(pager.snapshot.ids).count == pager.items.count)
    }

    // MARK: Refresh

    @Test func refreshKeepsItemsUntilTheNewFirstPageArrivesAndResetsTheEnd() async {
        let generation = Generation()
        let loader = ScriptedFeedLoader { _, _ in
            .success(FeedPage(items: FeedFixtures.items(0..<3, prefix: "g\(generation.value)"), isEnd: true))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        #expect(pager.state == .exhausted)
        generation.value = 1
        await loader.setGated(true)
        let refreshing = pager.refresh()
        #expect(pager.state == .refreshing)
        #expect(pager.snapshot.ids == ["g0-0", "g0-1", "g0-2"])
        #expect(await loader.waitUntilHeld(1))
        #expect(pager.snapshot.ids == ["g0-0", "g0-1", "g0-2"])
        await loader.releaseAll()
        await refreshing.value
        #expect(pager.snapshot.ids == ["g1-0", "g1-1", "g1-2"])
        #expect(pager.pagesLoaded == 1)
    }

    @Test func aFailedRefreshKeepsTheItemsAndSaysWhy() async {
        let failing = Generation()
        let loader = ScriptedFeedLoader { _, _ in
            failing.value == 0
                ? .success(FeedPage(items: FeedFixtures.items(0..<10), isEnd: false)) : .failure(.timedOut)
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        failing.value = 1
        await pager.refresh().value
        #expect(pager.state == .failed(.timedOut, retryable: true))
        #expect(pager.snapshot.message == "Loading timed out")
        #expect(pager.items.count == 10)
    }

    @Test func aFailedLoadMoreRetriesTheSamePage() async {
        let failing = Generation()
        let loader = ScriptedFeedLoader { number, _ in
            if number == 1 && failing.value == 1 { return .failure(.offline) }
            return .success(FeedPage(items: FeedFixtures.items(number * 10..<number * 10 + 10), isEnd: false))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        failing.value = 1
        await pager.loadMore()?.value
        #expect(pager.snapshot.message == "Please check your network")
        #expect(pager.state == .failed(.offline, retryable: true))
        failing.value = 0
        await pager.loadMore()?.value
        #expect(await loader.calls.map { if case .page(let n, _) = $0 { n } else { -1 } } == [0, 1, 1])
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<20).map(\.id))
        #expect(pager.pagesLoaded == 2)
    }

    @Test func aFailedRefreshOfACompleteListDoesNotLoadPastTheEnd() async {
        let failing = Generation()
        let loader = ScriptedFeedLoader { _, _ in
            failing.value == 0 ? .success(FeedPage(items: FeedFixtures.items(0..<4), isEnd: true)) : .failure(.offline)
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        failing.value = 1
        await pager.refresh().value
        #expect(pager.state == .failed(.offline, retryable: true))
        #expect(pager.loadMore() == nil)
        failing.value = 0
        await pager.refresh().value
        #expect(pager.state == .exhausted)
        #expect(await loader.calls.count == 3)
    }

    @Test(
        arguments: [
            (FeedError.timedOut, "Loading timed out", true),
            (.offline, "Please check your network", true),
            (.connectionLost, "Please check your network", true),
            (.httpStatus(500), "The server answered 500", true),
            (.httpStatus(429), "The server answered 429", true),
            (.httpStatus(404), "The server answered 404", false),
            (.badPayload(.notJSON), "The feed could not be read", false),
            (.unsupportedContentType("image/png"), "The server sent image/png instead of a feed", false),
            (.tooLarge(limit: 8), "The feed is too large", false),
            (.invalidURL("x"), "The feed address is not valid", false),
            (.unreadableFile(path: "/x"), "The feed could not be opened", false),
            (.unexpected("?"), "The feed could not be loaded", false),
        ] as [(FeedError, String, Bool)])
    func failuresCarryAMessageAndWhetherRetryingHelps(error: FeedError, message: String, retryable: Bool) async {
        let pager = FeedPager(loader: ScriptedFeedLoader { _, _ in .failure(error) })
        await pager.refresh().value
        #expect(pager.state == .failed(error, retryable: retryable))
        #expect(pager.snapshot.message == message)
        #expect(pager.state.name == "failed")
    }

    // MARK: Races

    @Test func manyLoadMoreCallsWhileAPageIsInFlightMakeOneRequest() async {
        let loader = ScriptedFeedLoader { number, _ in
            .success(FeedPage(items: FeedFixtures.items(number * 10..<number * 10 + 10), isEnd: false))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        await loader.setGated(true)
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<1000 {
            if let task = pager.loadMore() { tasks.append(task) }
        }
        #expect(await loader.waitUntilHeld(1))
        for _ in 0..<1000 { pager.loadMore() }
        await loader.releaseAll()
        for task in tasks { await task.value }
        #expect(await loader.calls.count == 2)
        #expect(pager.requestCount == 2)
        #expect(pager.pagesLoaded == 2)
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<20).map(\.id))
    }

    @Test func refreshDuringLoadMoreDropsTheStalePage() async {
        let loader = ScriptedFeedLoader { number, _ in
            .success(FeedPage(items: FeedFixtures.items(number * 10..<number * 10 + 10), isEnd: false))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        await loader.setGated(true)
        let stale = pager.loadMore()
        #expect(pager.state == .loadingMore(page: 1))
        #expect(await loader.waitUntilHeld(1))
        let refreshing = pager.refresh()
        #expect(await loader.waitUntilHeld(2))
        // The held load-more ignores cancellation and answers page 1 anyway: the pager must drop it.
        await loader.releaseNext()
        await stale?.value
        #expect(pager.state == .refreshing)
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<10).map(\.id))
        #expect(pager.pagesLoaded == 1)
        await loader.releaseAll()
        await refreshing.value
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<10).map(\.id))
        #expect(pager.pagesLoaded == 1)
        #expect(pager.state == .idle)
        // The next load-more asks for page 1 again.
        await loader.setGated(false)
        await pager.loadMore()?.value
        #expect(await loader.calls.last == .page(number: 1, size: 10))
        #expect(pager.snapshot.ids == FeedFixtures.items(0..<20).map(\.id))
    }

    @Test func cancelDropsTheResultAndReturnsToIdle() async {
        let loader = ScriptedFeedLoader { number, _ in
            .success(FeedPage(items: FeedFixtures.items(number * 10..<number * 10 + 10), isEnd: false))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        await loader.setGated(true)
        let task = pager.loadMore()
        #expect(await loader.waitUntilHeld(1))
        pager.cancel()
        #expect(pager.state == .idle)
        await loader.releaseAll()
        await task?.value
        #expect(pager.items.count == 10)
        #expect(pager.pagesLoaded == 1)
        #expect(pager.state == .idle)
    }

    @Test func refreshWhileRefreshingMakesNoSecondRequest() async {
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<30), gated: true)
        let pager = FeedPager(loader: loader, pageSize: 10)
        let first = pager.refresh()
        let second = pager.refresh()
        #expect(await loader.waitUntilHeld(1))
        await loader.releaseAll()
        await first.value
        await second.value
        #expect(await loader.calls.count == 1)
        #expect(pager.requestCount == 1)
    }

    // MARK: Observing

    @Test func theItemsRevisionMovesWithTheItemsAndOnlyWithThem() async {
        let failing = Generation()
        let loader = ScriptedFeedLoader { number, _ in
            if number == 2 && failing.value == 1 { return .failure(.offline) }
            return .success(FeedPage(items: FeedFixtures.items(number * 10..<number * 10 + 10), isEnd: false))
        }
        let pager = FeedPager(loader: loader, pageSize: 10)
        let log = SnapshotLog()
        pager.onChange = { log.snapshots.append($0) }
        await pager.refresh().value
        await pager.loadMore()?.value
        failing.value = 1
        await pager.loadMore()?.value
        failing.value = 0
        await pager.loadMore()?.value
        _ = pager.loadMore()
        pager.cancel()
        // The same first page again: a new list, so a new revision.
        await pager.refresh().value

        let snapshots = log.snapshots
        #expect(
            log.states == [
                "refreshing", "idle", "loading_more", "idle", "loading_more", "failed", "loading_more", "idle",
                "loading_more", "idle", "refreshing", "idle",
            ])
        // Each revision numbered by the order it first appears in.
        var order: [Int: Int] = [:]
        let revisions = snapshots.map { snapshot in
            if order[snapshot.itemsRevision] == nil { order[snapshot.itemsRevision] = order.count }
            return order[snapshot.itemsRevision] ?? -1
        }
        #expect(revisions == [0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4])
        #expect(snapshots.map(\.items.count) == [0, 10, 10, 20, 20, 20, 20, 30, 30, 30, 30, 10])
        for (one, other) in zip(snapshots, snapshots.dropFirst()) where one.itemsRevision == other.itemsRevision {
            #expect(one.items == other.items)
        }
        #expect(pager.itemsRevision == snapshots.last?.itemsRevision)
    }

    @Test func snapshotsStreamEveryChange() async {
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<12))
        let pager = FeedPager(loader: loader, pageSize: 10)
        let stream = pager.snapshots()
        await pager.refresh().value
        await pager.loadMore()?.value
        var states: [String] = []
        var counts: [Int] = []
        for await snapshot in stream {
            states.append(snapshot.state.name)
            counts.append(snapshot.items.count)
            if states.count == 5 { break }
        }
        #expect(states == ["idle", "refreshing", "idle", "loading_more", "exhausted"])
        #expect(counts == [0, 0, 10, 10, 12])
    }
}

/// A mutable value shared with a `@Sendable` responder.
final class Generation: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
