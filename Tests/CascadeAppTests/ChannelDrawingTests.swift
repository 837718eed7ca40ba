import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Channel pages are drawn whenever they are shown, in any order, checked in pixels: by script,
/// and by a seeded run of real tab clicks, swipes and Ctrl+Tab presses.
@Suite(.serialized) struct ChannelDrawingTests {
    @Test func tabsInAnyOrderShowTheirCellsAndBannerAtOnce() throws {
        // An order that drops and rebuilds a page's view: Travel, Nature, then Featured (whose
        // view is dropped and rebuilt), then Travel again.
        let script = """
            wait-idle
            screenshot p0
            tap-tab 1
            wait-idle
            screenshot p1
            tap-tab 2
            wait-idle
            screenshot p2
            tap-tab 0
            wait-idle
            screenshot p3
            carousel next
            wait-idle
            tap-tab 1
            wait-idle
            screenshot p4
            swipe-page next
            wait-idle
            screenshot p5
            tap-tab 4
            wait-idle
            screenshot p6
            tap-tab 0
            wait-idle
            screenshot p7
            """
        let catalog = try TestCatalog.fiveChannels()
        let dir = try Self.temporaryDirectory()
        let result = try CascadeProcess.runScript(
            script, in: dir, arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for i in report.steps.indices {
            #expect(report.ok(i), "step \(i) \(report.steps[i].action): \(report.steps[i].error ?? "")")
            // Settled steps only: right after a move, cells may still wait for their allocation.
            guard
                ["wait-idle", "screenshot"].contains(where: {
                    (report.steps[i].action).hasPrefix($0)
                })
            else { continue }
            let problems = ScreenCheck.drawnVersusModel(report, step: i)
            #expect(problems.isEmpty, "\(problems)")
        }
        let expectedChannels = [0, 1, 2, 0, 1, 2, 4, 0]
        for (n, channel) in expectedChannels.enumerated() {
            let step = try #require(report.steps.firstIndex { ($0.action) == "screenshot p\(n)" })
            #expect(report.state(step).channel == channel)
            let problems = try ScreenCheck.pixelProblems(
                png: dir.appendingPathComponent("p\(n).png"), report: report, step: step,
                decoder: PixbufImageDecoder(), minimumCovers: 2)
            #expect(problems.isEmpty, "\(problems)")
        }
        // The rebuilt Featured page's carousel steps (it is parented and its clock ticks).
        let carousel = try #require(report.steps.firstIndex { ($0.action) == "carousel next" })
        #expect(report.state(carousel).carouselPage == 1)
        try? FileManager.default.removeItem(at: dir)
    }

    @Test func theFeedFollowsTheWindowDownAndUp() throws {
        // 1000 → 400 must lay the feed out again at 400 pt, not keep the 1000 pt layout clipped.
        let script =
            "wait-idle\nscroll-to-item 6\nwait-idle\nresize 400 700\nwait 500ms\nwait-idle\nscreenshot narrow\n"
            + "resize 1000 760\nwait 500ms\nwait-idle\nscreenshot wide\nresize 375 667\nwait 500ms\nwait-idle\n"
            + "screenshot phone\n"
        let catalog = try TestCatalog.fiveChannels()
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CascadeProcess.runScript(
            script, in: dir, arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for (name, width) in [("narrow", 400.0), ("wide", 1000.0), ("phone", 375.0)] {
            let step = try #require(report.steps.firstIndex { ($0.action) == "screenshot \(name)" })
            let right = report.visibleItems(step).map { $0.frame[0] + $0.frame[2] }.max() ?? 0
            // The columns fill the new width (10 pt inset), and nothing is wider than the window.
            #expect(right <= width - 9 && right >= width - 11, "\(name): cells end at \(right)")
            let tabs = report.state(step).tabs
            #expect((tabs?.stripWidth ?? .infinity) <= width)
            let problems =
                try ScreenCheck.pixelProblems(
                    png: dir.appendingPathComponent("\(name).png"), report: report, step: step,
                    decoder: PixbufImageDecoder(), minimumCovers: 1) + ScreenCheck.drawnVersusModel(report, step: step)
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    /// The seeds the randomized test runs: a fixed seed (round 25 of its run ends on a page that
    /// must be drawn, a hard case) and a fresh one per run, printed so a failure can be repeated
    /// with `CASCADE_RANDOM_SEED=<seed>` (which replaces the fresh one).
    static let randomSeeds: [UInt64] = [
        537_275_132,
        ProcessInfo.processInfo.environment["CASCADE_RANDOM_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64(UInt32.max)),
    ]

    /// 40 random tab clicks, swipes (horizontal wheel) and Ctrl+Tab / Ctrl+Shift+Tab presses with
    /// real X input under openbox; after each, the settled page is checked in pixels (page not
    /// blank, covers drawn) and its drawn cells against the model's.
    @Test(arguments: randomSeeds)
    func randomTabClicksSwipesAndCtrlTabAlwaysShowADrawnPage(seed: UInt64) throws {
        print(
            "randomTabClicksSwipesAndCtrlTabAlwaysShowADrawnPage: seed \(seed) (CASCADE_RANDOM_SEED=\(seed) repeats it)"
        )
        var random = SeededGenerator(seed: seed)
        let catalog = try TestCatalog.fiveChannels()
        let driver = try WindowDriver(arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])
        var settled = try driver.settle()
        var channel = settled.state.channel
        let channels = settled.state.feeds.count
        try #require(channels == 5)

        for round in 0..<40 {
            let action: String
            let origin = settled.feedOrigin
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let tab = Int.random(in: 0..<channels, using: &random)
                let centre = try #require(settled.tabCentre(tab), "no frame for tab \(tab)")
                action = "click tab \(tab)"
                driver.move(to: centre.x, centre.y)
                driver.xdotool(["click", "1"])
                channel = tab
            case 1:
                let forward = Bool.random(using: &random)
                action = "swipe \(forward ? "next" : "prev")"
                // Quick horizontal wheel clicks over the page, past half a page (50 pt each on a
                // 1000 pt page): the swipe settles on the neighbour whatever its speed. Below the
                // first channel's banner (about 350 pt tall), which takes swipes that start on it.
                driver.move(to: origin.x + 300, origin.y + 520)
                driver.xdotool(["click", "--repeat", "13", "--delay", "12", forward ? "7" : "6"])
                channel = min(channels - 1, max(0, channel + (forward ? 1 : -1)))
            default:
                let back = Bool.random(using: &random)
                action = back ? "ctrl+shift+Tab" : "ctrl+Tab"
                driver.move(to: origin.x + 300, origin.y + 300)
                driver.key(action)
                channel = min(channels - 1, max(0, channel + (back ? -1 : 1)))
            }
            let expected = channel
            let (next, met) = try driver.settle(timeout: 20) { $0.state.channel == expected }
            settled = next
            let shows = settled.state.channel
            try #require(
                met, "seed \(seed) round \(round) (\(action)): never settled on channel \(expected) (shows \(shows))")
            let problems = try driver.drawingProblems(settled)
            let built = (settled.state.feeds).map { $0.built ?? false }
            #expect(
                problems.isEmpty,
                "seed \(seed) round \(round) (\(action)): \(problems); live cells \(settled.state.liveCells), built \(built), feed \(settled.feed)"
            )
            if !problems.isEmpty { break }
        }
    }

    // MARK: Helpers

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-drawing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Polls the report for the first ok `wait-idle` step at index ≥ `after` whose state
    /// satisfies `condition` (bounded).
    static func poll(
        _ url: URL, after: Int, timeout: Double, _ condition: (ScriptReport.State) -> Bool
    ) -> (ScriptReport, Int)? {
        var found: (ScriptReport, Int)?
        waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(100)) {
            guard let report = ScriptReport(url: url), report.steps.count > after else { return false }
            found = (after..<report.steps.count).first { i in
                report.ok(i) && report.steps[i].action == "wait-idle" && condition(report.state(i))
            }.map { (report, $0) }
            return found != nil
        }
        return found
    }
}
