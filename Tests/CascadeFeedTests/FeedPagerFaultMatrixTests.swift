import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

/// Every fault mode of `feed_server.py` against a real `FeedPager` over HTTP on 127.0.0.1.
@MainActor
@Suite struct FeedPagerFaultMatrixTests {
    /// One row of the matrix: a fault hitting the second page, and what the pager must show.
    struct Row: Sendable, CustomTestStringConvertible {
        var fault: FeedServer.Fault
        var state: String
        var message: String?
        var retryable: Bool? = nil
        /// Item indices shown after the faulty load-more.
        var shown: Range<Int>
        var timeout: Double = 3

        var testDescription: String { fault.value.map { "\(fault.mode):\($0)" } ?? fault.mode }
        var fails: Bool { state == "failed" }
    }

    nonisolated static let rows: [Row] = [
        Row(fault: .delay(0.2), state: "idle", shown: 0..<20),
        Row(fault: .drip(0.1), state: "idle", shown: 0..<20),
        Row(fault: .contentType("text/html"), state: "idle", shown: 0..<20),
        Row(fault: .contentType("application/javascript"), state: "idle", shown: 0..<20),
        Row(fault: .overlap, state: "idle", shown: 0..<15),
        Row(fault: .empty, state: "exhausted", shown: 0..<10),
        Row(
            fault: .delay(3), state: "failed", message: "Loading timed out", retryable: true, shown: 0..<10,
            timeout: 0.5),
        Row(fault: .reset, state: "failed", message: "Please check your network", retryable: true, shown: 0..<10),
        Row(fault: .truncated, state: "failed", message: "Please check your network", retryable: true, shown: 0..<10),
        Row(fault: .status(500), state: "failed", message: "The server answered 500", retryable: true, shown: 0..<10),
        Row(fault: .retryAfter(1), state: "failed", message: "The server answered 503", retryable: true, shown: 0..<10),
        Row(fault: .status(404), state: "failed", message: "The server answered 404", retryable: false, shown: 0..<10),
        Row(fault: .malformed, state: "failed", message: "The feed could not be read", retryable: false, shown: 0..<10),
        Row(
            fault: .contentType("text/plain"), state: "failed", message: "The server sent text/plain instead of a feed",
            retryable: false, shown: 0..<10),
        Row(
            fault: .oversized(megabytes: 1), state: "failed", message: "The feed is too large", retryable: false,
            shown: 0..<10),
    ]

    nonisolated static func ids(_ range: Range<Int>) -> [String] { range.map { String(format: "c0-%04d", $0) } }

    static func pager(_ server: FeedServer, timeout: Double, cache: FeedPageCache? = nil) throws -> FeedPager {
        let fetcher = HTTPFetcher(
            configuration: .init(timeout: timeout, maxResponseBytes: 256 * 1024, retry: .none))
        let loader = try HTTPFeedLoader(template: server.feedTemplate(channel: "c0"), fetcher: fetcher)
        return FeedPager(loader: loader, pageSize: 10, cache: cache)
    }

    @Test(arguments: rows)
    func aFaultyPageYieldsADefinedStateAndKeepsWhatIsShown(row: Row) async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40"])
        defer { server.stop() }
        let pager = try Self.pager(server, timeout: row.timeout)
        var seen: [[String]] = []
        pager.onChange = { seen.append($0.ids) }
        await pager.refresh().value
        #expect(pager.snapshot.ids == Self.ids(0..<10))

        // The faulty second page.
        try await server.queueFaults([row.fault])
        await pager.loadMore()?.value
        #expect(pager.state.name == row.state)
        #expect(pager.snapshot.message == row.message)
        if let retryable = row.retryable, case .failed(_, let actual) = pager.state {
            #expect(actual == retryable)
        }
        #expect(pager.snapshot.ids == Self.ids(row.shown))

        // No snapshot ever dropped an item already shown or showed one twice.
        for (before, after) in zip(seen, seen.dropFirst()) {
            #expect(Array(after.prefix(before.count)) == before || after.count == 10)
        }
        #expect(seen.allSatisfy { Set($0).count == $0.count })

