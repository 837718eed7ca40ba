import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The default folder chosen in Preferences opens when `cascade` starts with no arguments; a
/// default folder that is gone leaves the demo, and a toast says why.
@Suite(.serialized) struct DefaultFolderAppTests {
    /// Runs `script` with the preferences under `work/config`; `defaultFolder` (unless nil)
    /// is written there first, as the Preferences window writes it.
    func run(_ script: String, in work: URL, defaultFolder: String?) throws -> (ScriptReport, String) {
        let file = work.appendingPathComponent("config/cascade/preferences.ini")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let defaultFolder {
            try "[Cascade]\ndefault-folder=\(defaultFolder)\n".write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try CascadeProcess.runScript(
            script, in: work, arguments: ["--preferences", "--small-demo", "--carousel-interval", "0"],
            environment: [
                "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
                "XDG_STATE_HOME": work.appendingPathComponent("state").path, "GTK_A11Y": "none",
            ])
        let report = try #require(result.report, "no report: \(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
        return (report, result.stderr)
    }

    @Test func theDefaultFolderOpensOnTheNextStartAndAMissingOneSaysWhy() throws {
        let work = try DesktopFixtures.temporaryDirectory("default-folder")
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.clip("harbour.mp4", size: "160x90", duration: 1)
        try folder.clip("Boats/sail.mp4", size: "160x90", duration: 1)

        let (opened, stderr) = try run(
            "wait-idle\nwait-status 2 videos\nwait-idle\nscreenshot folder\n", in: work, defaultFolder: folder.url.path)
        let failed = opened.steps.filter { !$0.ok }.map { $0.error ?? "?" }
        #expect(failed.isEmpty, "\(failed) \(stderr)")
        let step = opened.steps.count - 1
        #expect(opened.feed(step).items == 2)
        #expect(opened.state(step).tabs?.frames.count == 2, "All videos and Boats")
        #expect(opened.state(step).toasts ?? [] == [])
        #expect(opened.state(step).catalogProgress == nil, "the demo was not generated")
        let problems = try ScreenCheck.pixelProblems(
            png: work.appendingPathComponent("folder.png"), report: opened, step: step, decoder: PixbufImageDecoder(),
            minimumCovers: 2)
        #expect(problems.isEmpty, "\(problems)")

        // The folder is gone at the next start: the demo, and a toast saying why.
        let gone = folder.url.appendingPathComponent("gone").path
        let (fallback, _) = try run("screenshot start\n", in: work, defaultFolder: gone)
        #expect(
            fallback.state(0).toasts == ["The default folder is missing; showing the demo videos."],
            "\(String(describing: fallback.state(0).toasts))")
        #expect(fallback.state(0).catalogProgress != nil, "the small demo is being made")
    }

    /// Clicks the centre of `frame` (`[x, y, w, h]`) in the window titled exactly `title`.
    func click(_ frame: [Double], inWindow title: String, driver: WindowDriver) throws {
        let id = try #require(
            driver.xdotool(["search", "--onlyvisible", "--name", "^\(title)$"])?.split(separator: "\n").first)
        driver.xdotool([
            "mousemove", "--window", String(id), "\(Int(saturating: (frame[0] + frame[2] / 2).rounded()))",
            "\(Int(saturating: (frame[1] + frame[3] / 2).rounded()))", "click", "1",
        ])
    }

    /// Choose… and Reset with real input (xdotool): the file chooser's location typed, Return;
    /// the preferences file follows each, and the next start without arguments opens the folder.
    @Test func aFolderChosenWithRealInputIsRememberedResetAndOpenedAtTheNextStart() throws {
        let work = try DesktopFixtures.temporaryDirectory("default-folder-choose")
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.clip("harbour.mp4", size: "160x90", duration: 1)
        let path = folder.url.resolvingSymlinksInPath().path
        let file = work.appendingPathComponent("config/cascade/preferences.ini")
        let catalog = try TestCatalog.small()
        let driver = try WindowDriver(
            arguments: ["--preferences", "--catalog", catalog.path, "--carousel-interval", "0"],
            environment: [
                "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
                "XDG_STATE_HOME": work.appendingPathComponent("state").path,
            ])
        _ = try driver.settle()
        driver.key("ctrl+comma")
        #expect(DesktopActionTests.waitForWindow(driver, named: "Preferences"), "Ctrl+comma opened no Preferences")
        let (shown, shownMet) = try driver.settle { $0.state.preferencesFolder?.chooseFrame != nil }
        #expect(shownMet && shown.state.preferencesFolder?.folder == nil)

        func choose() throws {
            let frames = try #require(try driver.settle().state.preferencesFolder)
            try click(try #require(frames.chooseFrame), inWindow: "Preferences", driver: driver)
            #expect(DesktopActionTests.waitForWindow(driver, named: "Default folder"), "Choose… opened no chooser")
            driver.key("ctrl+l")
            driver.xdotool(["type", "--delay", "30", path + "/"])
            driver.key("Return")
            let (chosen, chosenMet) = try driver.settle { $0.state.preferencesFolder?.folder == path }
            #expect(chosenMet, "chosen: \(String(describing: chosen.state.preferencesFolder))")
            let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(written.contains("default-folder=\(path)\n"), "\(written)")
        }
        try choose()

        let frames = try #require(try driver.settle().state.preferencesFolder)
        try click(try #require(frames.resetFrame), inWindow: "Preferences", driver: driver)
        let (reset, resetMet) = try driver.settle { $0.state.preferencesFolder?.folder == nil }
        #expect(resetMet, "Reset left \(String(describing: reset.state.preferencesFolder))")
        #expect(!((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("default-folder"))

        try choose()
        driver.child.kill()
        let (next, stderr) = try run("wait-idle\nwait-status 1 video\nwait-idle\n", in: work, defaultFolder: nil)
        let failed = next.steps.filter { !$0.ok }.map { $0.error ?? "?" }
        #expect(failed.isEmpty, "\(failed) \(stderr)")
        #expect(next.feed(next.steps.count - 1).items == 1, "the next start did not open the chosen folder")
    }
}
