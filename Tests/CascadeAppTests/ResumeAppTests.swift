import CascadeFeed
import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Resume where you left off, with the real engine: the player catalog's item 0 is an 8 s clip
/// (a quarter, 2 s, counts as watched; its last 0.8 s is the end). Positions live in
/// `$XDG_STATE_HOME/cascade/resume-positions`, which script runs use only with `--preferences`.
@Suite(.serialized) struct ResumeAppTests {
    let temporary = TemporaryFolders()

    struct Run {
        let report: ScriptReport
        let status: Int32?
        let stderr: String
        /// The index of the first step with each action text.
        var step: [String: Int] {
            var result: [String: Int] = [:]
            for i in report.steps.indices {
                if case let action = report.steps[i].action, result[action] == nil { result[action] = i }
            }
            return result
        }
        func player(_ i: Int) -> ScriptReport.Player { report.state(i).player }
        func progress(_ i: Int, item: Int) -> Double? {
            let items = report.state(i).visibleItems
            return items.first { $0.index == item }?.progress
        }
    }

    @Test func playToThreeSecondsGoBackAndReopenResumesThereEvenAfterARestart() throws {
        let work = try temporary.make("cascade-resume")
        let file = work.appendingPathComponent("state/cascade/resume-positions")

        // Watch 3 s, go back: the cell shows a bar; reopening offers "Resume from 0:03".
        let first = try run(
            """
            wait-idle
            tap-item 0
            play
            wait-position 3
            back
            screenshot watched
            tap-item 0
            screenshot offer
            resume
            wait 600ms
            back
            """, in: work)
        #expect(first.status == 0, "\(first.stderr)")
        for i in first.report.steps.indices { #expect(first.report.ok(i), "step \(i): \(first.report.steps[i])") }
        let step = first.step
        let left = first.player(step["wait-position 3"]!).position
        #expect(left >= 3)

        let reopened = first.player(step["screenshot offer"]!)
        let offer = try #require(reopened.resumeOffer, "\(reopened)")
        // Recorded when going back, a few frames after the position above.
        #expect(offer >= left && offer - left < 0.5, "left at \(left), offered \(offer)")
        #expect(reopened.resumeOfferText == "Resume from 0:03")
        #expect(reopened.resumeOfferFocused == true)
        #expect(reopened.playButtonVisible == false)
        #expect(reopened.state == "idle")

        // Resume plays on from where it was left: at most the time since the click later, and
        // not more than 0.5 s before it.
        let clicked = first.player(step["resume"]!)
        #expect(clicked.resumeOffer == nil)
        #expect(Self.resumed(clicked, later: first.player(step["wait 600ms"]!), from: offer).isEmpty)

        // The feed's cell of item 0 has a bar as long as the part watched; item 1 has none.
        let watched = step["screenshot watched"]!
        let fraction = try #require(first.progress(watched, item: 0))
        #expect(abs(fraction - offer / 8) < 0.01, "bar \(fraction) for \(offer) s of 8 s")
        #expect(first.progress(watched, item: 1) == nil)
        let problems = try barProblems(
            png: work.appendingPathComponent("watched.png"), report: first.report, step: watched, item: 0,
            fraction: fraction)
        #expect(problems.isEmpty, "\(problems)")
        let unwatched = try barProblems(
            png: work.appendingPathComponent("watched.png"), report: first.report, step: watched, item: 1,
            fraction: nil)
        #expect(unwatched.isEmpty, "\(unwatched)")
        // Controls: the check tells a bar from none, both ways.
        let png = work.appendingPathComponent("watched.png")
        #expect(!(try barProblems(png: png, report: first.report, step: watched, item: 1, fraction: 0.4)).isEmpty)
        #expect(!(try barProblems(png: png, report: first.report, step: watched, item: 0, fraction: nil)).isEmpty)
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("player-000"), "\(saved)")

        // A script run without --preferences neither reads nor writes the positions.
        let isolated = try run("wait-idle\ntap-item 0\n", in: work, preferences: false)
        #expect(isolated.status == 0, "\(isolated.stderr)")
        #expect(isolated.player(1).resumeOffer == nil)
        #expect(isolated.progress(0, item: 0) == nil)
        #expect(try String(contentsOf: file, encoding: .utf8) == saved)

        // Restart: the bar and the offer are back; Play (the default) resumes there.
        let second = try run(
            """
            wait-idle
            tap-item 0
            play
            wait 800ms
            back
            tap-item 0
            start-over
            wait-position 0.3
            seek 7
            wait-position 7.9
            wait 1500ms
            back
            tap-item 0
            play
            wait-position 0.2
            back
            """, in: work)
        #expect(second.status == 0, "\(second.stderr)")
        for i in second.report.steps.indices { #expect(second.report.ok(i), "step \(i): \(second.report.steps[i])") }
        let s = second.step
        #expect(second.progress(0, item: 0) != nil)
        let restartOffer = try #require(second.player(s["tap-item 0"]!).resumeOffer)
        #expect(abs(restartOffer - saved.resumedSeconds) < 0.01, "offered \(restartOffer), file \(saved)")
        let resumed = Self.resumed(
            second.player(s["play"]!), later: second.player(s["wait 800ms"]!), from: restartOffer)
        #expect(resumed.isEmpty, "\(resumed)")

        // Start over plays from 0; played to the end, the video is forgotten and starts at 0.
        #expect((second.player(s["wait-position 0.3"]!).position) < 1.5)
        let ended = second.player(s["wait 1500ms"]!)
        #expect(ended.state == "stopped")
        let afterEnd = second.player(s["wait 1500ms"]! + 2)
        #expect(afterEnd.resumeOffer == nil, "\(afterEnd)")
        #expect(afterEnd.playButtonVisible == true)
        #expect((second.player(s["wait-position 0.2"]!).position) < 1.5)
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("player-000"))
    }

