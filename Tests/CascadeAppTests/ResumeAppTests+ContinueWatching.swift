import CascadeFeed
import CascadePixbuf
import CascadeScreens
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// "Continue watching" with the real engine and the real resume file: a video left partway
/// adds the channel after the catalog's, with the video and its bar; it is there after a
/// restart; played to its end, the channel goes away.
extension ResumeAppTests {
    static let continueID = ContinueWatching.channelID

    @Test func aVideoLeftPartwayIsInContinueWatchingUntilItIsWatchedToTheEnd() throws {
        let work = try temporary.make("cascade-continue")
        let file = work.appendingPathComponent("state/cascade/resume-positions")

        let first = try run(
            """
            wait-idle
            screenshot before
            tap-item 0
            play
            wait-position 3
            back
            wait-idle
            screenshot tabs
            tap-tab 1
            wait-idle
            screenshot continue
            """, in: work)
        #expect(first.status == 0, "\(first.stderr)")
        for i in first.report.steps.indices { #expect(first.report.ok(i), "step \(i): \(first.report.steps[i])") }
        let step = first.step
        let before = step["screenshot before"]!
        #expect(first.report.state(before).feeds.map(\.channel) == ["player"])
        let tabs = step["screenshot tabs"]!
        #expect(first.report.state(tabs).feeds.map(\.channel) == ["player", Self.continueID])
        #expect(first.report.state(tabs).channel == 0, "the channel shown stays shown")
        #expect(try tabInk(first, step: before, png: work.appendingPathComponent("before.png")).count == 1)
        let ink = try tabInk(first, step: tabs, png: work.appendingPathComponent("tabs.png"))
        #expect(ink.count == 2 && ink[1] > 8, "the new tab's title is drawn: \(ink)")

        // The channel lists the video, with its bar; its cover is drawn.
        let shown = step["screenshot continue"]!
        #expect(first.report.state(shown).channel == 1)
        let items = first.report.visibleItems(shown)
        #expect(items.map(\.id) == ["player-000"], "\(items)")
        let bar = try #require(items.first?.progress)
        #expect(abs(bar - 3 / 8) < 0.05, "bar \(bar)")
        let problems = try ScreenCheck.pixelProblems(
            png: work.appendingPathComponent("continue.png"), report: first.report, step: shown,
            decoder: PixbufImageDecoder())
        #expect(problems.isEmpty, "\(problems)")
        // The file keeps the item with its position.
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("cascade-resume-positions 2") && text.contains("\"id\":\"player-000\""), "\(text)")

        // After a restart the channel is there; watched to its end, it goes away.
        let second = try run(
            """
            wait-idle
            tap-tab 1
            wait-idle
            tap-item 0
            start-over
            wait-position 0.3
            seek 7.4
            wait-position 7.5
            back
            wait-idle
            """, in: work)
        #expect(second.status == 0, "\(second.stderr)")
        for i in second.report.steps.indices {
            #expect(second.report.ok(i), "step \(i): \(second.report.steps[i])")
        }
        #expect(second.report.state(0).feeds.map(\.channel) == ["player", Self.continueID])
        let last = second.report.steps.count - 1
        #expect(second.report.state(last).feeds.map(\.channel) == ["player"])
        #expect(second.report.state(last).channel == 0)
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("player-000"))
    }

    /// In a folder feed too: its video left partway is listed, a file URL the folder's reference
    /// policy allows; another folder's feed does not list it.
    @Test func aFolderFeedHasItsOwnContinueWatching() throws {
        let work = try temporary.make("cascade-continue-folder")
        let folder = try VideoFolderFixture(label: "cascade-continue-videos")
        defer { folder.remove() }
        _ = try folder.clip("walk.mp4", size: "320x180", duration: 20)
        let other = try VideoFolderFixture(label: "cascade-continue-other")
        defer { other.remove() }
        _ = try other.clip("swim.mp4", size: "320x180", duration: 20)
        let environment = [
            "XDG_STATE_HOME": work.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
        ]
        func run(_ script: String, _ path: String, in directory: String) throws -> ScriptReport {
            let dir = work.appendingPathComponent(directory)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let result = try CascadeProcess.runScript(
                script, in: dir, arguments: ["--preferences", "--carousel-interval", "0", path],
                environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let report = try #require(result.report, "no report: \(result.stderr)")
            for i in report.steps.indices { #expect(report.ok(i), "step \(i): \(report.steps[i])") }
            return report
        }
        let watched = try run(
            "wait-idle\ntap-item 0\nplay\nwait-position 6\nback\nwait-idle\ntap-tab 1\nwait-idle\n",
            folder.url.path, in: "first")
        let last = watched.steps.count - 1
        #expect(watched.state(last).feeds.map(\.channel).last == Self.continueID, "\(watched.state(last).feeds)")
        #expect(watched.state(last).channel == watched.state(last).feeds.count - 1)
        #expect(watched.visibleItems(last).count == 1)
        let bar = try #require(watched.visibleItems(last).first?.progress)
        #expect(bar > 0.25 && bar < 0.5, "bar \(bar)")
        let elsewhere = try run("wait-idle\n", other.url.path, in: "other")
        #expect(!elsewhere.state(0).feeds.contains { $0.channel == Self.continueID }, "\(elsewhere.state(0).feeds)")
    }

    /// The number of colours drawn inside each tab of the strip in the screenshot `png` of `step`
    /// (the strip's origin includes its scroll offset).
    func tabInk(_ run: Run, step: Int, png: URL) throws -> [Int] {
        let image = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        let tabs = try #require(run.report.state(step).tabs)
        return tabs.frames.map { frame in
            let x = Int(saturatingRounded: tabs.origin[0] + frame[0])
            let y = Int(saturatingRounded: tabs.origin[1] + frame[1])
            return ScreenCheck.colours(
                in: image, x: x + 2, y: y + 2, width: Int(saturating: frame[2]) - 4,
                height: Int(saturating: frame[3]) - 4, step: 1)
        }
    }
}
