import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The app driven by scripts on the demo catalog, under the test command's Xvfb.
@Suite(.serialized) struct FeedSessionTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    func temporaryDirectory() throws -> URL {
        let url = try temporary.make("cascade-app")
        return url
    }

    func runScript(_ script: String, arguments: [String], timeout: Double = 120) throws -> (ScriptReport, URL, Int32?) {
        let dir = try temporaryDirectory()
        let result = try CascadeProcess.runScript(script, in: dir, arguments: arguments, timeout: timeout)
        let report = try #require(result.report, "no report; stderr: \(result.stderr)")
        return (report, dir, result.status)
    }

    @Test func demoCatalogSessionScrollsToTheEndAndRefreshes() throws {
        let catalog = try TestCatalog.small()
        var script = "screenshot first\n"
        for _ in 0..<6 { script += "scroll-to-end\nwait-idle\n" }
        script += "screenshot end\npull-refresh\nwait-idle\nscreenshot refreshed\nfling 0 -4000\nwait-idle\n"
        // Three columns: the first row's covers fit wholly under the header bar and the banner.
        let (report, dir, status) = try runScript(script, arguments: ["--catalog", catalog.path, "--columns", "3"])
        #expect(status == 0)
        for i in report.steps.indices { #expect(report.ok(i), "step \(i) \(report.steps[i].action)") }

        // Scrolling reached the end of the 14-item channel and the footer says so.
        let end = report.steps.firstIndex { ($0.action) == "screenshot end" }!
        #expect(report.feed(end).state == "exhausted")
        #expect(report.feed(end).items == 14)
        #expect(report.feed(end).footer == "No more videos")
        // The pull refreshed: one more request, the list still whole and unique.
        let last = report.steps.count - 1
        #expect((report.feed(last).requests) > (report.feed(end).requests))
        for i in report.steps.indices {
            let ids = report.visibleItems(i).map(\.id)
            #expect(Set(ids).count == ids.count, "duplicate ids at step \(i)")
            #expect((report.state(i).liveCells) <= 40)
        }

        // The fling's frames: each one's main-thread CPU time, as many as painted, ordered figures.
        let fling = try #require(report.steps.firstIndex { $0.action.hasPrefix("fling") })
        let cpu = try #require(report.state(fling).frameCpuMs, "no frame_cpu_ms")
        #expect(cpu.count == report.state(fling).frameTimesMs.count && cpu.count > 3)
        #expect(0 < cpu.p50 && cpu.p50 <= cpu.p95 && cpu.p95 <= cpu.p99 && cpu.p99 <= cpu.max, "\(cpu)")

        // The first screen shows real covers, not placeholders; the end is drawn too; the cells
        // drawn are the ones the model counts as visible at every step.
        try expectRealCovers(png: dir.appendingPathComponent("first.png"), report: report, step: 0)
        let endProblems = try ScreenCheck.pixelProblems(
            png: dir.appendingPathComponent("end.png"), report: report, step: end, decoder: PixbufImageDecoder(),
            minimumCovers: 0)
        #expect(endProblems.isEmpty, "\(endProblems)")
        // The refresh landed as a diff (the later page dropped, cells kept and slid into place):
        // what is on screen after it is drawn covers, not a blank or stale page.
        let refreshed = try #require(report.steps.firstIndex { $0.action == "screenshot refreshed" })
        let refreshedProblems = try ScreenCheck.pixelProblems(
            png: dir.appendingPathComponent("refreshed.png"), report: report, step: refreshed,
            decoder: PixbufImageDecoder(), minimumCovers: 1)
        #expect(refreshedProblems.isEmpty, "\(refreshedProblems)")
        // Compared at settled steps: a step that ends one frame after a refresh landed (the
        // pull) may report the model's new cells before GTK allocated their widgets.
        for i in report.steps.indices {
            let action = report.steps[i].action
            guard action == "wait-idle" || action.hasPrefix("screenshot") else { continue }
            let problems = ScreenCheck.drawnVersusModel(report, step: i)
            #expect(problems.isEmpty, "step \(i) \(action): \(problems)")
        }
    }

    /// For each item fully on screen, the cover area must hold an image: many distinct colours,
    /// unlike the flat placeholder.
    func expectRealCovers(png: URL, report: ScriptReport, step: Int) throws {
        let image = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        let origin = report.state(step).feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        var checked = 0
        for item in report.visibleItems(step) {
            let x0 = Int(origin[0] + item.frame[0])
            let y0 = Int(origin[1] + item.frame[1] - offset)
            let w = Int(item.frame[2])
            let coverHeight = Int(item.coverFrame[3])
            guard x0 >= 0, y0 >= 0, x0 + w <= image.width, y0 + coverHeight <= image.height else { continue }
            var colours = Set<UInt32>()
            for y in stride(from: y0 + 4, to: y0 + coverHeight - 4, by: 3) {
                for x in stride(from: x0 + 4, to: x0 + w - 4, by: 3) {
                    let p = y * image.bytesPerRow + x * 4
                    colours.insert(
                        UInt32(image.pixels[p]) << 16 | UInt32(image.pixels[p + 1]) << 8 | UInt32(image.pixels[p + 2]))
                }
            }
            #expect(colours.count > 40, "item \(item.index) looks like a placeholder (\(colours.count) colours)")
            checked += 1
        }
        #expect(checked >= 2, "no cover fully on screen")
    }

    @Test func badArgumentsFailWithAMessage() throws {
        let result = try CascadeProcess.run(arguments: ["--columns", "0"], timeout: 20)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--columns"))
    }

    @Test func aBadScriptLineFailsBeforeRunning() throws {
        let catalog = try TestCatalog.small()
        let dir = try temporaryDirectory()
        try "wait-idle\nfrobnicate\n".write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let result = try CascadeProcess.run(
            arguments: [
                "--catalog", catalog.path, "--script", dir.appendingPathComponent("s.txt").path, "--report",
                dir.appendingPathComponent("r.json").path,
            ], timeout: 60)
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 2"))
    }

    @Test func anActionThatCannotRunFailsCleanlyAndTheRunGoesOn() throws {
        let catalog = try TestCatalog.small()
        let (report, _, status) = try runScript(
            "wait-idle\ntap-item 999\nscroll-to-item 500\ntap-tab 7\nwait-idle\npause\n",
            arguments: ["--catalog", catalog.path])
        #expect(status == 1)
        #expect(report.ok(0))
        #expect(!report.ok(1))
        #expect(report.steps[1].error == "item 999 is not on screen")
        #expect(!report.ok(2))
        #expect((report.steps[2].error ?? "").contains("not loaded"))
        #expect(!report.ok(3))
        #expect((report.steps[3].error ?? "").contains("no tab 7"))
        #expect(report.ok(4))
        #expect(!report.ok(5))
        #expect(report.steps[5].error == "the player page is not shown")
    }

    @Test func tappingACellOpensThePlayerPageAndBackReturns() throws {
        let catalog = try TestCatalog.small()
        let (report, dir, status) = try runScript(
            "wait-idle\ntap-item 1\nscreenshot player\nback\nwait-idle\nscreenshot back\n",
            arguments: ["--catalog", catalog.path])
        #expect(status == 0)
        #expect(report.state(1).screen == "player")
        let player = report.state(1).player
        #expect(player.title != nil)
        #expect(report.state(3).screen == "feed")
        // The player page is drawn (not one flat colour), and so is the feed after back.
        let playerImage = try PixbufImageDecoder().decode(
            Data(contentsOf: dir.appendingPathComponent("player.png")), targetSize: nil)
        #expect(
            ScreenCheck.colours(
                in: playerImage, x: 0, y: 0, width: playerImage.width, height: playerImage.height, step: 5) > 8)
        let problems =
            try ScreenCheck.pixelProblems(
                png: dir.appendingPathComponent("back.png"), report: report, step: 5, decoder: PixbufImageDecoder(),
                minimumCovers: 2) + ScreenCheck.drawnVersusModel(report, step: 5)
        #expect(problems.isEmpty, "\(problems)")
    }
}
