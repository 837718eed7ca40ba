import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The default folder chosen in Preferences opens when `cascade` starts with no arguments; a
/// default folder that is gone leaves the demo, and a toast says why.
@Suite(.serialized) struct DefaultFolderAppTests {
    func run(_ script: String, in work: URL, defaultFolder: String) throws -> (ScriptReport, String) {
        let file = work.appendingPathComponent("config/cascade/preferences.ini")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Cascade]\ndefault-folder=\(defaultFolder)\n".write(to: file, atomically: true, encoding: .utf8)
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
}
