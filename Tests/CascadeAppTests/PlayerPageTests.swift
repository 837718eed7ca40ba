import CascadeFeed
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The player page of the app, driven by scripts (and real X input) under the test command's Xvfb.
///
/// The catalog has one channel of three items: item 0 plays a real 8 s clip, item 1's video does
/// not exist, item 2's video is not a video (corrupt); all have real JPEG covers.
@Suite(.serialized) struct PlayerPageTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    // MARK: Playback

    @Test func playbackAdvancesSeeksLeavesFullscreenAtTheEndAndShowsTheCoverAgain() throws {
        let script = """
            wait-idle
            tap-item 0
            screenshot player-before
            play
            wait-position 0.2
            wait 1000ms
            seek 1
            screenshot player-playing
            wait 300ms
            toggle-fullscreen
            wait 700ms
            seek 6.5
            wait-position 7.9
            wait 1500ms
            screenshot player-ended
            back
            wait 1000ms
            """
        let (report, dir, status) = try runScript(script)
        #expect(status == 0)
        for i in report.steps.indices { #expect(report.ok(i), "step \(i) \(report.steps[i].action) failed") }
        let step = steps(report)

        // Before playback: the cover and the play button, no controls.
        let before = report.player(step["screenshot player-before"]!)
        #expect(before.state == "idle")
        #expect(before.coverVisible == true)
        #expect(before.coverLoaded == true)
        #expect(before.playButtonVisible == true)
        let button = try #require(before.playButtonFrame)
        #expect(button[2] == 44 && button[3] == 44)
        let video = try #require(before.videoFrame)
        #expect(abs(video[2] / video[3] - 16.0 / 9.0) < 0.01)
        #expect(abs((button[0] + 22) - (video[0] + video[2] / 2)) <= 1)
        #expect(abs((button[1] + 22) - (video[1] + video[3] / 2)) <= 1)

        // Playing: the position follows wall time, controls shown, cover gone.
        let started = report.player(step["wait-position 0.2"]!)
        let later = report.player(step["wait 1000ms"]!)
        #expect(later.state == "playing")
        #expect(report.player(step["screenshot player-playing"]!).controlsVisible == true)
        #expect(later.coverVisible == false)
        #expect(abs((later.duration) - 8) < 0.1)
        let advanced = (later.position) - (started.position)
        let elapsed = (later.clock) - (started.clock)
        #expect(elapsed > 0.9)
        #expect(abs(advanced - elapsed) < 0.35, "position moved \(advanced) s in \(elapsed) s")

        // The seek lands within 0.5 s of its target (allowing for the time played since); the
        // seek showed the controls, and the screenshot has them.
        let seeked = report.player(step["wait 300ms"]!)
        let sinceSeek = (seeked.clock) - (report.player(step["seek 1"]!).clock)
        let landed = (seeked.position) - sinceSeek
        #expect(seeked.state == "playing")
        #expect(abs(landed - 1) <= 0.5, "landed at \(landed)")

        // Fullscreen was entered, then at the end left before the stop; the cover is back.
        #expect(report.player(step["wait 700ms"]!).fullscreen == true)
        let ended = report.player(step["screenshot player-ended"]!)
        #expect(ended.state == "stopped")
        #expect(ended.fullscreen == false)
        #expect(ended.coverVisible == true)
        #expect(ended.playButtonVisible == true)
        #expect(report.player(report.steps.count - 1).livePipelines == 0)
        let history = ended.history
        let on = try #require(history.firstIndex(of: "fullscreen:on"), "\(history)")
        let end = try #require(history[on...].firstIndex(of: "ended"), "\(history)")
        let off = try #require(history[end...].firstIndex(of: "fullscreen:off"), "\(history)")
        #expect(history[off...].contains("stopped"), "\(history)")

        #expect(report.state(step["back"]!).screen == "feed")
        for name in ["player-before", "player-playing", "player-ended"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(name).png").path))
        }
    }

    // MARK: Failures

    @Test func missingAndCorruptVideosShowAMessageWithRetry() throws {
        let script = """
            wait-idle
            tap-item 1
            play
            wait 1500ms
            screenshot player-error
            play
            wait 1500ms
            back
            tap-item 2
            play
            wait 2500ms
            back
            """
        let (report, _, status) = try runScript(script)
        #expect(status == 0)
        for i in report.steps.indices { #expect(report.ok(i), "step \(i) \(report.steps[i].action) failed") }
        let step = steps(report)

        let missing = report.player(step["screenshot player-error"]!)
        #expect(missing.state == "failed")
        #expect((missing.error ?? "").contains("not found"))
        #expect(missing.retryVisible == true)
        // Retry (the script's play on a failure presses Retry) loads again and fails again.
        let retried = report.player(6)
        #expect(retried.state == "failed")
        #expect(retried.history == ["idle", "loading", "failed", "loading", "failed"])

        let corrupt = report.player(10)
        #expect(corrupt.state == "failed")
        #expect(!(corrupt.error ?? "").isEmpty)
        #expect(corrupt.retryVisible == true)
        #expect((report.player(11).livePipelines) <= 1)
    }

    @Test func playerActionsFailCleanlyOffThePlayerPage() throws {
        let (report, _, status) = try runScript("wait-idle\nplay\nseek 1\nwait-position 1\ntoggle-fullscreen\n")
        #expect(status == 1)
        for i in 1...4 {
            #expect(!report.ok(i))
            #expect(report.steps[i].error == "the player page is not shown")
        }
    }

    // MARK: Real input

    @Test func realClicksOpenThePlayerAndStartPlayback() throws {
        let dir = try temporaryDirectory()
        let scriptURL = dir.appendingPathComponent("script.txt")
        try ("wait-idle\n" + String(repeating: "wait 500ms\n", count: 80)).write(
            to: scriptURL, atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("report.json")
        let catalog = try PlayerCatalog.directory()
        // A display of its own: other app tests' windows and clicks cannot get in the way.
        let display = try PrivateDisplay()
        let child = try CascadeProcess(
            arguments: [
                "--catalog", catalog.path, "--carousel-interval", "0", "--script", scriptURL.path, "--report",
                reportURL.path,
            ],
            environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name])
        defer { child.kill() }
        let xdotool = { (arguments: [String]) in Self.xdotool(arguments, display: display.name) }

        let first = try #require(ScriptReport.waitForSteps(1, at: reportURL, timeout: 30), "stderr: \(child.stderr)")
        let search = xdotool(["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "Cascade"]) ?? ""
        let id = try #require(search.split(separator: "\n").first.map(String.init), "no Cascade window")
        let cell = try #require(first.visibleItems(0).first { $0.index == 0 })
        let origin = first.state(0).feedOrigin ?? [0, 0]
        let offset = first.feed(0).offset ?? 0
        // Other app tests may map their windows over ours at any time: raise and click again
        // (at most three times) until the click lands.
        var opened: ScriptReport.State?
        for _ in 0..<3 where opened == nil {
            try click(
                display: display.name, window: id, x: origin[0] + cell.frame[0] + cell.frame[2] / 2,
                y: origin[1] + cell.frame[1] - offset + 20)
            opened = poll(reportURL, timeout: 3) { ($0.screen) == "player" }
        }
        let page = try #require(opened, "the click did not open the player")
        let frame = try #require((page.player).playButtonFrame)
        var started: ScriptReport.State?
        for _ in 0..<3 where started == nil {
            try click(display: display.name, window: id, x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2)
            started = poll(reportURL, timeout: 3) { state in
                state.player.state != "idle"
            }
        }
        #expect(started != nil, "the click on the play button did not start playback")
        let moving = poll(reportURL, timeout: 10) { state in
            let player = state.player
            return player.state == "playing" && (player.position) > 0.2
        }
        #expect(moving != nil, "the click on the play button did not start playback; stderr: \(child.stderr)")
        let video = try #require((page.player).videoFrame)

        // The controls hide by themselves while playing; moving the pointer over the video shows them.
        let hidden = poll(reportURL, timeout: 8) {
            (($0.player).controlsVisible) == false
        }
        #expect(hidden != nil, "the controls never hid")
        // The pointer hid with them: X shows a blank cursor over the page (read through XFIXES).
        let blank = XCursor.wait(display: display.name) { $0 == 0 }
        #expect(blank == 0, "the cursor has \(blank.map(String.init) ?? "unreadable") opaque pixels")
        #expect(hidden?.player.pointerHidden == true)
        _ = xdotool(["mousemove", "--window", id, "\(Int(video[0] + 100))", "\(Int(video[1] + 100))"])
        let shown = poll(reportURL, timeout: 4) {
            (($0.player).controlsVisible) == true
        }
        #expect(shown != nil, "pointer motion did not show the controls")
        let visible = XCursor.wait(display: display.name) { $0 > 0 }
        #expect((visible ?? 0) > 0, "the cursor stayed blank after motion")

        // A vertical drag down the left half dims the picture; Space pauses.
        let x = Int(video[0] + video[2] / 4)
        let y = Int(video[1] + video[3] / 4)
        _ = xdotool([
            "mousemove", "--window", id, "\(x)", "\(y)", "mousedown", "1", "mousemove", "--window", id, "\(x)",
            "\(y + 20)", "mousemove", "--window", id, "\(x)", "\(y + 120)", "mouseup", "1",
        ])
        _ = xdotool(["key", "--window", id, "space"])
        let after = poll(reportURL, timeout: 4) { state in
            let player = state.player
            return player.state == "paused" && (player.brightness) < 0.9
        }
        #expect(after != nil, "the drag did not dim the picture or Space did not pause")

        // J skips 10 s back, clamped to the start (the 8 s clip is paused before 8 s); L skips
        // 10 s forward, clamped to the end, where the video ends and stops as any end does.
        _ = xdotool(["key", "--window", id, "j"])
        let start = poll(reportURL, timeout: 8) { state in
            state.player.state == "paused" && abs(state.player.position) < 0.05
        }
        #expect(start != nil, "J did not skip back to the start")
        _ = xdotool(["key", "--window", id, "l"])
        let end = poll(reportURL, timeout: 8) { state in
            let player = state.player
            return (player.state == "paused" && player.position >= 7.95)
                || (player.state == "stopped" && player.history.last(where: { $0 == "ended" }) != nil)
        }
        #expect(end != nil, "L did not skip to the end")
    }

    // MARK: Resources

    @Test func goingBackAndForthTwentyTimesReleasesEveryPipeline() throws {
        var script = "wait-idle\n"
        for _ in 0..<20 { script += "tap-item 0\nplay\nwait-position 0.1\nback\n" }
        script += "wait-idle\n"
        let (report, _, status) = try runScript(script, timeout: 120)
        #expect(status == 0)
        for i in report.steps.indices { #expect(report.ok(i), "step \(i) \(report.steps[i].action) failed") }
        let backs = report.steps.indices.filter { report.steps[$0].action == "back" }
        #expect(backs.count == 20)
        // The player page holds its video's pipeline and the neighbour's pre-roll; `back` stops
        // both, and a pre-roll stopped before it settled lives on until it does (at most
        // `PlaybackPipeline.settleWait`): at most that one after each back, none once idle.
        // Engines never accumulate: the player page's one (hover previews have their own pipeline).
        let engines = report.player(1).liveEngines
        #expect(engines <= 2)
        for i in report.steps.indices.dropFirst() {
            #expect((report.player(i).livePipelines) <= 2, "step \(i)")
            #expect(report.player(i).liveEngines == engines, "step \(i)")
        }
        for i in backs { #expect(report.player(i).livePipelines <= 1, "back at step \(i)") }
        #expect(report.player(report.steps.count - 1).livePipelines == 0)
        // Resident memory settles: the last 15 round trips add less than 40 MB (a leaked
        // pipeline costs about 16 MB each).
        let early = report.state(backs[4]).rssBytes
        let late = report.state(backs[19]).rssBytes
        #expect(early > 0)
        #expect(late - early < 40_000_000, "rss grew from \(early) to \(late)")
    }

    // MARK: Helpers

    func temporaryDirectory() throws -> URL {
        let url = try temporary.make("cascade-player")
        return url
    }

    func runScript(_ script: String, timeout: Double = 60) throws -> (ScriptReport, URL, Int32?) {
        let dir = try temporaryDirectory()
        let catalog = try PlayerCatalog.directory()
        let result = try CascadeProcess.runScript(
            script, in: dir, arguments: ["--catalog", catalog.path], timeout: timeout)
        let report = try #require(result.report, "no report; stderr: \(result.stderr)")
        return (report, dir, result.status)
    }

    /// The index of the first step with each action text.
    func steps(_ report: ScriptReport) -> [String: Int] {
        var result: [String: Int] = [:]
        for i in report.steps.indices {
            if case let action = report.steps[i].action, result[action] == nil { result[action] = i }
        }
        return result
    }

    /// Polls the report until its latest state satisfies `condition` (bounded).
    func poll(_ url: URL, timeout: Double, _ condition: (ScriptReport.State) -> Bool) -> ScriptReport.State? {
        var state: ScriptReport.State?
        waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(100)) {
            guard let report = ScriptReport(url: url), let last = report.steps.indices.last else { return false }
            state = condition(report.state(last)) ? report.state(last) : nil
            return state != nil
        }
        return state
    }

    /// A real (XTEST) primary click at window coordinates.
    func click(display: String, window: String, x: Double, y: Double) throws {
        let moved = Self.xdotool(
            ["mousemove", "--window", window, "\(Int(x.rounded()))", "\(Int(y.rounded()))", "click", "1"],
            display: display)
        try #require(moved != nil, "xdotool failed")
    }

    /// Runs xdotool (bounded); its stdout, or nil if it failed.
    static func xdotool(_ arguments: [String], display: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        if !waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(20), { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

extension ScriptReport {
    /// Step `i`'s player state.
    func player(_ i: Int) -> ScriptReport.Player { state(i).player }
}
