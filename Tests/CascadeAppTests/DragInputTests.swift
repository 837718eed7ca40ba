import CascadeImages
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Drags and swipes with real X input (xdotool) under a real window manager: the channel
/// container pages by mouse drag with velocity snapping, the banner takes horizontal drags and
/// swipes that start over it, the tab strip scrolls its tabs in a narrow window, and each
/// settled screen is checked in pixels.
@Suite(.serialized) struct DragInputTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    @Test func mouseDragsPageBetweenChannelsBySpeedAndDistance() throws {
        let session = try DragSession(catalog: TestCatalog.fiveChannels(), temporary: temporary)
        var state = try session.settled(after: 0) { $0.channel == 0 }
        let y = session.origin(state)[1] + 520

        // Fast and short (a quarter page in one motion, one xdotool run so the press, the motion
        // and the release are milliseconds apart): a flick to the next channel.
        state = try session.act("fast short drag", expecting: 1) {
            session.x([
                "mousemove", "--window", session.window, "600", "\(Int(y))", "mousedown", "1", "mousemove", "--window",
                session.window, "350", "\(Int(y) + 3)", "mouseup", "1",
            ])
        }
        #expect(state.topBar == ["Cascade"], "the header bar repeats a title: \(state.topBar)")
        // And in pixels: the header bar (above the tab strip) draws its title "Cascade" centred
        // (about 70 pt wide) and its buttons at the right end; nothing left of the title, where
        // a repeated channel title would show.
        let strip = state.tabs?.origin ?? [0, 47]
        let bar = try session.screenshot("top-bar")
        // The window is 1000 pt wide: the title starts near x = 465.
        let text = try Self.darkPixels(bar, (x: 4, y: 4, w: 420, h: Int(strip[1]) - 8))
        #expect(text == 0, "\(text) text pixels in the header bar left of the app title")

