import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The banner carousel at the top of the first channel, driven by script.
@Suite(.serialized) struct CarouselTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    @Test func twentyFiveStepsEachWayOverFiveBannersComeBackToTheFirst() throws {
        let dir = try temporary.make("cascade-carousel")
        var script = "wait-idle\n"
        script += String(repeating: "carousel next\n", count: 25)
        script += "screenshot carousel\n"
        script += String(repeating: "carousel prev\n", count: 25)
        script += "carousel prev\ntap-tab 1\ncarousel next\nwait-idle\nscreenshot tab1\n"
        let catalog = try TestCatalog.small()
        let result = try CascadeProcess.runScript(
            script, in: dir, arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        let pages = report.steps.indices.map { report.state($0).carouselPage }
        // The small catalog features 5 items in its first channel.
        #expect(pages[0] == 0)
        #expect(Array(pages[1...5]) == [1, 2, 3, 4, 0])
        #expect(pages[25] == 0)  // 25 forward steps over 5 banners
        #expect(pages[51] == 0)  // and 25 back
        #expect(pages[52] == 4)  // back from the first wraps to the last
        for i in 0...52 { #expect(report.ok(i), "step \(i)") }
        // The second channel has no banner: the action fails cleanly.
        #expect(report.ok(53))
        #expect(!report.ok(54))
        #expect(result.status == 1)
        // What is drawn: the cells the model shows at every step, the banner page and the
        // second channel in pixels.
        for i in report.steps.indices {
            let problems = ScreenCheck.drawnVersusModel(report, step: i)
            #expect(problems.isEmpty, "\(problems)")
        }
        for (name, step, channel) in [("carousel", 26, 0), ("tab1", 56, 1)] {
            #expect(report.state(step).channel == channel)
            let problems = try ScreenCheck.pixelProblems(
                png: dir.appendingPathComponent("\(name).png"), report: report, step: step,
                decoder: PixbufImageDecoder(), minimumCovers: 2)
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test func theCarouselAdvancesByItself() throws {
        let dir = try temporary.make("cascade-carousel")
        try "wait-idle\nwait 3500ms\n".write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let catalog = try TestCatalog.small()
        // A display of its own: a pointer left over the banner by another test would pause it.
        let display = try PrivateDisplay()
        let result = try CascadeProcess.run(
            arguments: [
                "--catalog", catalog.path, "--carousel-interval", "1", "--script",
                dir.appendingPathComponent("s.txt").path,
                "--report", dir.appendingPathComponent("r.json").path,
            ], environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name],
            timeout: 60)
        let report = try #require(ScriptReport(url: dir.appendingPathComponent("r.json")), "stderr: \(result.stderr)")
        #expect(result.status == 0)
        let before = report.state(0).carouselPage ?? -1
        let after = report.state(1).carouselPage ?? -1
        // About three advances in 3.5 s at one a second (a busy machine may run some late).
        let advanced = (after - before + 5) % 5
        #expect(advanced >= 1 && advanced <= 4, "from \(before) to \(after)")
    }
}
