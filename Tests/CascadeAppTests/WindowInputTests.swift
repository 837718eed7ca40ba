import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// What README promises for the window, each done with real X input (xdotool) under openbox and
/// checked in the report and in pixels. Each test starts the app once and goes through its
/// group of behaviours in order (Docs/TESTING.md maps every promise to its check).
@Suite(.serialized) struct WindowInputTests {
    /// PgDn/PgUp/End/Home move through the feed; arrow keys move a visible focus ring between
    /// cells; Enter opens the focused cell, Esc and Alt+← come back; Ctrl+Tab, Ctrl+PgDn and
    /// Ctrl+PgUp change channel; Ctrl + `+`/`-`/`0` change the columns.
    @Test func keysMoveThroughTheFeedFocusOpenAndSwitch() throws {
        let catalog = try TestCatalog.fiveChannels()
        let driver = try WindowDriver(arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])
        driver.xdotool(["windowactivate", "--sync", driver.window])
        var now = try driver.settle()
        #expect(now.feed.offset == 0)
        let maxOffset = now.feed.maxOffset ?? 0
        try #require(maxOffset > 100, "the first channel must scroll for the page keys (max offset \(maxOffset))")
        let viewport = driver.geometry().height - now.feedOrigin.y

        // PgDn: 0.9 of the visible height (or to the end); PgUp back; End; Home.
        driver.key("Page_Down")
        (now, _) = try driver.settle { ($0.feed.offset ?? 0) > 0 }
        let down = now.feed.offset ?? 0
        #expect(abs(down - min(maxOffset, 0.9 * viewport)) < 30, "PgDn scrolled to \(down), viewport \(viewport)")
        #expect(try driver.drawingProblems(now, minimumCovers: 1).isEmpty)
        driver.key("Page_Up")
        (now, _) = try driver.settle { $0.feed.offset == 0 }
        #expect(now.feed.offset == 0, "PgUp")
        driver.key("End")
        (now, _) = try driver.settle { ($0.feed.offset ?? 0) > 0 }
        let end = now.feed.offset ?? 0
        #expect(abs(end - (now.feed.maxOffset ?? -1)) < 1, "End scrolled to \(end)")
        #expect(try driver.drawingProblems(now, minimumCovers: 1).isEmpty)
        driver.key("Home")
        (now, _) = try driver.settle { $0.feed.offset == 0 }
        #expect(now.feed.offset == 0, "Home")

        // Tab brings the focus to the first cell (the scroller takes none; the tabs come first),
        // then the arrow keys move it right and down, with its ring drawn.
        for _ in 0..<12 where now.state.focusedItem == nil {
            driver.key("Tab")
            now = try driver.settle()
        }
        let first = try #require(now.state.focusedItem, "Tab never focused a cell")
        #expect(try Self.focusRing(now, item: first) > 0.5, "no focus ring around item \(first)")
        driver.key("Right")
        (now, _) = try driver.settle { ($0.state.focusedItem).map { $0 != first } ?? false }
        let right = try #require(now.state.focusedItem, "Right lost the focus")
        let frames = Dictionary(now.report.visibleItems(now.step).map { ($0.index, $0.frame) }) { a, _ in a }
        let (a, b) = (frames[first] ?? [], frames[right] ?? [])
        #expect(a.count == 4 && b.count == 4 && b[0] > a[0], "Right moved the focus from \(a) to \(b)")
        #expect(try Self.focusRing(now, item: right) > 0.5, "no focus ring around item \(right)")
        #expect(try Self.focusRing(now, item: first) < 0.1, "item \(first) still shows a ring")
        driver.key("Down")
        (now, _) = try driver.settle { ($0.state.focusedItem).map { $0 != right } ?? false }
        let below = try #require(now.state.focusedItem, "Down lost the focus")
        let c = Dictionary(now.report.visibleItems(now.step).map { ($0.index, $0.frame) }) { a, _ in a }[below] ?? []
        #expect(c.count == 4 && b.count == 4 && c[1] > b[1], "Down moved the focus from \(b) to \(c)")
        #expect(try Self.focusRing(now, item: below) > 0.5, "no focus ring around item \(below)")

        // Enter opens the focused cell; Esc comes back. Enter again, then Alt+← comes back.
        driver.key("Return")
        (now, _) = try driver.settle { $0.state.screen == "player" }
        #expect(now.state.screen == "player", "Enter did not open item \(below)")
        driver.key("Escape")
        (now, _) = try driver.settle { $0.state.screen == "feed" }
        #expect(now.state.screen == "feed", "Esc did not go back")
        #expect(try driver.drawingProblems(now).isEmpty)
        let point = try #require(now.coverPoint(ofItem: 0), "item 0 is not drawn")
        driver.move(to: point.x, point.y)
        driver.xdotool(["click", "1"])
        (now, _) = try driver.settle { $0.state.screen == "player" }
        #expect(now.state.screen == "player", "a click did not open item 0")
        driver.key("alt+Left")
        (now, _) = try driver.settle { $0.state.screen == "feed" }
        #expect(now.state.screen == "feed", "Alt+Left did not go back")

