import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The app against the feed server with faults: the alert says what happened, the items stay,
/// and a retry loads again.
@Suite(.serialized) struct FeedFaultTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let faults: [FeedServer.Fault]
        let alert: String
        var description: String { name }
    }

    static let cases: [Case] = [
        // A delay past the 1 s timeout, on the request and both retries.
        Case(
            name: "timeout", faults: Array(repeating: .delay(2.5), count: 3),
            alert: "Loading timed out — Please check your network"),
        Case(
            name: "500", faults: Array(repeating: .status(500), count: 3),
            alert: "Couldn't load videos — The server answered 500"),
        Case(name: "malformed", faults: [.malformed], alert: "Couldn't load videos — The feed could not be read"),
    ]

    @Test(arguments: cases)
    func aFailedLoadMoreAlertsKeepsItemsAndRetries(fault: Case) async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40", "--channels", "1"])
        defer { server.stop() }
        let dir = try temporary.make("cascade-faults")
        // Step 0 settles the first screen; the test queues the faults while step 1 waits; step 2
        // reaches the end, which needs the next page; the pull retries.
        let script = """
            wait-idle
            wait 1500ms
            scroll-to-end
            wait-idle
            pull-refresh
            wait-idle
            scroll-to-end
            wait-idle
            scroll-to-end
            wait-idle
            scroll-to-end
            wait-idle
            """
        try script.write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.json")
        let child = try CascadeProcess(
            arguments: [
                "--feed-url", server.feedTemplate(channel: "c0"), "--request-timeout", "1", "--columns", "2",
                "--script", dir.appendingPathComponent("s.txt").path, "--report", report.path,
            ], environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        defer { child.kill() }
        _ = try #require(ScriptReport.waitForSteps(1, at: report, timeout: 60), "stderr: \(child.stderr)")
        try await server.queueFaults(fault.faults)
        let status = child.wait(timeout: 120)
        let result = try #require(ScriptReport(url: report))
        #expect(status == 0, "stderr: \(child.stderr)")

        let before = result.feed(0).items
        #expect(before >= 10)
        // After the failed load-more: the alert, the footer's retry text, and every item kept.
        #expect(result.state(3).alert == fault.alert)
        #expect(result.feed(3).state == "failed")
        #expect(result.feed(3).footer == "Couldn't load — click to retry")
        #expect((result.feed(3).items) >= before)
        // The pull dismissed the alert (OK) and reloaded; scrolling then reaches the end.
        #expect(result.state(5).alert == nil)
        let last = result.steps.count - 1
        #expect(result.feed(last).items == 40)
        #expect(result.feed(last).state == "exhausted")
        for i in result.steps.indices {
            let ids = result.visibleItems(i).map(\.id)
            #expect(Set(ids).count == ids.count)
        }
    }

    @Test func aClickOnTheFooterRetriesAFailedLoadMore() async throws {
        let result = try await Self.afterAFailedLoadMore("tap-footer", in: temporary.make("cascade-footer"))
        #expect(result.feed(3).state == "failed")
        let failedItems = result.feed(3).items
        // The click dismissed the alert (OK first, as a user must) and loaded the next page.
        #expect(result.ok(4))
        #expect(result.state(5).alert == nil)
        #expect((result.feed(5).items) > failedItems)
        #expect(result.feed(5).state != "failed")
    }

    /// A wheel scrolling on at the bottom of a feed whose load-more failed retries it, once per
    /// gesture: `scroll-by` is that gesture (the scroll handler, then its end).
    @Test func aScrollAtTheBottomRetriesAFailedLoadMore() async throws {
        let result = try await Self.afterAFailedLoadMore("scroll-by 0 120", in: temporary.make("cascade-scroll-retry"))
        #expect(result.feed(3).state == "failed")
        let failedItems = result.feed(3).items
        let requests = result.feed(3).requests
        // At the bottom already: the scroll dismissed the alert (OK first) and asked again.
        #expect(result.feed(3).offset == result.feed(3).maxOffset)
        #expect(result.ok(4))
        #expect(result.feed(5).requests > requests)
        #expect(result.state(5).alert == nil)
        #expect(result.feed(5).items > failedItems)
        #expect(result.feed(5).state != "failed")
    }

    /// Runs `action` (step 4, then `wait-idle`) at the end of a feed whose load-more failed with
    /// status 500 (step 3), and returns the report.
    static func afterAFailedLoadMore(_ action: String, in dir: URL) async throws -> ScriptReport {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40", "--channels", "1"])
        defer { server.stop() }
        try "wait-idle\nwait 1500ms\nscroll-to-end\nwait-idle\n\(action)\nwait-idle\n".write(
            to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.json")
        let child = try CascadeProcess(
            arguments: [
                "--feed-url", server.feedTemplate(channel: "c0"), "--request-timeout", "1", "--columns", "2",
                "--script", dir.appendingPathComponent("s.txt").path, "--report", report.path,
            ], environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        defer { child.kill() }
        _ = try #require(ScriptReport.waitForSteps(1, at: report, timeout: 60), "stderr: \(child.stderr)")
        try await server.queueFaults(Array(repeating: .status(500), count: 3))
        #expect(child.wait(timeout: 120) == 0, "stderr: \(child.stderr)")
        return try #require(ScriptReport(url: report))
    }
}