        // Recovery: the next load-more asks for the page after the last one that landed.
        if row.fails {
            await pager.loadMore()?.value
            #expect(pager.state == .idle)
            #expect(pager.snapshot.ids == Self.ids(0..<20))
            let pages = try await server.stats().pages["c0"]
            #expect(pages == ["0": 1, "1": 2])

            // The same fault on a pull-to-refresh keeps all 20 items on screen.
            try await server.queueFaults([row.fault])
            await pager.refresh().value
            #expect(pager.state.name == "failed")
            #expect(pager.snapshot.message == row.message)
            #expect(pager.snapshot.ids == Self.ids(0..<20))
        } else if row.state == "exhausted" {
            #expect(pager.loadMore() == nil)
            await pager.refresh().value
            #expect(pager.state == .idle)
            #expect(pager.snapshot.ids == Self.ids(0..<10))
        }
        #expect(pager.requestCount == (try await server.stats().totalFeedRequests))
    }

    @Test func aServerThatNeverSaysEndStopsWhenItRepeatsItself() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "30"])
        defer { server.stop() }
        let loader = try HTTPFeedLoader(
            template: server.feedTemplate(channel: "c0", fault: "never-end"),
            fetcher: HTTPFetcher(configuration: .init(timeout: 3, retry: .none)))
        let pager = FeedPager(loader: loader, pageSize: 10)
        await pager.refresh().value
        for _ in 0..<10 { await pager.loadMore()?.value }
        #expect(pager.state == .exhausted)
        #expect(pager.snapshot.ids == Self.ids(0..<30))
        #expect(try await server.stats().pages["c0"] == ["0": 1, "1": 1, "2": 1, "3": 1])
    }

    // MARK: Races over HTTP

    @Test func aThousandLoadMoresDuringASlowResponseMakeOneRequest() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40"])
        defer { server.stop() }
        let pager = try Self.pager(server, timeout: 10)
        await pager.refresh().value
        try await server.queueFaults([.delay(2)])
        var tasks: [Task<Void, Never>] = []
        if let task = pager.loadMore() { tasks.append(task) }
        // Wait until the server holds the request, then call 999 more times without suspending:
        // the pager lives on the main actor, so it cannot apply the page before the loop ends,
        // and every call lands while the page is in flight (no timing involved).
        #expect(await waitUntil(interval: .milliseconds(20)) { (try? await server.stats().pages["c0"]?["1"]) == 1 })
        var callsInFlight = 1
        for _ in 1..<1000 where pager.state.isLoading {
            if let task = pager.loadMore() { tasks.append(task) }
            callsInFlight += 1
        }
        for task in tasks { await task.value }
        #expect(callsInFlight == 1000)
        #expect(pager.snapshot.ids == Self.ids(0..<20))
        let stats = try await server.stats()
        #expect(stats.pages["c0"] == ["0": 1, "1": 1])
        #expect(pager.requestCount == 2)
        #expect(pager.pagesLoaded == 2)
    }

    @Test func refreshDuringASlowLoadMoreDiscardsTheStalePage() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40"])
        defer { server.stop() }
        let pager = try Self.pager(server, timeout: 3)
        await pager.refresh().value
        try await server.queueFaults([.delay(1)])
        let stale = pager.loadMore()
        #expect(await waitUntil(interval: .milliseconds(20)) { (try? await server.stats().pages["c0"]?["1"]) == 1 })
        let refresh = pager.refresh()
        await refresh.value
        await stale?.value
        #expect(pager.state == .idle)
        #expect(pager.snapshot.ids == Self.ids(0..<10))
        #expect(pager.pagesLoaded == 1)
        await pager.loadMore()?.value
        #expect(pager.snapshot.ids == Self.ids(0..<20))
        #expect(try await server.stats().pages["c0"] == ["0": 2, "1": 2])
    }

    @Test func cancelStopsASlowLoadAndTheSamePageLoadsNext() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40"])
        defer { server.stop() }
        let pager = try Self.pager(server, timeout: 10)
        await pager.refresh().value
        try await server.queueFaults([.delay(5)])
        let slow = pager.loadMore()
        #expect(await waitUntil(interval: .milliseconds(20)) { (try? await server.stats().pages["c0"]?["1"]) == 1 })
        pager.cancel()
        #expect(pager.state == .idle)
        await slow?.value
        #expect(pager.snapshot.ids == Self.ids(0..<10))
        await pager.loadMore()?.value
        #expect(pager.snapshot.ids == Self.ids(0..<20))
    }

    // MARK: Persistence

    @Test func theLastGoodFirstPageIsShownOfflineOnTheNextStart() async throws {
        let directory = try FeedFixtures.temporaryDirectory("offline")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await FeedServer.start(arguments: ["--synthetic", "40"])
        let cache = FeedPageCache(directory: directory, key: "c0")
        let online = try Self.pager(server, timeout: 3, cache: cache)
        await online.prepare()?.value
        await online.loadMore()?.value
        #expect(online.items.count == 20)
        cache.flush()
        server.stop()

        // Next start, the server is gone: the persisted first page is on screen before any answer.
        let offline = try Self.pager(server, timeout: 1, cache: FeedPageCache(directory: directory, key: "c0"))
        let refresh = offline.prepare()
        #expect(offline.snapshot.ids == Self.ids(0..<10))
        #expect(offline.isShowingCachedPage)
        #expect(offline.state == .refreshing)
        await refresh?.value
        #expect(offline.state == .failed(.offline, retryable: true))
        #expect(offline.snapshot.message == "Please check your network")
        #expect(offline.snapshot.ids == Self.ids(0..<10))
    }
}
