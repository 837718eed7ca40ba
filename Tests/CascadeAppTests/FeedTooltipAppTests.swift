import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

/// A cell's title tooltip with real X input under a window manager: after a fling by mouse drag
/// the feed glides under the pointer, and a motion then (GTK's hover delay starts from it) pops up
/// no tooltip for whichever cell passes (it would stay on screen, naming a cell long gone); a move
/// once the feed rests shows the title of the cell under the pointer.
@Suite(.serialized) struct FeedTooltipAppTests {
    let temporary = TemporaryFolders()

    @Test func aGlideUnderARestingPointerShowsNoTooltipAndAMoveAtRestDoes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            Issue.record("xdotool is required (./scripts/install-deps.sh installs it)")
            return
        }
        let catalog = try FeedFixtures.writeCatalog(
            channels: [Channel(id: "long", title: "Long")], itemsPerChannel: 400,
            at: try temporary.make("cascade-tooltip-catalog"))
        let driver = try WindowDriver(arguments: [
            "--catalog", catalog.path, "--page-size", "400", "--carousel-interval", "0", "--no-previews",
        ])
        let first = try driver.settle()
        // A cover low in the window, so the drag has room to go up.
        let start = try #require(
            first.report.visibleItems(first.step).compactMap { first.coverPoint(ofItem: $0.index) }
                .filter { $0.y > 420 && $0.y < 660 }.max { $0.y < $1.y },
            "no cover between 420 and 660 pt: \(first.report.visibleItems(first.step).map(\.frame))")
        #expect(Self.tooltips(driver).isEmpty)

        // Onto the cover, a flick up and the release, and the hand still moving the mouse a
        // little: the feed glides on, and GTK starts its hover delay from that last motion.
        let x = "\(Int(start.x))"
        driver.move(to: start.x, start.y)
        // Three 30 pt steps a frame apart: about 1,900 pt/s, a glide of nearly 4 s and 1,000 pt
        // (`ReleaseGlide`), slow enough that the cell under the pointer half a second in (when
        // GTK's hover delay ends) is still on screen at the end.
        let steps = (1...3).flatMap { step in
            ["sleep", "0.016", "mousemove", "--window", driver.window, x, "\(Int(start.y) - 30 * step)"]
        }
        // A tooltip shown mid-glide goes when its cell is recycled: watch the whole glide, from
        // before the drag until the glide and the rest after it are over (`wait-idle`).
        let watcher = TooltipWatcher(display: driver.display.name, pid: driver.child.pid, window: driver.window)
        driver.xdotool(["mousedown", "1"] + steps + ["mouseup", "1"])
        driver.move(to: start.x + 5, start.y - 92)
        let rested = try driver.settle()
        let shown = watcher.stop()
        let offset = rested.feed.offset ?? 0
        // Hundreds of points beyond the drag's 90: it glided, for seconds.
        #expect(offset > 500, "the drag did not fling the feed: offset \(offset)")
        #expect(shown.isEmpty, "tooltips shown during the glide: \(shown)")

        // At rest, the pointer moved onto a cover shows its title.
        let cover = try #require(
            rested.report.visibleItems(rested.step).compactMap { rested.coverPoint(ofItem: $0.index) }
                .first { $0.y > 200 && $0.y < 600 }, "no cover on screen after the glide")
        driver.move(to: cover.x - 4, cover.y)
        driver.move(to: cover.x, cover.y)
        #expect(
            waitUntilBlocking(timeout: .seconds(15)) { Self.tooltips(driver).count == 1 },
            "no tooltip over a resting feed")
    }

    /// The app's visible windows other than its main one: the tooltip's popup surface.
    static func tooltips(_ driver: WindowDriver) -> [String] {
        tooltips(display: driver.display.name, pid: driver.child.pid, window: driver.window)
    }

    static func tooltips(display: String, pid: Int32, window: String) -> [String] {
        let windows = PlayerPageTests.xdotool(["search", "--onlyvisible", "--pid", "\(pid)"], display: display) ?? ""
        return windows.split(separator: "\n").map(String.init).filter { $0 != window }
    }

    /// Lists the app's tooltip windows over and over on a helper thread until `stop()`, which
    /// waits for the thread and returns every one it saw.
    final class TooltipWatcher: Sendable {
        private let watching = SharedValue(true)
        private let seen = SharedValue<Set<String>>([])
        private let done = DispatchSemaphore(value: 0)

        init(display: String, pid: Int32, window: String) {
            Thread.detachNewThread { [watching, seen, done] in
                while watching.withLock({ $0 }) {
                    let shown = FeedTooltipAppTests.tooltips(display: display, pid: pid, window: window)
                    seen.withLock { $0.formUnion(shown) }
                }
                done.signal()
            }
        }

        func stop() -> Set<String> {
            watching.withLock { $0 = false }
            done.wait()
            return seen.withLock { $0 }
        }
    }
}
