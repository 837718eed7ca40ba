import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The app in a real window: `cascade` on a private Xvfb with openbox (so resizing, focus and
/// fullscreen are real), acted on with real X input through xdotool, and read back after each
/// input through its script report and a screenshot.
///
/// The script is blocks of `wait-signal go`, `wait-idle`, `screenshot shot`: `settle()` lets
/// one block run (it writes the signal file), so the app reports and draws exactly when asked,
/// with no fixed delay and no report written while nobody looks.
final class WindowDriver {
    /// The display the app runs on.
    let display: PrivateDisplay
    /// The app.
    let child: CascadeProcess
    /// The test's folder: script, report, screenshots, cache.
    let directory: URL
    /// The app window's X id (the one titled exactly "Cascade", not the leader window).
    let window: String
    /// The report's URL.
    var reportURL: URL { directory.appendingPathComponent("r.json") }
    /// Where each settled step's screenshot is written (overwritten by the next one).
    var screenshotURL: URL { directory.appendingPathComponent("shot.png") }

    private let temporary = TemporaryFolders()
    private var steps = 0

    /// One settled state: the report, the index of its screenshot step, and the PNG.
    struct Settled {
        let report: ScriptReport
        let step: Int
        let png: URL
        var state: ScriptReport.State { report.state(step) }
        var feed: ScriptReport.Feed { report.feed(step) }
    }

    /// Starts `cascade` with `arguments` (the script, report and screenshot options are added)
    /// on a private display with a window manager, and waits for its window.
    init(arguments: [String], blocks: Int = 400, environment: [String: String] = [:]) throws {
        directory = try temporary.make("cascade-window")
        display = try PrivateDisplay(windowManager: true)
        let script =
            "wait-idle\n" + String(repeating: "wait-signal go\nwait-idle\nscreenshot shot\n", count: blocks)
        try script.write(to: directory.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        child = try CascadeProcess(
            arguments: arguments + [
                "--script", directory.appendingPathComponent("s.txt").path, "--report",
                directory.appendingPathComponent("r.json").path, "--screenshots", directory.path,
            ],
            environment: environment.merging([
                "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path, "DISPLAY": display.name,
            ]) { $1 })
        guard ScriptReport.waitForSteps(1, at: directory.appendingPathComponent("r.json"), timeout: 60) != nil else {
            throw DriverError("the app never reported its first step: \(child.stderr)")
        }
        steps = 1
        let search = PlayerPageTests.xdotool(
            ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "^Cascade$"], display: display.name
        )
        guard let id = search?.split(separator: "\n").first.map(String.init) else {
            throw DriverError("no Cascade window on \(display.name)")
        }
        window = id
    }

    deinit { child.kill() }

    /// Runs xdotool on the display; its output, or nil when it failed.
    @discardableResult
    func xdotool(_ arguments: [String]) -> String? {
        PlayerPageTests.xdotool(arguments, display: display.name)
    }

    /// Moves the pointer to window coordinates (`x`, `y`).
    func move(to x: Double, _ y: Double) {
        xdotool(["mousemove", "--window", window, "\(Int(saturating: x.rounded()))", "\(Int(saturating: y.rounded()))"])
    }

    /// Presses `keys` (xdotool key names, e.g. `ctrl+Tab`) in the focused app window.
    func key(_ keys: String...) {
        xdotool(["key", "--clearmodifiers"] + keys)
    }

    /// Lets one script block run (`wait-signal go`, `wait-idle`, `screenshot shot`) and returns
    /// its state (at most `timeout` seconds).
    func settle(timeout: Double = 30) throws -> Settled {
        try? FileManager.default.removeItem(at: screenshotURL)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: Data())
        let wanted = steps + 3
        var report: ScriptReport?
        waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(15)) {
            guard FileManager.default.fileExists(atPath: screenshotURL.path) else { return false }
            report = ScriptReport(url: reportURL).flatMap { $0.steps.count >= wanted ? $0 : nil }
            return report != nil
        }
        guard let report else { throw DriverError("no settled step \(wanted) within \(timeout) s: \(child.stderr)") }
        steps = wanted
        return Settled(report: report, step: wanted - 1, png: screenshotURL)
    }

    /// Settles until `condition` holds for a state whose `wait-idle` succeeded (input may reach
    /// the app after the first signal), at most `timeout` seconds; the last state if never.
    func settle(timeout: Double = 30, until condition: (Settled) -> Bool) throws -> (Settled, met: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try settle(timeout: timeout)
        while !(last.report.ok(last.step - 1) && condition(last)) {
            guard Date() < deadline else { return (last, false) }
            // Each block gets the whole bound to finish (a loaded machine can take seconds for
            // one); only starting another one is bounded by the deadline.
            last = try settle(timeout: timeout)
        }
        return (last, true)
    }

    /// What is wrong with a settled step's drawing: the page area blank, no cell or fewer than
    /// `minimumCovers` covers with real content, or drawn cells that differ from the model's.
    func drawingProblems(_ settled: Settled, minimumCovers: Int = 2) throws -> [String] {
        try ScreenCheck.pixelProblems(
            png: settled.png, report: settled.report, step: settled.step, decoder: PixbufImageDecoder(),
            minimumCovers: minimumCovers) + ScreenCheck.drawnVersusModel(settled.report, step: settled.step)
    }

    /// The window's geometry from the window manager's view (xdotool).
    func geometry() -> (x: Double, y: Double, width: Double, height: Double) {
        let text = xdotool(["getwindowgeometry", "--shell", window]) ?? ""
        func value(_ key: String) -> Double {
            text.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap {
                Double($0.dropFirst(key.count + 1))
            } ?? 0
        }
        return (value("X"), value("Y"), value("WIDTH"), value("HEIGHT"))
    }

    /// The window's `_NET_WM_STATE` as the window manager set it (`xprop`).
    func windowState() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
        process.arguments = ["-id", window, "_NET_WM_STATE"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display.name]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        if !waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(10), { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
        }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    struct DriverError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension WindowDriver.Settled {
    /// Window coordinates of the centre of tab `index` (from the report's strip origin).
    func tabCentre(_ index: Int) -> (x: Double, y: Double)? {
        guard let tabs = state.tabs else { return nil }
        let frames = tabs.frames
        let origin = tabs.origin
        guard frames.indices.contains(index) else { return nil }
        let f = frames[index]
        return (origin[0] + f[0] + f[2] / 2, origin[1] + f[1] + f[3] / 2)
    }

    /// The feed's origin in window coordinates (content y = offset is drawn there).
    var feedOrigin: (x: Double, y: Double) {
        let origin = state.feedOrigin ?? [0, 0]
        return (origin[0], origin[1])
    }

    /// Window coordinates of a point inside item `index`'s cover, if it is drawn on screen.
    func coverPoint(ofItem index: Int) -> (x: Double, y: Double)? {
        guard let item = report.visibleItems(step).first(where: { $0.index == index }) else { return nil }
        let offset = feed.offset ?? 0
        return (
            feedOrigin.x + item.frame[0] + item.frame[2] / 2,
            feedOrigin.y + item.frame[1] - offset + item.frame[3] * 0.4
        )
    }
}