        // Channels: Ctrl+Tab, Ctrl+PgDn, Ctrl+PgUp, each drawn.
        for (key, channel) in [("ctrl+Tab", 1), ("ctrl+Page_Down", 2), ("ctrl+Page_Up", 1)] {
            driver.key(key)
            (now, _) = try driver.settle { $0.state.channel == channel }
            #expect(now.state.channel == channel, "\(key) did not show channel \(channel)")
            #expect(try driver.drawingProblems(now).isEmpty, "\(key)")
        }

        // Columns: Ctrl + `+` one more, Ctrl + `-` one fewer, Ctrl + `0` adaptive again.
        let adaptive = Self.columns(now)
        driver.key("ctrl+plus")
        (now, _) = try driver.settle { $0.state.columns == .fixed(adaptive + 1) }
        #expect(now.state.columns == .fixed(adaptive + 1) && Self.columns(now) == adaptive + 1, "Ctrl++")
        #expect(try driver.drawingProblems(now).isEmpty)
        driver.key("ctrl+minus")
        (now, _) = try driver.settle { $0.state.columns == .fixed(adaptive) }
        #expect(now.state.columns == .fixed(adaptive) && Self.columns(now) == adaptive, "Ctrl+-")
        driver.key("ctrl+minus")
        (now, _) = try driver.settle { $0.state.columns == .fixed(adaptive - 1) }
        #expect(Self.columns(now) == adaptive - 1, "Ctrl+- twice")
        driver.key("ctrl+0")
        (now, _) = try driver.settle { $0.state.columns == .auto }
        #expect(now.state.columns == .auto && Self.columns(now) == adaptive, "Ctrl+0")
        #expect(try driver.drawingProblems(now).isEmpty)
    }

    /// Shrinking the window (xdotool windowsize under openbox) and growing it again relayouts
    /// the feed to the new width with the first visible item kept where it was, and nothing is
    /// drawn wider than the window.
    @Test func resizingTheWindowKeepsTheFirstItemAnchoredAndNothingWider() throws {
        let catalog = try TestCatalog.fiveChannels()
        let driver = try WindowDriver(arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])
        driver.xdotool(["windowactivate", "--sync", driver.window])
        var now = try driver.settle()
        driver.key("Page_Down")
        (now, _) = try driver.settle { ($0.feed.offset ?? 0) > 0 }
        for (width, height) in [(400, 700), (1000, 760), (560, 640)] {
            let anchor = try #require(Self.firstVisible(now), "no visible item before \(width) × \(height)")
            let oldWidth = driver.geometry().width
            driver.xdotool(["windowsize", driver.window, "\(width)", "\(height)"])
            var met = false
            // Covers decoded anew for the new column width may be painted a frame after the
            // layout followed the window: wait (bounded) for both, then check each below.
            (now, met) = try driver.settle {
                Self.rightEdge($0) <= Double(width) && Self.rightEdge($0) > 0
                    && (try? driver.drawingProblems($0, minimumCovers: 1).isEmpty) == true
            }
            #expect(met, "the feed did not follow the window from \(oldWidth) to \(width) pt, or was not drawn")
            let window = driver.geometry()
            #expect(window.width == Double(width), "the window is \(window.width) wide, asked \(width)")
            // The columns fill the window (10 pt inset) and nothing is wider.
            let right = Self.rightEdge(now)
            #expect(right <= window.width - 9 && right >= window.width - 11, "cells end at \(right) in \(window.width)")
            let tabs = now.state.tabs
            #expect((tabs?.stripWidth ?? .infinity) <= window.width)
            // The first visible item stays where it was on screen (unless the end of the content
            // stops it: then the feed is at its last offset).
            let offset = now.feed.offset ?? 0
            let item = now.report.visibleItems(now.step).first { $0.index == anchor.index }
            let y = item.map { $0.frame[1] - offset }
            let clamped = abs(offset - (now.feed.maxOffset ?? -1)) < 1
            #expect(
                clamped || (y.map { abs($0 - anchor.y) < 2 } ?? false),
                "item \(anchor.index) was at \(anchor.y) on screen, now at \(y.map { "\($0)" } ?? "nowhere")")
            let problems = try driver.drawingProblems(now, minimumCovers: 1)
            #expect(problems.isEmpty, "\(width) × \(height): \(problems)")
        }
    }

    /// The player's `f` key makes the window really fullscreen (the window manager's
    /// `_NET_WM_STATE`), and at the end of the video it leaves fullscreen first, then stops.
    @Test func fullscreenIsTheWindowStateAndTheEndLeavesItFirst() throws {
        let catalog = try PlayerCatalog.directory()
        let driver = try WindowDriver(arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])
        driver.xdotool(["windowactivate", "--sync", driver.window])
        var now = try driver.settle()
        let point = try #require(now.coverPoint(ofItem: 0), "item 0 is not drawn")
        driver.move(to: point.x, point.y)
        driver.xdotool(["click", "1"])
        (now, _) = try driver.settle { $0.state.screen == "player" }
        try #require(now.state.screen == "player", "the click did not open the player")
        #expect(!driver.windowState().contains("_NET_WM_STATE_FULLSCREEN"))
        driver.key("space")
        driver.key("f")
        var met = false
        (now, met) = try driver.settle {
            let player = $0.state.player
            return player.windowFullscreen == true && player.state == "playing"
        }
        #expect(met, "f did not play fullscreen: \(now.state.player)")
        // The window manager applies the state and the geometry on its own time: wait for them.
        let fullscreen = waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(20)) {
            let screen = driver.geometry()
            return driver.windowState().contains("_NET_WM_STATE_FULLSCREEN") && screen.width == 1280
                && screen.height == 1024
        }
        #expect(fullscreen, "the window manager's state: \(driver.windowState()), window \(driver.geometry())")
        // The 8 s clip plays to its end.
        (now, met) = try driver.settle(timeout: 30) {
            (($0.state.player).history).contains("stopped")
        }
        let history = (now.state.player).history
        #expect(met, "playback never stopped: \(history)")
        let on = history.firstIndex(of: "fullscreen:on")
        let ended = on.flatMap { history[$0...].firstIndex(of: "ended") }
        let off = ended.flatMap { history[$0...].firstIndex(of: "fullscreen:off") }
        #expect(off.map { history[$0...].contains("stopped") } ?? false, "end-of-video order: \(history)")
        let left = waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(20)) {
            !driver.windowState().contains("_NET_WM_STATE_FULLSCREEN")
        }
        #expect(left, "still fullscreen at the end")
    }

    // MARK: Helpers

    /// The share of points just outside item `item`'s drawn frame that have the focus ring's
    /// colour (#3b82f6) in the step's screenshot.
    static func focusRing(_ settled: WindowDriver.Settled, item: Int) throws -> Double {
        guard let frame = settled.report.visibleItems(settled.step).first(where: { $0.index == item })?.frame else {
            return 0
        }
        let image = try PixbufImageDecoder().decode(Data(contentsOf: settled.png), targetSize: nil)
        let offset = settled.feed.offset ?? 0
        let x0 = settled.feedOrigin.x + frame[0]
        let y0 = settled.feedOrigin.y + frame[1] - offset
        var points: [(Double, Double)] = []
        for t in stride(from: 0.2, through: 0.8, by: 0.05) {
            // The outline is 2 px wide, 1 px outside the cell: sample 2 px out on each side.
            points += [
                (x0 + frame[2] * t, y0 - 2), (x0 + frame[2] * t, y0 + frame[3] + 1), (x0 - 2, y0 + frame[3] * t),
                (x0 + frame[2] + 1, y0 + frame[3] * t),
            ]
        }
        let ring = points.filter { point in
            let x = Int(saturating: point.0.rounded())
            let y = Int(saturating: point.1.rounded())
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return false }
            let p = y * image.bytesPerRow + x * 4
            let (r, g, b) = (Int(image.pixels[p]), Int(image.pixels[p + 1]), Int(image.pixels[p + 2]))
            return abs(r - 0x3b) + abs(g - 0x82) + abs(b - 0xf6) < 90
        }
        return Double(ring.count) / Double(points.count)
    }

    /// The columns drawn: distinct x positions of the drawn cells.
    static func columns(_ settled: WindowDriver.Settled) -> Int {
        Set(settled.report.visibleItems(settled.step).map { Int(saturating: $0.frame[0].rounded()) }).count
    }

    /// The right edge of the widest drawn cell, in window coordinates.
    static func rightEdge(_ settled: WindowDriver.Settled) -> Double {
        let cells = settled.report.visibleItems(settled.step)
        return (cells.map { $0.frame[0] + $0.frame[2] }.max() ?? 0) + settled.feedOrigin.x
    }

    /// The first visible item (the first one starting at or below the top edge) and where it
    /// starts on screen, below the top of the feed.
    static func firstVisible(_ settled: WindowDriver.Settled) -> (index: Int, y: Double)? {
        let offset = settled.feed.offset ?? 0
        let cells = settled.report.visibleItems(settled.step).sorted { $0.index < $1.index }
        guard let first = cells.first(where: { $0.frame[1] >= offset - 1 }) ?? cells.first else { return nil }
        return (first.index, first.frame[1] - offset)
    }
}
