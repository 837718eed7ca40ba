import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The banner's auto-advance pauses while the window is minimized or not the active window and
/// resumes when it is back, with a real window manager (openbox) and real window operations.
@Suite(.serialized) struct WindowPresenceTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    @Test func theBannerPausesWhileTheWindowIsMinimizedOrInactive() throws {
        let catalog = try TestCatalog.fiveChannels()
        let dir = try temporary.make("cascade-presence")
        // The script only reports, every half second; the test acts on the window meanwhile.
        try ("wait-idle\n" + String(repeating: "wait 500ms\nwait-idle\n", count: 200)).write(
            to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("r.json")
        let display = try PrivateDisplay(windowManager: true)
        let child = try CascadeProcess(
            arguments: [
                "--catalog", catalog.path, "--carousel-interval", "1", "--script",
                dir.appendingPathComponent("s.txt").path, "--report", reportURL.path,
            ], environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name])
        defer { child.kill() }
        let xdotool = { (arguments: [String]) in PlayerPageTests.xdotool(arguments, display: display.name) }

        let first = try #require(ScriptReport.waitForSteps(1, at: reportURL, timeout: 60), "stderr: \(child.stderr)")
        let search =
            xdotool(["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "^Cascade$"]) ?? ""
        let window = try #require(search.split(separator: "\n").first.map(String.init), "no Cascade window")
        // The pointer away from the window: a pointer resting on the banner pauses it too.
        _ = xdotool(["mousemove", "1279", "1023"])
        _ = xdotool(["windowactivate", "--sync", window])

        /// The first settled step from `after` on whose state satisfies `condition`.
        func settled(
            after: Int, _ what: String, _ condition: @escaping (ScriptReport.State) -> Bool
        ) throws -> (
            ScriptReport, Int
        ) {
            try #require(
                ChannelDrawingTests.poll(reportURL, after: after, timeout: 30, condition),
                "never \(what); last: \(String(describing: ScriptReport(url: reportURL).map { $0.state($0.steps.count - 1).window }))"
            )
        }
        func presence(_ state: ScriptReport.State) -> ScriptReport.Window { state.window }
        func running(_ state: ScriptReport.State) -> Bool { state.carouselAutoAdvancing }
        func page(_ state: ScriptReport.State) -> Int { state.carouselPage ?? -1 }

        // Active: the banner runs and moves on by itself.
        let (active, at) = try settled(after: first.steps.count - 1, "active and running") {
            presence($0).active == true && running($0)
        }
        let startPage = page(active.state(at))
        _ = try settled(after: at, "advanced while active") { page($0) != startPage && page($0) >= 0 }

        // Minimized: the timer stops and the page stays for the next steps (a few intervals).
        _ = xdotool(["windowminimize", "--sync", window])
        let (minimized, m) = try settled(after: at, "minimized and paused") {
            presence($0).minimized == true && !running($0)
        }
        let pausedPage = page(minimized.state(m))
        let (later, l) = try settled(after: m + 6, "still minimized") { presence($0).minimized == true }
        #expect(page(later.state(l)) == pausedPage, "the banner moved while minimized")

        // Restored and active: it runs again.
        _ = xdotool(["windowactivate", "--sync", window])
        _ = try settled(after: l, "restored and running") {
            presence($0).minimized == false && presence($0).active == true && running($0)
        }

        // Another window takes the focus: paused; the focus back: running.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/xmessage")
        other.arguments = ["another window"]
        other.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display.name]) { $1 }
        other.standardOutput = FileHandle.nullDevice
        other.standardError = FileHandle.nullDevice
        try other.run()
        defer { ChildProcessIO.kill(other) }
        let otherSearch =
            xdotool(["search", "--sync", "--onlyvisible", "--classname", "xmessage"]) ?? ""
        let otherWindow = try #require(otherSearch.split(separator: "\n").first.map(String.init), "no xmessage window")
        _ = xdotool(["windowactivate", "--sync", otherWindow])
        let (inactive, i) = try settled(after: l, "inactive and paused") {
            presence($0).active == false && !running($0)
        }
        let inactivePage = page(inactive.state(i))
        let (stillInactive, s) = try settled(after: i + 6, "still inactive") { presence($0).active == false }
        #expect(page(stillInactive.state(s)) == inactivePage, "the banner moved while another window was active")
        _ = xdotool(["windowactivate", "--sync", window])
        _ = try settled(after: s, "active again and running") { presence($0).active == true && running($0) }
    }
}
