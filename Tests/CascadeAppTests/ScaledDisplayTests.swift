import CascadeImages
import CascadePixbuf
import CascadeScreens
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The feed at display scale 2 (`GDK_SCALE=2`, GTK's cairo renderer), checked in the window's
/// device pixels as X shows them (`import`; the app's own screenshots are at scale 1): every
/// cover wholly on screen is its image decoded once at twice its size and copied 1:1 (sharp, not
/// a 1× cover enlarged), its top corners are rounded, and its title is drawn centred.
@Suite(.serialized) struct ScaledDisplayTests {
    @Test func coversAreSharpAndRoundedInDevicePixelsAtScaleTwo() throws {
        let catalog = try TestCatalog.fiveChannels()
        let covers = try CairoCoverTests.coverFiles(in: catalog)
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 600 × 480 points: 1200 × 960 device pixels, inside the private display's screen. The
        // test captures the window at the top (step 2), then after a scroll by a fraction of a
        // point, which comes to rest on a whole device pixel: half a point (step 5).
        let script = """
            resize 600 480
            wait 500ms
            wait-idle
            wait-signal scroll
            scroll-by 0 333.3
            wait-idle
            wait-signal done
            """
        try script.write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("r.json")
        let display = try PrivateDisplay()
        let child = try CascadeProcess(
            arguments: [
                "--catalog", catalog.path, "--carousel-interval", "0", "--script",
                dir.appendingPathComponent("s.txt").path, "--report", reportURL.path, "--screenshots", dir.path,
            ],
            environment: [
                "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name,
                "GDK_SCALE": "2", "GSK_RENDERER": "cairo",
            ])
        defer { child.kill() }
        var differences: [Double] = []
        for (name, settledStep, signal) in [("top", 2, "scroll"), ("scrolled", 5, "done")] {
            let found = ChannelDrawingTests.poll(reportURL, after: settledStep, timeout: 60) { _ in true }
            let (report, step) = try #require(found, "\(name): never settled; stderr: \(child.stderr.suffix(2000))")
            #expect(report.state(step).renderer == "GskCairoRenderer")
            let offset = report.feed(step).offset ?? 0
            #expect(offset * 2 == (offset * 2).rounded(), "\(name): the feed rests at \(offset), off the device pixels")
            if name == "scrolled" { #expect(offset > 300, "\(name): the feed did not scroll (\(offset))") }
            let screenshot = try Self.capture(window: try Self.window(of: child, on: display), on: display, in: dir)
            differences += try Self.check(screenshot, report: report, step: step, covers: covers, name)
            try Data().write(to: dir.appendingPathComponent(signal))
        }
        #expect(child.wait(timeout: 60) == 0, "stderr: \(child.stderr.suffix(2000))")
        try #require(!differences.isEmpty)
        let median = differences.sorted()[differences.count / 2]
        #expect(median <= 1, "covers differ from their images by \(median) per channel at the median: \(differences)")
    }

    /// The app's window on `display`.
    static func window(of child: CascadeProcess, on display: PrivateDisplay) throws -> String {
        let search =
            PlayerPageTests.xdotool(
                ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "^Cascade$"],
                display: display.name) ?? ""
        return try #require(search.split(separator: "\n").first.map(String.init), "no Cascade window")
    }

    /// The window's device pixels as X shows them, checked to be 1200 × 960.
    static func capture(window: String, on display: PrivateDisplay, in dir: URL) throws -> DecodedImage {
        let png = dir.appendingPathComponent("scaled.png")
        try ChildProcess.run(
            "/usr/bin/env", ["DISPLAY=\(display.name)", "import", "-window", window, png.path], timeout: 30)
        let screenshot = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        #expect(
            screenshot.width == 1200 && screenshot.height == 960,
            "the window is \(screenshot.width) × \(screenshot.height) device pixels, not 1200 × 960")
        return screenshot
    }

    /// Checks every cover wholly on screen at `step` in the device pixels of `screenshot`: sharp,
    /// rounded at the top, its title centred below. Returns each cover's difference from its
    /// image resized once.
    static func check(
        _ screenshot: DecodedImage, report: ScriptReport, step: Int, covers: [String: URL], _ name: String
    ) throws -> [Double] {
        let scale = 2.0
        let decoder = PixbufImageDecoder()
        let state = report.state(step)
        let origin = state.feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        var differences: [Double] = []
        var titles = 0
        for entry in state.visibleItems {
            guard case let id = entry.id, case let frame = entry.frame, frame.count == 4
            else { continue }
            let cover = entry.coverFrame
            // The cover's box in device pixels.
            let box = CGRect(
                x: (origin[0] + frame[0]) * scale, y: (origin[1] + frame[1] - offset) * scale,
                width: cover[2] * scale, height: cover[3] * scale)
            guard box.minX >= 0, box.minY >= origin[1] * scale, box.maxX <= Double(screenshot.width),
                box.maxY <= Double(screenshot.height)
            else { continue }
            let file = try #require(covers[id], "no cover file for \(id)")
            // Sharp: the image resized once to the device size and copied (a 1× cover drawn
            // enlarged differs by several per channel). A crop offset of a whole and a half
            // device pixels (a half point) may be rounded either way. An image with fewer
            // pixels than its box at this scale is enlarged, as it must be: not checked here.
            let original = try decoder.decode(Data(contentsOf: file), targetSize: nil)
            let fit = CoverFit.rect(
                image: CGSize(width: Double(original.width), height: Double(original.height)), box: box.size)
            if Double(fit.width) <= Double(original.width) + 0.5 {
                let difference = try CairoCoverTests.meanDifference(
                    screenshot, box: box, file: file, decoder: decoder, slack: 1)
                #expect(difference <= 1, "\(name): item \(id)'s cover differs by \(difference) per channel")
                differences.append(difference)
            }
            // Rounded top corners: the corner device pixel is the window's background.
            for corner in [box.minX, box.maxX - 1] {
                let pixel = CairoCoverTests.pixel(screenshot, x: Double(corner), y: Double(box.minY))
                #expect(
                    zip(pixel, [0xF4, 0xF4, 0xF6]).allSatisfy { abs($0 - $1) <= 24 },
                    "\(name): item \(id)'s corner at \(corner) is \(pixel), not the background")
            }
            let band = CGRect(
                x: box.minX, y: box.maxY, width: CGFloat(frame[2] * scale),
                height: CGFloat(frame[3] * scale) - box.height)
            guard band.maxY <= Double(screenshot.height) else { continue }
            try CairoCoverTests.expectCentredTitle(screenshot, band: band, ink: 30, within: 16, "\(name): item \(id)")
            titles += 1
        }
        #expect(differences.count >= 2, "\(name): \(differences.count) covers to compare wholly on screen")
        #expect(titles >= 1, "\(name): \(titles) titles wholly on screen")
        return differences
    }
}