    @Test func enterOnTheFocusedOfferResumesWithRealKeys() async throws {
        let work = try temporary.make("cascade-resume")
        let catalog = try PlayerCatalog.directory()
        try await leave(item: 0, at: 3, of: 8, in: work)
        let scriptURL = work.appendingPathComponent("script.txt")
        try ("wait-idle\ntap-item 0\n" + String(repeating: "wait 250ms\n", count: 60)).write(
            to: scriptURL, atomically: true, encoding: .utf8)
        let reportURL = work.appendingPathComponent("report.json")
        // A display of its own: other app tests' windows and keys cannot get in the way.
        let display = try PrivateDisplay()
        let child = try CascadeProcess(
            arguments: [
                "--preferences", "--catalog", catalog.path, "--carousel-interval", "0", "--script", scriptURL.path,
                "--report", reportURL.path,
            ],
            environment: [
                "XDG_STATE_HOME": work.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
                "XDG_CACHE_HOME": work.appendingPathComponent("cache").path, "DISPLAY": display.name,
            ])
        defer { child.kill() }

        let offered = try #require(
            Self.poll(reportURL, timeout: 30) { ($0.resumeOffer) == 3 }, "stderr: \(child.stderr)")
        #expect(offered.resumeOfferFocused == true)
        let search =
            PlayerPageTests.xdotool(
                ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "Cascade"],
                display: display.name)
            ?? ""
        let id = try #require(search.split(separator: "\n").first.map(String.init), "no Cascade window")
        // Return is not a player key: only the focused default button can take it.
        _ = PlayerPageTests.xdotool(["key", "--window", id, "Return"], display: display.name)
        let playing = Self.poll(reportURL, timeout: 10) { player in
            player.state == "playing" && (player.position) > 3.2
        }
        #expect(playing != nil, "Return on the offer did not resume; stderr: \(child.stderr)")
        #expect((playing?.position ?? 99) < 7)
    }

    @Test func theOfferReadsInChineseUnderAChineseLocale() async throws {
        let work = try temporary.make("cascade-resume")
        try await leave(item: 0, at: 3, of: 8, in: work)
        let locale = work.appendingPathComponent("locale")
        try ChildProcess.run(
            "/bin/bash", [Repository.root.appendingPathComponent("scripts/build-locales.sh").path, locale.path])
        let result = try run(
            "wait-idle\ntap-item 0\nscreenshot offer-zh\n", in: work,
            environment: [
                "LANG": "zh_CN.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "",
                "CASCADE_LOCALEDIR": locale.path,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.player(2).resumeOfferText == "从 0:03 继续播放")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("offer-zh.png").path))
    }

    @Test func aDamagedPositionsFileIsIgnoredWithAWarning() throws {
        let work = try temporary.make("cascade-resume")
        let file = work.appendingPathComponent("state/cascade/resume-positions")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xFF, 0x00, 0xFE, 0x0A, 0x31]).write(to: file)
        let result = try run("wait-idle\ntap-item 0\n", in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning:") && result.stderr.contains("resume-positions"), "\(result.stderr)")
        #expect(result.player(1).resumeOffer == nil)
        #expect(result.player(1).playButtonVisible == true)
    }

    // MARK: Helpers

    /// Polls the report until the player state of its latest step satisfies `condition`
    /// (bounded); that state, or nil.
    static func poll(_ url: URL, timeout: Double, _ condition: (ScriptReport.Player) -> Bool) -> ScriptReport.Player? {
        var found: ScriptReport.Player?
        waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(100)) {
            guard let report = ScriptReport(url: url), let last = report.steps.indices.last,
                case let player = report.state(last).player, condition(player)
            else { return false }
            found = player
            return true
        }
        return found
    }

    /// What is wrong with playback resumed from `offer` at the step `clicked`, as seen at the
    /// later step `later`: it must be playing, at a position no more than 0.5 s before `offer`
    /// and no further past it than the time since the click (plus 0.5 s).
    static func resumed(_ clicked: ScriptReport.Player, later: ScriptReport.Player, from offer: Double) -> [String] {
        let since = (later.clock) - (clicked.clock)
        let position = later.position
        var problems: [String] = []
        if later.state != "playing" { problems.append("state \(later.state)") }
        if position < offer - 0.5 || position > offer + since + 0.5 {
            problems.append("at \(position) s \(since) s after resuming from \(offer) s")
        }
        return problems
    }

    /// Writes the positions file as an earlier run leaves it: the player catalog's item `item`
    /// left at `position` of `duration` seconds (keyed by the item's video URL as the app
    /// decodes it from the catalog).
    func leave(item: Int, at position: Double, of duration: Double, in work: URL) async throws {
        let catalog = FeedCatalog.directory(try PlayerCatalog.directory())
        let channel = try #require(try await catalog.channels().first)
        let page = try await catalog.loader(for: channel).page(number: 0, size: 10)
        let video = try #require(page.items.indices.contains(item) ? page.items[item] : nil).videoURL
        let file = work.appendingPathComponent("state/cascade/resume-positions")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = "cascade-resume-positions 1\n\(position)\t\(duration)\t\(video.absoluteString)\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func run(
        _ script: String, in work: URL, preferences: Bool = true, environment: [String: String] = [:]
    ) throws -> Run {
        let catalog = try PlayerCatalog.directory()
        let result = try CascadeProcess.runScript(
            script, in: work,
            arguments: (preferences ? ["--preferences"] : []) + [
                "--catalog", catalog.path, "--carousel-interval", "0",
            ],
            environment: [
                "XDG_STATE_HOME": work.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
            ].merging(environment) { $1 })
        let report = try #require(result.report, "no report: \(result.stderr)")
        return Run(report: report, status: result.status, stderr: result.stderr)
    }

    /// Checks the bar along the bottom of item `item`'s cover in a screenshot: the accent fill
    /// covers `fraction` of the width (nil: no fill anywhere), and only the bar's rows.
    func barProblems(png: URL, report: ScriptReport, step: Int, item: Int, fraction: Double?) throws -> [String] {
        let image = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        let origin = report.state(step).feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        let cell = try #require(report.visibleItems(step).first { $0.index == item })
        let left = Int(saturatingRounded: origin[0] + cell.frame[0])
        let width = Int(saturatingRounded: cell.frame[2])
        let coverBottom = Int(saturatingRounded: origin[1] + cell.frame[1] - offset + cell.coverFrame[3])
        var problems: [String] = []
        let bar = Self.accentShare(image, y: coverBottom - 2, from: left + 2, to: left + width - 2)
        guard let fraction else {
            if bar.share > 0.02 { problems.append("item \(item): \(bar.share) of its bottom row is the bar's colour") }
            return problems
        }
        let end = left + Int(saturatingRounded: Double(width) * fraction)
        let filled = Self.accentShare(image, y: coverBottom - 2, from: left + 2, to: end - 2)
        let rest = Self.accentShare(image, y: coverBottom - 2, from: end + 3, to: left + width - 2)
        let above = Self.accentShare(image, y: coverBottom - 8, from: left + 2, to: end - 2)
        if filled.share < 0.95 { problems.append("item \(item): the fill covers \(filled.share) of 0..\(end)") }
        if rest.share > 0.02 { problems.append("item \(item): \(rest.share) past the fill is the fill's colour") }
        if above.share > 0.2 { problems.append("item \(item): the bar is taller than 4 px (\(above.share) above)") }
        return problems
    }

    /// The share of pixels of row `y` in `from..<to` within 40 per channel of the bar's accent
    /// colour (#ff3b5c).
    static func accentShare(_ image: DecodedImage, y: Int, from: Int, to: Int) -> (share: Double, count: Int) {
        let x0 = max(0, from)
        let x1 = min(image.width, to)
        guard y >= 0, y < image.height, x0 < x1 else { return (0, 0) }
        var hits = 0
        for x in x0..<x1 {
            let p = y * image.bytesPerRow + x * 4
            let r = Int(image.pixels[p])
            let g = Int(image.pixels[p + 1])
            let b = Int(image.pixels[p + 2])
            if abs(r - 0xFF) <= 40 && abs(g - 0x3B) <= 40 && abs(b - 0x5C) <= 40 { hits += 1 }
        }
        return (Double(hits) / Double(x1 - x0), x1 - x0)
    }
}

extension String {
    /// The position of the first entry of a resume-positions file's text (0 if none).
    fileprivate var resumedSeconds: Double {
        split(separator: "\n").first { $0.first?.isNumber == true }
            .flatMap { $0.split(separator: "\t").first }.flatMap { Double($0) } ?? 0
    }
}
