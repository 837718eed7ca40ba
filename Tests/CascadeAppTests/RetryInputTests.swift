import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Retry where the user is, with real input: after a failed load-more, a new wheel gesture at
/// the bottom retries, and so does a mouse drag upwards past the end (MJRefresh's footer); while
/// nobody moves, no request is made.
@Suite(.serialized) struct RetryInputTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    @Test func aWheelAndThenADragPastTheEndRetryAFailedLoadMoreAndStillnessDoesNot() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40", "--channels", "1"])
        defer { server.stop() }
        // The script reaches the end once (step 2) and then only reports.
        let session = try DragSession(
            source: ["--feed-url", server.feedTemplate(channel: "c0"), "--request-timeout", "1", "--columns", "2"],
            temporary: temporary,
            script: "wait-idle\nwait 1500ms\nscroll-to-end\nwait-idle\n"
                + String(repeating: "wait 250ms\nwait-idle\n", count: 400))
        // Two failed load-mores: each is a request and its two retries.
        try await server.queueFaults(Array(repeating: .status(500), count: 6))
        let failed = try session.settled(after: 3, timeout: 30) {
            ($0.feed).state == "failed"
        }
        let failedItems = (failed.feed).items
        #expect(failed.alert != nil)
        let window = session.window

        // The user dismisses the alert (Return), then does nothing: no request for 3 s. The alert
        // is a modal dialog the window manager gives the focus: the key goes where the focus is
        // (activating the window first would race the window manager handing the focus back to
        // the dialog).
        session.x(["key", "Return"])
        _ = try session.settled(after: session.steps) { $0.alert == nil }
        try await expectNoRequest(server, seconds: 3, "after the first failure")

        // A new wheel gesture at the bottom (three clicks down over the feed): one retry, which
        // fails again (the next three faults).
        let requests = try await server.stats().totalFeedRequests
        let origin = session.origin(failed)
        session.x([
            "mousemove", "--window", window, "500", "\(Int(origin[1] + 300))", "click", "--repeat", "3", "--delay",
            "40", "5",
        ])
        #expect(
            await waitUntil(timeout: .seconds(20), interval: .milliseconds(50)) {
                (try? await server.stats().totalFeedRequests).map { $0 > requests } ?? false
            }, "the wheel at the bottom did not retry")
        let again = try session.settled(after: session.steps, timeout: 30) {
            ($0.feed).state == "failed" && $0.alert != nil
        }
        #expect(((again.feed).items) >= failedItems)
        session.x(["key", "Return"])
        _ = try session.settled(after: session.steps) { $0.alert == nil }
        try await expectNoRequest(server, seconds: 3, "after the second failure")

        // A mouse drag upwards at the bottom, past the end: this retry loads the next page.
        session.x(["mousemove", "--window", window, "500", "\(Int(origin[1] + 500))", "mousedown", "1"])
        for y in stride(from: 460, through: 200, by: -40) {
            session.x(["mousemove", "--window", window, "500", "\(Int(origin[1]) + y)", "sleep", "0.03"])
        }
        session.x(["mouseup", "1"])
        let loaded = try session.settled(after: session.steps, timeout: 30) {
            ($0.feed).items > failedItems
        }
        #expect((loaded.feed).state != "failed")
        // What the retry loaded is drawn (the synthetic feed's covers are flat colours).
        try session.act("after the retry", expecting: 0, flatCovers: true) {}
    }

    /// Expects the server to get no feed request for `seconds` (a bounded wait for one).
    func expectNoRequest(_ server: FeedServer, seconds: Int, _ when: String) async throws {
        let before = try await server.stats().totalFeedRequests
        let arrived = await waitUntil(timeout: .seconds(seconds), interval: .milliseconds(100)) {
            (try? await server.stats().totalFeedRequests).map { $0 != before } ?? false
        }
        #expect(!arrived, "a request arrived while nobody moved (\(when))")
    }
}
