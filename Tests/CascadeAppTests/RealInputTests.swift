import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Real X input through xdotool under the test command's Xvfb: the wheel scrolls the feed and a
/// click on a cell opens the player page.
@Suite(.serialized) struct RealInputTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    /// Runs `xdotool` with `arguments`, bounded; returns its output.
    @discardableResult
    func xdotool(_ arguments: [String], display: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        if !waitUntilBlocking(timeout: .seconds(15), interval: .milliseconds(20), { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
        }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func wheelScrollsTheFeedAndAClickOpensTheTappedVideo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            Issue.record("xdotool is required (./scripts/install-deps.sh installs it)")
            return
        }
        // A display of its own: other app tests' windows and pointer moves cannot interfere.
        let display = try PrivateDisplay()
        func xdotool(_ arguments: [String]) throws -> String { try self.xdotool(arguments, display: display.name) }
        let catalog = try TestCatalog.small()
        let dir = try temporary.make("cascade-input")
        try "wait-idle\nwait 3000ms\nwait-idle\nwait 3000ms\nwait 500ms\n".write(
            to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("r.json")
        let child = try CascadeProcess(
            arguments: [
                "--catalog", catalog.path, "--columns", "2", "--carousel-interval", "0", "--script",
                dir.appendingPathComponent("s.txt").path, "--report", reportURL.path,
            ], environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name])
        defer { child.kill() }

        let first = try #require(ScriptReport.waitForSteps(1, at: reportURL, timeout: 60), "\(child.stderr)")
        let window = try xdotool(["search", "--onlyvisible", "--pid", String(child.pid)])
            .split(separator: "\n").first.map(String.init)
        let id = try #require(window, "no window for pid \(child.pid)")
        let geometry = try xdotool(["getwindowgeometry", "--shell", id])
        func value(_ key: String) -> Double {
            geometry.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap {
                Double($0.dropFirst(key.count + 1))
            } ?? 0
        }
        let (wx, wy, ww, wh) = (value("X"), value("Y"), value("WIDTH"), value("HEIGHT"))
        // The wheel, over the middle of the window: five clicks down.
        _ = try xdotool(["mousemove", String(Int(wx + ww / 2)), String(Int(wy + wh * 0.6))])
        _ = try xdotool(["click", "--repeat", "5", "--delay", "80", "5"])

        let scrolled = try #require(ScriptReport.waitForSteps(3, at: reportURL, timeout: 60), "\(child.stderr)")
        let offsetBefore = first.feed(0).offset ?? 0
        let offsetAfter = scrolled.feed(2).offset ?? 0
        #expect(offsetAfter > offsetBefore + 100, "wheel moved \(offsetBefore) → \(offsetAfter)")
        #expect(scrolled.visibleItems(2).map(\.id) != first.visibleItems(0).map(\.id))

        // Click a cell's cover where it is on screen.
        let origin = scrolled.state(2).feedOrigin ?? [0, 0]
        let viewport = wh - origin[1]
        let target = try #require(
            scrolled.visibleItems(2).first { item in
                let point = item.frame[1] - offsetAfter + item.frame[3] * 0.4
                return point >= 20 && point <= viewport - 20
            }, "no cell on screen")
        let x = wx + origin[0] + target.frame[0] + target.frame[2] / 2
        let y = wy + origin[1] + target.frame[1] - offsetAfter + target.frame[3] * 0.4
        _ = try xdotool(["mousemove", String(Int(x)), String(Int(y))])
        _ = try xdotool(["click", "1"])

        #expect(child.wait(timeout: 60) == 0, "\(child.stderr)")
        let final = try #require(ScriptReport(url: reportURL))
        #expect(final.state(4).screen == "player")
        let player = final.state(4).player
        let title = player.title
        #expect(title != nil)
    }
}
