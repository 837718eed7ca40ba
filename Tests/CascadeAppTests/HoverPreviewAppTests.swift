import CascadeImages
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Hover previews in the feed, on the real binary: a real pointer resting on a cell plays a
/// muted, looping preview in its cover area (moving frames, badge and title still drawn), leaving
/// stops it and releases its pipeline; a hundred previews in a row keep at most one pipeline
/// and flat memory; `--no-previews` and the preference turn them off.
@Suite(.serialized) struct HoverPreviewAppTests {
    let temporary = TemporaryFolders()

    /// Under the GL renderer (the app's default on a display) and GTK's cairo renderer, where a
    /// cover draws its own rounded corners and the cover area clips only while a preview is in it.
    @Test(arguments: ["gl", "cairo"])
    func aRestingPointerPlaysAPreviewInTheCoverAndLeavingStopsIt(renderer: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            Issue.record("xdotool is required (./scripts/install-deps.sh installs it)")
            return
        }
        let display = try PrivateDisplay()
        let catalog = try longFirstClipCatalog()
        let dir = try temporary.make("cascade-preview")
        let script = """
            wait-idle
            screenshot before
            wait 3000ms
            screenshot moving1
            wait 400ms
            screenshot moving2
            wait 3000ms
            screenshot after
            """
        try script.write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("r.json")
        let child = try CascadeProcess(
            arguments: [
                // Three columns: item 0's whole cell, title band included, fits under the header bar.
                "--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0", "--script",
                dir.appendingPathComponent("s.txt").path, "--report", reportURL.path, "--screenshots", dir.path,
            ],
            environment: [
                "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name,
                "GSK_RENDERER": renderer,
            ])
        defer { child.kill() }

