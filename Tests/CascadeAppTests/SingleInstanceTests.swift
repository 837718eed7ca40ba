import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// One instance per session bus: later launches hand their folder or file to the running
/// window and exit at once. Runs on a private session bus (`dbus-run-session`) on the test
/// command's Xvfb.
@Suite(.serialized) struct SingleInstanceTests {
    @Test func laterLaunchesOpenInTheRunningWindowAndExit() throws {
        let work = try DesktopFixtures.temporaryDirectory("single")
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try TestCatalog.small()
        let video = catalog.appendingPathComponent("media/travel-003.mp4")
        let notes = work.appendingPathComponent("notes.mp4")
        try Data("not a video\n".utf8).write(to: notes)

        // The session bus: its address is written to a file, the group lives until killed.
        let addressFile = work.appendingPathComponent("bus")
        var env = ProcessInfo.processInfo.environment.merging(DesktopFixtures.quietEnvironment) { $1 }
        env["XDG_CACHE_HOME"] = work.appendingPathComponent("cache").path
        env["XDG_CONFIG_HOME"] = work.appendingPathComponent("config").path
        env["XDG_STATE_HOME"] = work.appendingPathComponent("state").path
        let bus = try ChildGroup(
            [
                "dbus-run-session", "--", "sh", "-c",
                "echo \"$DBUS_SESSION_BUS_ADDRESS\" > '\(addressFile.path)'; exec sleep 300",
            ],
            environment: env)
        defer { bus.killGroup() }
        let address = try #require(Self.waitForText(addressFile, timeout: 20), "no bus: \(bus.text)")
        env["DBUS_SESSION_BUS_ADDRESS"] = address

        let script = """
            wait-opened 1
            screenshot folder
            wait-opened 2
            screenshot video
            back
            wait-opened 3
            """
        let scriptURL = work.appendingPathComponent("script.txt")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let reportURL = work.appendingPathComponent("report.json")
        let first = try ChildGroup(
            [
                CascadeProcess.binary.path, "--single-instance", "--catalog", catalog.path, "--script", scriptURL.path,
                "--report", reportURL.path, "--screenshots", work.path,
            ], environment: env)
        defer { first.killGroup() }
        #expect(
            Self.waitForName(environment: env, timeout: 30), "the first instance never owned the name: \(first.text)")

        // Each later launch exits within 2 s (killed otherwise: status nil).
        func launch(_ arguments: [String]) throws -> Int32? {
            try ChildGroup(
                [CascadeProcess.binary.path] + arguments, environment: env
            ).wait(timeout: 2)
        }
        #expect(try launch([catalog.path]) == 0)
        let folderStep = try #require(ScriptReport.waitForSteps(2, at: reportURL, timeout: 60), "\(first.text)")
        #expect(Self.opened(folderStep, 1).first?.kind == "folder")
        #expect(Self.opened(folderStep, 1).first?.path == catalog.path)
        #expect(folderStep.state(1).screen == "feed")

        // A relative path is resolved in the launching process's directory.
        let relative = try ChildGroup(
            [
                "sh", "-c", "cd '\(video.deletingLastPathComponent().path)' && exec \"$0\" \"$@\"",
                CascadeProcess.binary.path,
                video.lastPathComponent,
            ], environment: env)
        #expect(relative.wait(timeout: 2) == 0)
        let videoStep = try #require(ScriptReport.waitForSteps(5, at: reportURL, timeout: 60))
        #expect(Self.opened(videoStep, 3).last?.kind == "video")
        #expect(Self.opened(videoStep, 3).last?.path == video.path)
        #expect(videoStep.state(3).screen == "player")
        #expect((videoStep.state(3).player).title == "travel-003.mp4")
        #expect(videoStep.state(4).screen == "feed")  // back goes to the feed

        // A launch without arguments presents the running window (and opens nothing); a file
        // that is not a video says so.
        #expect(try launch([]) == 0)
        #expect(try launch([notes.path]) == 0)
        let last = try #require(ScriptReport.waitForSteps(6, at: reportURL, timeout: 60))
        #expect(Self.opened(last, 5).map { $0.kind } == ["folder", "video", "not_video"])
        #expect((last.state(5).alert)?.contains("is not a video") == true)
        #expect(first.wait(timeout: 60) == 0, "\(first.text)")
    }

    static func opened(_ report: ScriptReport, _ step: Int) -> [ScriptReport.Opened] {
        report.state(step).opened
    }

    static func waitForText(_ url: URL, timeout: Double) -> String? {
        var found: String?
        waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(20)) {
            guard let text = try? String(contentsOf: url, encoding: .utf8), text.hasSuffix("\n") else { return false }
            found = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return true
        }
        return found
    }

    /// Polls the bus until the running instance answers on its object (its main loop runs, so
    /// "the running window" exists), bounded.
    static func waitForName(environment: [String: String], timeout: Double) -> Bool {
        waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(50)) {
            let result = try? ChildGroup.run(
                [
                    "gdbus", "call", "--session", "--dest", "org.cascade.Feed", "--object-path", "/org/cascade/Feed",
                    "--method", "org.gtk.Actions.DescribeAll",
                ], environment: environment, timeout: 10)
            return result?.status == 0
        }
    }
}
