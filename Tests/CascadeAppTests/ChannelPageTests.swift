import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The channel page against the feed server: swipes, tabs, and one first-page request per channel.
@Suite(.serialized) struct ChannelPageTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    func run(script: String, server: FeedServer) throws -> (ScriptReport, Int32?) {
        let dir = try temporary.make("cascade-channels")
        let result = try CascadeProcess.runScript(
            script, in: dir, arguments: ["--feed-server", server.baseURL.absoluteString])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        return (report, result.status)
    }

    @Test func swipingThroughAllChannelsTwiceRequestsEachFirstPageOnce() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "30", "--channels", "5"])
        defer { server.stop() }
        var script = "wait-idle\n"
        for _ in 0..<2 {
            script += String(repeating: "swipe-page next\nwait-idle\n", count: 4)
            script += String(repeating: "swipe-page prev\nwait-idle\n", count: 4)
        }
        script += "tap-tab 3\nwait-idle\n"
        let (report, status) = try run(script: script, server: server)
        #expect(status == 0)
        for i in report.steps.indices { #expect(report.ok(i), "step \(i): \(report.steps[i].error ?? "")") }

        let stats = try await server.stats()
        for channel in 0..<5 {
            #expect(
                stats.pages["c\(channel)"]?["0"] == 1, "channel c\(channel) pages: \(stats.pages["c\(channel)"] ?? [:])"
            )
        }
        // Each settled page shows its own channel's items, and the indicator sits under its tab.
        for i in report.steps.indices where (report.steps[i].action) == "wait-idle" {
            let channel = report.state(i).channel
            let ids = report.visibleItems(i).map(\.id)
            #expect(!ids.isEmpty)
            #expect(ids.allSatisfy { $0.hasPrefix("c\(channel)-") }, "step \(i) channel \(channel): \(ids.prefix(3))")
            // The synthetic covers are flat colours, so pixels are checked in ChannelDrawingTests;
            // here the drawn cells must be the model's.
            let problems = ScreenCheck.drawnVersusModel(report, step: i)
            #expect(problems.isEmpty, "\(problems)")
            let tabs = report.state(i).tabs
            #expect(tabs?.indicator == tabs?.selectedTab)
        }
        #expect(report.state(report.steps.count - 1).channel == 3)
        // Only a few page views are built at a time; every channel's data stays.
        let feeds = report.state(report.steps.count - 1).feeds
        #expect(feeds.count == 5)
        #expect(feeds.filter { $0.built == true }.count <= 3)
        #expect(feeds.allSatisfy { ($0.items) >= 10 })
    }
}