        // Once the cover is drawn, the pointer goes onto item 0's cover and rests there.
        let first = try #require(ScriptReport.waitForSteps(2, at: reportURL, timeout: 90), "\(child.stderr)")
        let window = try #require(
            PlayerPageTests.xdotool(["search", "--onlyvisible", "--pid", String(child.pid)], display: display.name)?
                .split(separator: "\n").first.map(String.init), "no window for pid \(child.pid)")
        let cell = try #require(first.visibleItems(1).first { $0.index == 0 }, "item 0 is not drawn")
        let origin = first.state(1).feedOrigin ?? [0, 0]
        let offset = first.feed(1).offset ?? 0
        let cover = Cover(
            x: origin[0] + cell.frame[0], y: origin[1] + cell.frame[1] - offset, width: cell.frame[2],
            height: cell.coverFrame[3], cellHeight: cell.frame[3])
        #expect(first.preview(1).state == "idle")
        let moved = PlayerPageTests.xdotool(
            [
                "mousemove", "--window", window, "\(Int(cover.x + cover.width * 0.3))",
                "\(Int(cover.y + cover.height * 0.4))",
            ], display: display.name)
        try #require(moved != nil, "xdotool failed")

        // After the second moving screenshot, the pointer leaves for the top bar.
        _ = try #require(ScriptReport.waitForSteps(6, at: reportURL, timeout: 60), "\(child.stderr)")
        _ = PlayerPageTests.xdotool(["mousemove", "--window", window, "300", "15"], display: display.name)

        #expect(child.wait(timeout: 60) == 0, "\(child.stderr)")
        let report = try #require(ScriptReport(url: reportURL))
        for step in [3, 4, 5] {
            #expect(report.preview(step).state == "playing", "step \(step): \(report.preview(step))")
            #expect(report.preview(step).index == 0)
            #expect(report.preview(step).videoShown == true)
        }
        // Frames keep coming: more were drawn by the second moving screenshot than by the first.
        let shown = [3, 5].map { report.preview($0).framesShown }
        #expect(shown[0] > 0 && shown[0] < shown[1], "frames shown at the moving screenshots: \(shown)")
        let rendererName = renderer == "cairo" ? "GskCairoRenderer" : "GskGLRenderer"
        #expect(report.state(1).renderer == rendererName)
        #expect(report.preview(6).state == "idle", "\(report.preview(6))")
        #expect(report.preview(6).lastStop == "pointer_left")
        // The stopped pipeline is released at once.
        #expect(report.preview(6).livePipelines == 0)
        #expect(report.preview(7).livePipelines == 0)

        // What is drawn: the cover region changes between the two moving screenshots and differs
        // from the cover; the badge's text and the title are the same pixels as before.
        let decoder = PixbufImageDecoder()
        func image(_ name: String) throws -> DecodedImage {
            try decoder.decode(Data(contentsOf: dir.appendingPathComponent("\(name).png")), targetSize: nil)
        }
        let before = try image("before")
        let moving1 = try image("moving1")
        let moving2 = try image("moving2")
        let after = try image("after")
        let coverRegion = cover.inset(by: 8, height: cover.height - 40)  // above the badge
        // The whole height of the cover's left 60 % (the badge sits bottom right): the clips'
        // burnt-in timestamp runs along the bottom.
        let videoRegion = Region(
            x: Int(cover.x) + 8, y: Int(cover.y) + 8, width: Int(cover.width * 0.6), height: Int(cover.height) - 12)
        let frameChange = Pixels.differing(moving1, moving2, in: videoRegion)
        // A still picture (the cover, or a frozen frame) renders identically: 0 pixels differ.
        // Two frames of the clip differ in their moving shapes and counter.
        #expect(frameChange > 0.005, "the preview's frames did not move: \(frameChange) of the cover changed")
        let badge = Region(
            x: Int(cover.x + cover.width) - 60, y: Int(cover.y + cover.height) - 34, width: 56, height: 30)
        let badgeText = Pixels.nearWhite(before, in: badge)
        #expect(badgeText.count >= 10, "no badge text in \(badge)")
        for (name, shot) in [("moving1", moving1), ("moving2", moving2)] {
            let kept = badgeText.filter { Pixels.isNearWhite(shot, $0) }.count
            #expect(kept * 10 >= badgeText.count * 9, "\(name): badge text \(kept) of \(badgeText.count) pixels")
        }
        let title = Region(
            x: Int(cover.x) + 4, y: Int(cover.y + cover.height) + 4, width: Int(cover.width) - 8,
            height: Int(cover.cellHeight * 0.15) - 8)
        #expect(Pixels.differing(before, moving2, in: title) < 0.01, "the title changed under the preview")
        #expect(Pixels.differing(before, after, in: coverRegion) < 0.01, "the cover is not back after leaving")
        // The cover's top corners stay rounded with the preview in it and after: the corner
        // pixel is the window's background (#f4f4f6), not the cover or a video frame.
        for (name, shot) in [("before", before), ("moving1", moving1), ("moving2", moving2), ("after", after)] {
            for x in [cover.x, cover.x + cover.width - 1] {
                let pixel = CairoCoverTests.pixel(shot, x: x, y: cover.y)
                #expect(
                    zip(pixel, [0xF4, 0xF4, 0xF6]).allSatisfy { abs($0 - $1) <= 24 },
                    "\(name): the cover's corner at \(x), \(cover.y) is \(pixel), not the background")
            }
        }
    }

    @Test func aHundredPreviewsInARowKeepOnePipelineAndFlatMemory() throws {
        var script = "wait-idle\n"
        // Each preview plays (0.5 s rest, then frames) before the scroll stops it. The scroll
        // goes down and back up by a pixel, so the same cells stay drawn: drifting down a pixel a
        // round would bring new cells and their covers in (10–15 MB, previews on or off), which
        // is not what this measures.
        for round in 0..<100 {
            script += "hover-item \(round % 2)\nscroll-by 0 \(round % 2 == 0 ? 1 : -1)\nwait 600ms\n"
        }
        script += "wait 2000ms\n"
        let (report, status, stderr) = try run(script, timeout: 900)
        #expect(status == 0, "\(stderr)")
        let hovers = report.steps.indices.filter { (report.steps[$0].action).hasPrefix("hover") == true }
        let stops = hovers.map { $0 + 1 }
        #expect(hovers.count == 100)
        for (round, step) in hovers.enumerated() {
            #expect(report.ok(step))
            #expect(
                report.preview(step).state == "playing",
                "round \(round): \(report.preview(step)); the app said: \(stderr.suffix(2000))")
            #expect(report.preview(step).index == round % 2)
        }
        #expect(Set(report.steps.indices.map { report.visibleItems($0).map(\.index) }).count == 1, "cells changed")
        for (round, step) in stops.enumerated() {
            #expect(report.preview(step).state == "idle")
            #expect(report.preview(step).lastStop == "scrolled")
            // The one just stopped is released at once (a GStreamer thread finishing an
            // asynchronous state change may hold it a moment longer); nothing else is alive.
            #expect((report.preview(step).livePipelines) <= 1, "round \(round)")
            #expect(report.preview(step + 1).livePipelines == 0, "round \(round)")
            // The player page's engine only: previews have no GtkMediaStream.
            #expect(report.player(step).liveEngines == 1)
            #expect(report.player(step).livePipelines == 0)
        }
        #expect(report.preview(report.steps.count - 1).started == 100)
        #expect(report.preview(report.steps.count - 1).livePipelines == 0)
        // Resident memory after warm-up (10 previews) stays within ±25 MB (a leaked pipeline
        // costs about 16 MB).
        let warm = report.state(stops[9]).rssBytes
        let rss = stops.dropFirst(10).map { report.state($0).rssBytes }
        #expect(warm > 0)
        let worst = rss.map { abs($0 - warm) }.max() ?? .max
        #expect(worst <= 25_000_000, "rss \(warm) after warm-up, \(rss.min() ?? 0)…\(rss.max() ?? 0) later")
    }

    @Test func anImageNamedLikeAVideoFailsItsPreviewBeforeAnyPipeline() throws {
        let catalog = try catalog(replacingFirstClip: { media in
            try TinyPNG.solid(width: 64, height: 36, rgba: (200, 30, 30, 255))
                .write(to: media.appendingPathComponent("featured-000.mp4"))
        })
        let (report, status, stderr) = try run("wait-idle\nhover-item 0\nwait 1000ms\n", catalog: catalog)
        #expect(status == 0, "\(stderr)")
        for step in [1, 2] {
            let preview = report.preview(step)
            #expect(preview.state == "failed", "\(preview)")
            // The probe refused it (the player's words), so no pipeline and no decoder saw it.
            #expect((preview.error)?.hasPrefix("This isn't a video") == true, "\(preview)")
            #expect(preview.framesShown == 0)
            #expect(preview.videoShown == false)
            #expect(preview.livePipelines == 0)
        }
    }

    @Test func noPreviewsFlagAndPreferenceTurnThemOff() throws {
        let script = "wait-idle\nhover-item 0\nwait 1500ms\n"
        let flag = try run(script, extra: ["--no-previews"])
        #expect(flag.status == 0, "\(flag.stderr)")
        let config = try temporary.make("cascade-preview-config")
        let file = config.appendingPathComponent("cascade/preferences.ini")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Cascade]\nhover-previews=false\n".write(to: file, atomically: true, encoding: .utf8)
        let preference = try run(script, extra: ["--preferences"], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(preference.status == 0, "\(preference.stderr)")
        for report in [flag.report, preference.report] {
            for step in 1...2 {
                #expect(report.preview(step).state == "idle")
                #expect(report.preview(step).enabled == false)
                #expect(report.preview(step).started == 0)
                #expect(report.preview(step).livePipelines == 0)
            }
        }
        // The same run with previews on does play (the checks above are not vacuous).
        let on = try run(script)
        #expect(on.report.preview(1).state == "playing", "\(on.report.preview(1))")
    }

    // MARK: Helpers

    /// The small demo catalog with item 0's 1 s clip replaced by a 6 s one (its cover kept).
    ///
    /// The preview loops a 1 s clip once a second, and two screenshots of a loaded machine are
    /// 0.75–1.4 s apart (each one writes a PNG on the main thread): a whole loop apart, they show
    /// the same frame of a moving preview, which reads as a frozen preview. A clip longer than
    /// the preview's 5 s loop cannot line up that way.
    func longFirstClipCatalog() throws -> URL {
        try catalog(replacingFirstClip: { media in
            _ = try TestClips.makeClip(named: "featured-000.mp4", in: media, duration: 6, size: "320x180")
        })
    }

    /// A copy of the small demo catalog whose item 0 clip `replace(mediaFolder)` writes anew.
    func catalog(replacingFirstClip replace: (URL) throws -> Void) throws -> URL {
        let catalog = try temporary.make("cascade-preview-catalog").appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: TestCatalog.small(), to: catalog)
        let media = catalog.appendingPathComponent("media")
        try FileManager.default.removeItem(at: media.appendingPathComponent("featured-000.mp4"))
        try replace(media)
        return catalog
    }

    func run(
        _ script: String, extra: [String] = [], environment: [String: String] = [:], timeout: Double = 120,
        catalog: URL? = nil
    ) throws -> (report: ScriptReport, status: Int32?, stderr: String) {
        let dir = try temporary.make("cascade-preview")
        try script.write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("r.json")
        // A display of its own: windows of other app tests mapping over this one on a shared
        // display send it pointer crossings, which rest on a cell and start previews by themselves.
        let display = try PrivateDisplay()
        let result = try CascadeProcess.run(
            arguments: [
                "--catalog", (catalog ?? TestCatalog.small()).path, "--columns", "2", "--carousel-interval", "0",
                "--script",
                dir.appendingPathComponent("s.txt").path, "--report", reportURL.path,
            ] + extra,
            environment: environment.merging([
                "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name,
            ]) { $1 },
            timeout: timeout)
        let report = try #require(ScriptReport(url: reportURL), "no report: \(result.stderr)")
        return (report, result.status, result.stderr)
    }

    /// A cell's cover in window pixels.
    struct Cover {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
        let cellHeight: Double

        func inset(by margin: Int, height: Double) -> Region {
            Region(
                x: Int(x) + margin, y: Int(y) + margin, width: Int(width) - 2 * margin, height: Int(height) - margin)
        }
    }

    struct Region {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
    }

    enum Pixels {
        /// The share of pixels in `region` whose colour differs by more than 24 in a channel.
        static func differing(_ a: DecodedImage, _ b: DecodedImage, in region: Region) -> Double {
            var changed = 0
            var total = 0
            for y in region.y..<min(region.y + region.height, a.height, b.height) where y >= 0 {
                for x in region.x..<min(region.x + region.width, a.width, b.width) where x >= 0 {
                    total += 1
                    let pa = y * a.bytesPerRow + x * 4
                    let pb = y * b.bytesPerRow + x * 4
                    if (0..<3).contains(where: { abs(Int(a.pixels[pa + $0]) - Int(b.pixels[pb + $0])) > 24 }) {
                        changed += 1
                    }
                }
            }
            return total == 0 ? 0 : Double(changed) / Double(total)
        }

        static func isNearWhite(_ image: DecodedImage, _ point: (x: Int, y: Int)) -> Bool {
            guard point.x >= 0, point.y >= 0, point.x < image.width, point.y < image.height else { return false }
            let p = point.y * image.bytesPerRow + point.x * 4
            return (0..<3).allSatisfy { image.pixels[p + $0] > 215 }
        }

        static func nearWhite(_ image: DecodedImage, in region: Region) -> [(x: Int, y: Int)] {
            var points: [(x: Int, y: Int)] = []
            for y in region.y..<region.y + region.height {
                for x in region.x..<region.x + region.width where isNearWhite(image, (x, y)) { points.append((x, y)) }
            }
            return points
        }
    }
}

extension ScriptReport {
    /// Step `i`'s hover-preview state.
    func preview(_ i: Int) -> ScriptReport.Preview { state(i).preview }
}