        // Slow and short (the same quarter page, then a pause before the release): back where it was.
        state = try session.act("slow short drag", expecting: 1) {
            session.slowDrag(from: (600, y), to: (350, y))
        }
        // Slow and long (two thirds of a page, rightwards): the previous channel.
        state = try session.act("slow long drag", expecting: 0) {
            session.slowDrag(from: (150, y), to: (820, y))
        }
        // At the first channel a fast drag towards nothing stays.
        state = try session.act("fast drag past the first channel", expecting: 0) {
            session.x([
                "mousemove", "--window", session.window, "300", "\(Int(y))", "mousedown", "1", "mousemove", "--window",
                session.window, "700", "\(Int(y) + 3)", "mouseup", "1",
            ])
        }
        #expect(state.topBar == ["Cascade"])
    }

    @Test func horizontalDragsAndSwipesOverTheBannerMoveTheCarouselNotTheChannel() throws {
        let session = try DragSession(catalog: TestCatalog.small(), temporary: temporary)
        var state = try session.settled(after: 0) { $0.channel == 0 && $0.bannerFrame != nil }
        let banner = try #require(state.bannerFrame)
        let origin = session.origin(state)
        let bannerY = origin[1] + banner[1] + banner[3] / 2
        #expect(state.carouselPage == 0)
        let before = try session.screenshot("banner-0")

        // A fast mouse drag over the banner: the next banner, the same channel.
        state = try session.act("drag over the banner", expecting: 0) {
            session.x([
                "mousemove", "--window", session.window, "700", "\(Int(bannerY))", "mousedown", "1", "mousemove",
                "--window", session.window, "400", "\(Int(bannerY) + 4)", "mouseup", "1",
            ])
        }
        #expect(state.carouselPage == 1)
        let after = try session.screenshot("banner-1")
        let region = (x: Int(origin[0] + banner[0]), y: Int(bannerY - banner[3] / 4), w: Int(banner[2]), h: 40)
        #expect(try Self.changedFraction(before, after, region) > 0.2, "the banner's pixels did not change")

        // A horizontal swipe (wheel buttons 6/7) over the banner: the next banner again.
        state = try session.act("swipe over the banner", expecting: 0) {
            session.x([
                "mousemove", "--window", session.window, "500", "\(Int(bannerY))", "click", "--repeat", "13", "--delay",
                "12", "7",
            ])
        }
        #expect(state.carouselPage == 2)
        // The same swipe over the cells below pages the channels: the start region decides.
        state = try session.act("swipe over the cells", expecting: 1) {
            session.x([
                "mousemove", "--window", session.window, "500", "\(Int(origin[1] + banner[3] + 200))", "click",
                "--repeat", "13", "--delay", "12", "7",
            ])
        }
    }

    @Test func aMouseDragDownAtTheTopPullsToRefreshAndUpScrolls() throws {
        let session = try DragSession(catalog: TestCatalog.small(), temporary: temporary)
        let first = try session.settled(after: 0) { $0.channel == 0 }
        let requests = (first.feed).requests
        let y = session.origin(first)[1] + 120
        // Down by 300 pt from the top (starting on the banner), held, released: the feed
        // refreshes (one more request), and the banner it started on does not open.
        var state = try session.act("drag down at the top", expecting: 0) {
            session.slowDrag(from: (500, y), to: (500, y + 300))
        }
        #expect(
            ((state.feed).requests) > requests,
            "the pull made no request: \(state.feed)")
        #expect((state.feed).offset == 0)
        #expect(state.screen == "feed")
        // Up by 300 pt, slowly: the feed scrolls by the drag's distance.
        state = try session.act("drag up", expecting: 0) {
            session.slowDrag(from: (500, y + 400), to: (500, y + 100))
        }
        let offset = (state.feed).offset ?? 0
        #expect(abs(offset - 300) <= 2, "offset \(offset) after a 300-pt drag")
    }

    @Test func theTabStripScrollsItsTabsInANarrowWindow() throws {
        let session = try DragSession(catalog: TestCatalog.fiveChannels(), temporary: temporary)
        _ = try session.settled(after: 0) { $0.channel == 0 }
        session.x(["windowsize", session.window, "320", "640"])
        var state = try session.settled(after: session.steps) {
            ($0.tabs?.stripWidth ?? 0) <= 330
        }
        let tabs = try #require(state.tabs)
        let frames = tabs.frames
        let strip = tabs.origin
        let width = tabs.stripWidth
        #expect(try #require(frames.last)[0] + frames.last![2] > width, "the five tabs fit in \(width) pt")
        let y = strip[1] + frames[0][1] + frames[0][3] / 2

        // A drag over the tabs scrolls them and selects nothing.
        state = try session.act("drag the tab strip", expecting: 0) {
            session.x([
                "mousemove", "--window", session.window, "200", "\(Int(y))", "mousedown", "1", "mousemove", "--window",
                session.window, "60", "\(Int(y) + 2)", "mouseup", "1",
            ])
        }
        let scrolled = try #require(state.tabs)
        let offset = scrolled.stripOffset
        // Dragged 140 pt, within the strip's scroll range (its content ends 8 pt after the last tab).
        let range = try #require(frames.last)[0] + frames.last![2] + 8 - width
        #expect(abs(offset - min(140, range)) <= 1, "strip offset \(offset), range \(range)")
        // The last tab is now drawn inside the window: a click on it selects it.
        let origin = scrolled.origin
        let last = try #require(frames.last)
        let lastX = origin[0] + last[0] + last[2] / 2
        #expect(lastX > 0 && lastX < width)
        state = try session.act("click the last tab", expecting: frames.count - 1) {
            session.x(["mousemove", "--window", session.window, "\(Int(lastX))", "\(Int(y))", "click", "1"])
        }
    }

    // MARK: Helpers

    /// Pixels in `region` darker than a light grey (text, even dimmed, on the light top bar).
    static func darkPixels(_ png: URL, _ region: (x: Int, y: Int, w: Int, h: Int)) throws -> Int {
        let image = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        var dark = 0
        for row in max(0, region.y)..<min(image.height, region.y + max(0, region.h)) {
            for column in max(0, region.x)..<min(image.width, region.x + region.w) {
                let p = row * image.bytesPerRow + column * 4
                let sum = Int(image.pixels[p]) + Int(image.pixels[p + 1]) + Int(image.pixels[p + 2])
                if sum < 3 * 160 { dark += 1 }
            }
        }
        return dark
    }

    /// The share of pixels in `region` that differ (any channel by more than 24) between two
    /// screenshots.
    static func changedFraction(_ a: URL, _ b: URL, _ region: (x: Int, y: Int, w: Int, h: Int)) throws -> Double {
        let decoder = PixbufImageDecoder()
        let first = try decoder.decode(Data(contentsOf: a), targetSize: nil)
        let second = try decoder.decode(Data(contentsOf: b), targetSize: nil)
        var changed = 0
        var total = 0
        for row in stride(from: max(0, region.y), to: min(first.height, second.height, region.y + region.h), by: 2) {
            for column in stride(from: max(0, region.x), to: min(first.width, second.width, region.x + region.w), by: 2)
            {
                let p = row * first.bytesPerRow + column * 4
                let q = row * second.bytesPerRow + column * 4
                total += 1
                if (0..<3).contains(where: { abs(Int(first.pixels[p + $0]) - Int(second.pixels[q + $0])) > 24 }) {
                    changed += 1
                }
            }
        }
        return total == 0 ? 0 : Double(changed) / Double(total)
    }
}

/// One app under test on a private display with openbox: its window, its report, real input,
/// screenshots of the window.
final class DragSession {
    let display: PrivateDisplay
    let child: CascadeProcess
    let window: String
    let reportURL: URL
    let dir: URL

