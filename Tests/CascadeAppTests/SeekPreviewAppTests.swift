import CascadeFolder
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Hovering the position slider with the real pointer shows the frame at that time above it: a
/// tile of the sprite the app makes with GStreamer the first time, kept in the cache's
/// `seek-previews` folder; moving along the slider changes the frame, leaving hides it.
@Suite(.serialized) struct SeekPreviewAppTests {
    @Test(.timeLimit(.minutes(3))) func hoveringTheSliderShowsTheFrameAtThatTime() throws {
        let folder = try VideoFolderFixture(label: "cascade-seek")
        defer { folder.remove() }
        _ = try folder.clip("pattern.mp4", size: "320x180", duration: 20)
        let driver = try WindowDriver(arguments: [folder.url.path, "--carousel-interval", "0"])
        try checkHoverPreviews(driver, duration: 20, videoWidth: 320, videoHeight: 180)
    }

    /// A feed's video on a server: the sprite is made over HTTP with range requests, as a CDN
    /// serves them (the feed server answers `Range`), through the same hover.
    @Test(.timeLimit(.minutes(3))) func aRemoteVideosPreviewIsMadeOverHTTP() async throws {
        let server = try await FeedServer.start(arguments: ["--catalog", try PlayerCatalog.directory().path])
        defer { server.stop() }
        let driver = try WindowDriver(arguments: [
            "--feed-server", server.baseURL.absoluteString, "--carousel-interval", "0",
        ])
        try checkHoverPreviews(driver, duration: 8, videoWidth: 640, videoHeight: 360)
    }

    /// Opens the feed's first video with a real click, then hovers the slider at 75 % and 20 %
    /// of its `duration`: each shows its own frame (the tile of its time); off the slider, none;
    /// one sprite in the cache.
    func checkHoverPreviews(_ driver: WindowDriver, duration: Double, videoWidth: Int, videoHeight: Int) throws {
        let plan = try #require(SeekPreviewPlan(duration: duration, videoWidth: videoWidth, videoHeight: videoHeight))
        // The feed, then a real click on its first video's cell.
        let (feed, feedMet) = try driver.settle { !$0.report.visibleItems($0.step).isEmpty }
        #expect(feedMet, "the feed never showed its video")
        let cell = try #require(feed.report.visibleItems(feed.step).first { $0.index == 0 }?.frame)
        let origin = feed.state.feedOrigin ?? [0, 0]
        driver.move(to: origin[0] + cell[0] + cell[2] / 2, origin[1] + cell[1] - (feed.feed.offset ?? 0) + cell[3] / 3)
        driver.xdotool(["click", "1"])
        let (opened, openedMet) = try driver.settle { $0.state.screen == "player" }
        #expect(openedMet, "the player did not open: \(opened.state.screen)")
        // Playing, then paused: the duration is known.
        driver.key("space")
        let (playing, playingMet) = try driver.settle { $0.state.player.duration > duration - 1 }
        #expect(playingMet, "no duration: \(playing.state.player)")
        driver.key("space")

        func hover(at fraction: Double) throws -> (WindowDriver.Settled, ScriptReport.Player.SeekPreview) {
            var frame: [Double] = []
            let (settled, met) = try driver.settle { settled in
                guard let slider = settled.state.player.sliderFrame, slider.count == 4 else {
                    // The controls show on pointer motion over the video.
                    driver.move(to: 500, 300)
                    return false
                }
                frame = slider
                driver.move(to: slider[0] + slider[2] * fraction, slider[1] + slider[3] / 2)
                guard let preview = settled.state.player.seekPreview, preview.tile != nil else { return false }
                return abs(preview.seconds - duration * fraction) < duration / 13
            }
            let preview = try #require(settled.state.player.seekPreview, "no preview over \(frame)")
            #expect(met, "the preview at \(fraction) never showed a frame: \(preview)")
            return (settled, preview)
        }

        let (late, latePreview) = try hover(at: 0.75)
        #expect(
            latePreview.tile == plan.tile(at: latePreview.seconds),
            "tile \(latePreview.tile ?? -1) at \(latePreview.seconds) s")
        let lateTile = try pixels(of: late, at: latePreview)
        #expect(lateTile.colours > 20, "the preview is flat (\(lateTile.colours) colours)")

        let (early, earlyPreview) = try hover(at: 0.2)
        #expect(earlyPreview.tile == plan.tile(at: earlyPreview.seconds))
        let earlyTile = try pixels(of: early, at: earlyPreview)
        let differing = zip(earlyTile.rgb, lateTile.rgb).filter { abs(Int($0) - Int($1)) > 24 }.count
        #expect(differing > earlyTile.rgb.count / 50, "the frames at 20 % and 75 % look the same")

        // Off the slider: no preview.
        driver.move(to: 500, 200)
        let (away, awayMet) = try driver.settle { $0.state.player.seekPreview == nil }
        #expect(awayMet, "the preview stayed: \(String(describing: away.state.player.seekPreview))")

        // The sprite is in the cache, and only one was made.
        let cache = driver.directory.appendingPathComponent("cache")
        let sprites = (FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? []).filter {
            $0.contains("seek-previews/") && $0.hasSuffix(".png")
        }
        #expect(sprites.count == 1, "\(sprites)")
    }

    /// The preview's drawn pixels: the colours in it and its RGB bytes.
    func pixels(
        of settled: WindowDriver.Settled, at preview: ScriptReport.Player.SeekPreview
    ) throws -> (
        colours: Int, rgb: [UInt8]
    ) {
        let frame = try #require(preview.frame)
        let image = try PixbufImageDecoder().decode(Data(contentsOf: settled.png), targetSize: nil)
        let x = Int(saturating: frame[0] + 8)
        let y = Int(saturating: frame[1] + 8)
        let width = min(140, image.width - x)
        let height = min(60, image.height - y)
        var rgb: [UInt8] = []
        for row in stride(from: y, to: y + height, by: 2) {
            for column in stride(from: x, to: x + width, by: 2) {
                let i = row * image.bytesPerRow + column * 4
                rgb += image.pixels[i..<i + 3]
            }
        }
        return (ScreenCheck.colours(in: image, x: x, y: y, width: width, height: height, step: 2), rgb)
    }
}
