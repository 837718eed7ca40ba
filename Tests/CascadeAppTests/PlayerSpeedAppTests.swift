import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

extension PlayerPageTests {
    // MARK: Speed and frame steps, with real keys

    /// `]` and `[` (xdotool) step the speed through 1.25×… up to 2× and down to 0.5×, the
    /// position advancing at that rate and the controls' speed menu showing it; `.` and `,`
    /// while paused move one frame (the clip has 25 a second) each way and stay paused.
    @Test func bracketKeysChangeTheSpeedAndCommaAndPeriodStepFramesWhilePaused() throws {
        let dir = try temporaryDirectory()
        let scriptURL = dir.appendingPathComponent("script.txt")
        try ("wait-idle\ntap-item 0\nplay\nwait-position 0.3\n" + String(repeating: "wait 250ms\n", count: 160))
            .write(to: scriptURL, atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("report.json")
        let display = try PrivateDisplay()
        let child = try CascadeProcess(
            arguments: [
                "--catalog", try PlayerCatalog.directory().path, "--carousel-interval", "0", "--script",
                scriptURL.path, "--report", reportURL.path,
            ],
            environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name])
        defer { child.kill() }
        let playing = poll(reportURL, timeout: 30) { $0.player.state == "playing" && $0.player.position >= 0.3 }
        try #require(playing != nil, "the clip did not play; stderr: \(child.stderr)")
        #expect(playing?.player.rate == 1 && playing?.player.speedText == "1×")
        let search = Self.xdotool(
            ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "Cascade"], display: display.name)
        let id = try #require(search?.split(separator: "\n").first.map(String.init), "no Cascade window")
        let key = { (name: String) in _ = Self.xdotool(["key", "--window", id, name], display: display.name) }

        // Two `]`: 1.5×, and the clip plays half again as fast as the wall clock.
        key("bracketright")
        key("bracketright")
        let fast = try #require(
            poll(reportURL, timeout: 5) { $0.player.rate == 1.5 && $0.player.state == "playing" },
            "] ] did not reach 1.5×")
        #expect(fast.player.speedText == "1.5×")
        let fastRate = try measuredRate(reportURL, from: fast)
        #expect(fastRate > 1.2 && fastRate < 1.8, "at 1.5× the position moved \(fastRate) s a second")

        // Five `[`: 1.25, 1, 0.75, 0.5, and 0.5 again (the slowest).
        for _ in 0..<5 { key("bracketleft") }
        let slow = try #require(
            poll(reportURL, timeout: 5) { $0.player.rate == 0.5 && $0.player.speedText == "0.5×" },
            "five [ did not reach 0.5×")
        let slowRate = try measuredRate(reportURL, from: slow)
        #expect(slowRate > 0.3 && slowRate < 0.7, "at 0.5× the position moved \(slowRate) s a second")
        key("bracketright")
        key("bracketright")
        #expect(poll(reportURL, timeout: 5) { $0.player.rate == 1 } != nil, "] ] did not return to 1×")

        // Paused, `.` shows the next frame and `,` the previous one.
        key("space")
        let paused = try #require(poll(reportURL, timeout: 5) { $0.player.state == "paused" }, "Space did not pause")
        key("period")
        let first = try #require(
            poll(reportURL, timeout: 5) { abs($0.player.position - paused.player.position) > 0.001 },
            "`.` did not move the frame")
        let step = first.player.position
        key("period")
        let second = poll(reportURL, timeout: 5) { abs($0.player.position - (step + 0.04)) < 0.011 }
        #expect(second != nil, "the second `.` did not move one frame on from \(step)")
        key("comma")
        key("comma")
        let back = poll(reportURL, timeout: 5) { abs($0.player.position - (step - 0.04)) < 0.011 }
        #expect(back != nil, "two `,` did not move two frames back from \(step + 0.04)")
        #expect(back?.player.state == "paused", "a frame step started playback")
    }

    /// Seconds of media per second of the app's clock, over at least 1.5 s after `start`.
    private func measuredRate(_ url: URL, from start: ScriptReport.State) throws -> Double {
        let end = try #require(
            poll(url, timeout: 10) { $0.player.clock >= start.player.clock + 1.5 && $0.player.state == "playing" },
            "playback stopped while measuring")
        return (end.player.position - start.player.position) / (end.player.clock - start.player.clock)
    }
}