    /// Starts the app on the demo catalog at `catalog`.
    convenience init(catalog: URL, temporary: TemporaryFolders) throws {
        try self.init(source: ["--catalog", catalog.path], temporary: temporary)
    }

    /// The script of a session that only reports: the test acts with real X input and reads
    /// each settled state.
    static let reportingScript = "wait-idle\n" + String(repeating: "wait 250ms\nwait-idle\n", count: 400)

    /// Starts the app with `source` (its feed arguments) running `script`.
    init(source: [String], temporary: TemporaryFolders, script: String = reportingScript) throws {
        dir = try temporary.make("cascade-drag")
        try script.write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        reportURL = dir.appendingPathComponent("r.json")
        display = try PrivateDisplay(windowManager: true)
        child = try CascadeProcess(
            arguments: source + [
                "--carousel-interval", "0", "--script", dir.appendingPathComponent("s.txt").path, "--report",
                reportURL.path,
            ],
            environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name])
        guard ScriptReport.waitForSteps(1, at: reportURL, timeout: 60) != nil else {
            child.kill()
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no report: \(child.stderr)"])
        }
        let search =
            PlayerPageTests.xdotool(
                ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "^Cascade$"],
                display: display.name) ?? ""
        guard let id = search.split(separator: "\n").first.map(String.init) else {
            child.kill()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no Cascade window"])
        }
        window = id
    }

    deinit {
        child.kill()
    }

    /// Runs xdotool on the display (bounded).
    @discardableResult
    func x(_ arguments: [String]) -> String? {
        PlayerPageTests.xdotool(arguments, display: display.name)
    }

    /// Steps reported so far.
    var steps: Int { ScriptReport(url: reportURL)?.steps.count ?? 0 }

    /// Where the feed's content is drawn in the window.
    func origin(_ state: ScriptReport.State) -> [Double] { state.feedOrigin ?? [0, 0] }

    /// The first settled step (an ok `wait-idle`) at index ≥ `after` satisfying `condition`.
    func settled(
        after: Int, timeout: Double = 20, _ condition: (ScriptReport.State) -> Bool
    ) throws -> ScriptReport.State {
        let found = ChannelDrawingTests.poll(reportURL, after: after, timeout: timeout, condition)
        let (report, step) = try #require(found, "never settled; stderr: \(child.stderr.suffix(2000))")
        return report.state(step)
    }

    /// Does `input`, then waits for the first settled step after it and checks that it shows
    /// channel `channel`, that the drawn cells match the model and that the screenshot of the
    /// window has the page and covers drawn (with `flatCovers`, a feed whose covers are one
    /// colour each: only that the page is not blank and cells are drawn).
    @discardableResult
    func act(
        _ name: String, expecting channel: Int, flatCovers: Bool = false, _ input: () -> Void
    ) throws -> ScriptReport.State {
        input()
        // The first settled report that started after the input ended (one more step than the
        // one under way then).
        let before = steps
        let found = ChannelDrawingTests.poll(reportURL, after: before + 1, timeout: 20) { _ in true }
        let (report, step) = try #require(found, "\(name): never settled")
        let state = report.state(step)
        #expect(state.channel == channel, "\(name): on channel \(state.channel)")
        let png = try screenshot(name.replacingOccurrences(of: " ", with: "-"))
        let problems =
            try ScreenCheck.pixelProblems(
                png: png, report: report, step: step, decoder: PixbufImageDecoder(), minimumCovers: flatCovers ? 0 : 1,
                minimumCoverColours: flatCovers ? 0 : 40)
            + ScreenCheck.drawnVersusModel(report, step: step)
        #expect(problems.isEmpty, "\(name): \(problems)")
        return state
    }

    /// A drag in steps of about 35 pt every 100 ms, still for 400 ms before the release: a slow
    /// release, whatever the distance.
    func slowDrag(from start: (Double, Double), to end: (Double, Double)) {
        x(["mousemove", "--window", window, "\(Int(start.0))", "\(Int(start.1))", "mousedown", "1"])
        let count = max(2, Int(abs(end.0 - start.0) / 35))
        for i in 1...count {
            let t = Double(i) / Double(count)
            let px = start.0 + (end.0 - start.0) * t
            let py = start.1 + (end.1 - start.1) * t
            x(["mousemove", "--window", window, "\(Int(px))", "\(Int(py))", "sleep", "0.1"])
        }
        x(["sleep", "0.4", "mouseup", "1"])
    }

    /// A PNG of the window as X shows it.
    func screenshot(_ name: String) throws -> URL {
        let png = dir.appendingPathComponent("\(name).png")
        try ChildProcess.run(
            "/usr/bin/env", ["DISPLAY=\(display.name)", "import", "-window", window, png.path], timeout: 30)
        return png
    }
}
