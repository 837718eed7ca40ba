import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScreens
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Under GTK's cairo renderer, cells draw their covers from cairo image surfaces
/// (`CoverSurfaceView`), a path the GL-rendered app tests never take. This runs the app with
/// `GSK_RENDERER=cairo` and checks the covers in pixels: every drawn cover's region shows its
/// item's own image (sampled through the cover fit), not the placeholder, on the first page,
/// after a channel switch, after a scroll (cells rebound to other items), back at the top (covers
/// bound again from `CoverDrawingCache`) and after a resize;
/// and that it is sharp: the image decoded once at the drawn size and copied, not enlarged.
@Suite(.serialized) struct CairoCoverTests {
    @Test func coversAreDrawnFromSurfacesAfterSwitchingScrollingAndResizing() throws {
        let script = """
            wait-idle
            screenshot first
            tap-tab 1
            wait-idle
            screenshot switched
            scroll-by 0 700
            wait-idle
            scroll-by 0 -40.4
            wait-idle
            screenshot scrolled
            scroll-by 0 -2000
            wait-idle
            screenshot back
            resize 620 700
            wait 500ms
            wait-idle
            screenshot resized
            """
        let catalog = try TestCatalog.fiveChannels()
        let covers = try Self.coverFiles(in: catalog)
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CascadeProcess.runScript(
            script, in: dir, arguments: ["--catalog", catalog.path, "--carousel-interval", "0"],
            environment: ["GSK_RENDERER": "cairo"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let decoder = PixbufImageDecoder()
        var sources: [String: DecodedImage] = [:]
        var differences: [Double] = []
        for (name, channel) in [("first", 0), ("switched", 1), ("scrolled", 1), ("back", 1), ("resized", 1)] {
            let step = try #require(report.steps.firstIndex { ($0.action) == "screenshot \(name)" })
            #expect(report.ok(step), "\(name): \(report.steps[step].error ?? "")")
            #expect(report.state(step).renderer == "GskCairoRenderer")
            #expect(report.state(step).channel == channel)
            let png = dir.appendingPathComponent("\(name).png")
            // The general checks (page not blank, covers not flat, drawn cells = model's cells).
            let problems =
                try ScreenCheck.pixelProblems(
                    png: png, report: report, step: step, decoder: decoder, minimumCovers: 2)
                + ScreenCheck.drawnVersusModel(report, step: step)
            #expect(problems.isEmpty, "\(problems)")

            let screenshot = try decoder.decode(Data(contentsOf: png), targetSize: nil)
            let state = report.state(step)
            let origin = state.feedOrigin ?? [0, 0]
            let offset = report.feed(step).offset ?? 0
            // A scroll by a fraction of a pixel comes to rest on a whole one (`FeedView+Rest`).
            #expect(offset == offset.rounded(), "\(name): the feed rests at \(offset)")
            let entries = state.visibleItems
            var compared = 0
            var titles = 0
            for entry in entries {
                guard case let id = entry.id, case let frame = entry.frame, frame.count == 4
                else { continue }
                let cover = entry.coverFrame
                let box = CGRect(
                    x: origin[0] + frame[0], y: origin[1] + frame[1] - offset, width: cover[2], height: cover[3])
                // Covers wholly on screen, below the tab strip.
                guard box.minX >= 0, box.minY >= origin[1], box.maxX <= Double(screenshot.width),
                    box.maxY <= Double(screenshot.height)
                else { continue }
                #expect(entry.cover == "surface", "\(name): item \(id) draws \(entry.cover ?? "?")")
                let file = try #require(covers[id], "no cover file for \(id)")
                if sources[id] == nil { sources[id] = try decoder.decode(Data(contentsOf: file), targetSize: nil) }
                let source = try #require(sources[id])
                let (matched, total) = Self.matchingSamples(screenshot, box: box, source: source)
                #expect(
                    matched * 10 >= total * 7,
                    "\(name): item \(id)'s cover matches its image at \(matched) of \(total) points")
                // Sharp: the cover is the image resized once to the drawn size and copied 1:1 (a
                // mean difference of 0 per channel). Enlarged from a smaller decode it differs by
                // 1-12 (median 4); decoded a pixel wider than its cell, or on a fractional position
                // after the resize, by up to 5.7. A fitted cover's box has its image's aspect to a
                // pixel, so its crop offset is under a pixel, rounded either way: slack 1.
                let difference = try Self.meanDifference(
                    screenshot, box: box, file: file, decoder: decoder, slack: 1)
                #expect(difference <= 2.5, "\(name): item \(id)'s cover differs by \(difference) per channel")
                differences.append(difference)
                compared += 1
                // The title (`CellTitleView`) is drawn in the band below the cover, centred (its
                // ink within 8 px of the middle: glyph bearings and an ellipsis's dots are off the
                // centred logical extents by a few pixels; a left-aligned short title is tens off).
                let band = CGRect(
                    x: box.minX, y: box.maxY, width: CGFloat(frame[2]), height: CGFloat(frame[3]) - box.height)
                if band.maxY <= Double(screenshot.height) {
                    try Self.expectCentredTitle(screenshot, band: band, ink: 15, within: 8, "\(name): item \(id)")
                    titles += 1
                    // The card: its title band is white (the band carries the cell's white, which
                    // the cover would hide anywhere else) ...
                    let white = Self.pixel(screenshot, x: Double(band.minX) + 6, y: Double(band.maxY) - 2)
                    #expect(white.allSatisfy { $0 >= 248 }, "\(name): item \(id)'s title band is \(white), not white")
                    // Drawn in software the card has no shadow (`.cairo-renderer`): the row just
                    // below it is the background, as 5 px below is (GL draws a grey there).
                    if let (near, far) = Self.rowsBelowCard(screenshot, report: report, step: step, id: id, band: band)
                    {
                        #expect(near == far, "\(name): item \(id) casts a shadow: \(near) below it, \(far) further")
                    }
                }
                // ... and the cover's top corners are rounded: the corner pixel is the window's
                // background (#f4f4f6), not the cover.
                for corner in [box.minX, box.maxX - 1] {
                    let pixel = Self.pixel(screenshot, x: Double(corner), y: Double(box.minY))
                    let background = [0xF4, 0xF4, 0xF6]
                    #expect(
                        zip(pixel, background).allSatisfy { abs($0 - $1) <= 24 },
                        "\(name): item \(id)'s corner at \(corner) is \(pixel), not the background")
                }
            }
            #expect(compared >= 2, "\(name): \(compared) covers wholly on screen")
            #expect(titles >= 2, "\(name): \(titles) titles wholly on screen")
            if name == "first" {
                try Self.expectBannerShowsItsCover(
                    screenshot, report: report, step: step, catalog: catalog, drawing: "surface")
            }
        }
        try #require(!differences.isEmpty)
        let median = differences.sorted()[differences.count / 2]
        #expect(median <= 1, "covers differ from their images by \(median) per channel at the median: \(differences)")
    }

    // MARK: Helpers

    /// The banner, on the first channel's first page, shows the channel's first featured item's
    /// cover through the cover fit (sampled above its caption and dots), drawn as `drawing` says
    /// (a surface under cairo, which converts a texture on every frame).
    static func expectBannerShowsItsCover(
        _ screenshot: DecodedImage, report: ScriptReport, step: Int, catalog: URL, drawing: String
    ) throws {
        let state = report.state(step)
        let banner = try #require(state.bannerFrame, "no banner drawn")
        #expect(state.carouselPage == 0)
        #expect(state.bannerCover == drawing)
        let feed = try JSONSerialization.jsonObject(
            with: Data(contentsOf: catalog.appendingPathComponent("featured/feed.json")))
        let entries = ((feed as? [String: Any])?["data"] as? [String: Any])?["info_list"] as? [[String: Any]] ?? []
        let first = try #require(entries.first { ($0["featured"] as? Int ?? 0) != 0 }, "no featured item")
        let file = catalog.appendingPathComponent(try #require(first["cover"] as? String))
        let source = try PixbufImageDecoder().decode(Data(contentsOf: file), targetSize: nil)
        let origin = state.feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        let box = CGRect(
            x: origin[0] + banner[0], y: origin[1] + banner[1] - offset, width: banner[2], height: banner[3])
        let (matched, total) = matchingSamples(screenshot, box: box, source: source)
        #expect(matched * 10 >= total * 7, "the banner matches its cover at \(matched) of \(total) points")
    }

    /// The pixels 1 and 5 px below the middle of item `id`'s card (its title `band`, in
    /// screenshot pixels), or nil when another card or the screen's edge is in the way.
    static func rowsBelowCard(
        _ screenshot: DecodedImage, report: ScriptReport, step: Int, id: String, band: CGRect
    ) -> (near: [Int], far: [Int])? {
        let origin = report.state(step).feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        let x = Double(band.midX)
        let below = [1.0, 5.0].map { Double(band.maxY) + $0 }
        let clear = report.state(step).visibleItems.allSatisfy { other in
            guard other.frame.count == 4, other.id != id else { return true }
            let top = origin[1] + other.frame[1] - offset
            let left = origin[0] + other.frame[0]
            return !(left...(left + other.frame[2])).contains(x) || top > below[1] + 1
                || top + other.frame[3] < below[0]
        }
        guard clear, below[1] < Double(screenshot.height) else { return nil }
        return (pixel(screenshot, x: x, y: below[0]), pixel(screenshot, x: x, y: below[1]))
    }

    /// Under a GL renderer the cards keep their soft shadow: the row just below a card is darker
    /// than the background 5 px further down (the cairo test above checks it is absent there).
    @Test func cardsKeepTheirShadowUnderGL() throws {
        let catalog = try TestCatalog.fiveChannels()
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CascadeProcess.runScript(
            "wait-idle\nscreenshot first\n", in: dir,
            arguments: ["--catalog", catalog.path, "--carousel-interval", "0"], environment: ["GSK_RENDERER": "gl"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        let step = report.steps.count - 1
        #expect(report.state(step).renderer != "GskCairoRenderer", "\(String(describing: report.state(step).renderer))")
        let screenshot = try PixbufImageDecoder().decode(
            Data(contentsOf: dir.appendingPathComponent("first.png")), targetSize: nil)
        let origin = report.state(step).feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        var checked = 0
        for entry in report.state(step).visibleItems where entry.frame.count == 4 {
            let frame = entry.frame
            let band = CGRect(
                x: origin[0] + frame[0], y: origin[1] + frame[1] - offset, width: frame[2], height: frame[3])
            guard band.minY >= origin[1],
                let (near, far) = Self.rowsBelowCard(screenshot, report: report, step: step, id: entry.id, band: band)
            else { continue }
            #expect(zip(near, far).allSatisfy { $0 + 4 <= $1 }, "item \(entry.id): \(near) below it, \(far) further")
            checked += 1
        }
        #expect(checked >= 2, "\(checked) cards with room below them")
        try Self.expectBannerShowsItsCover(
            screenshot, report: report, step: step, catalog: catalog, drawing: "texture")
    }

    /// Samples a 7 × 7 grid inside `box` (in screenshot pixels) and counts the points whose colour
    /// is within 60 per channel of the source image's pixel at the same place through the cover
    /// fit. The grid keeps off the rounded corners and the duration badge (bottom right).
    static func matchingSamples(
        _ screenshot: DecodedImage, box: CGRect, source: DecodedImage
    ) -> (matched: Int, total: Int) {
        let fit = CoverFit.rect(
            image: CGSize(width: Double(source.width), height: Double(source.height)), box: box.size)
        var matched = 0
        var total = 0
        for row in 0..<7 {
            for column in 0..<7 {
                let fx = 0.1 + 0.8 * Double(column) / 6
                let fy = 0.1 + 0.65 * Double(row) / 6
                let bx = Double(box.width) * fx
                let by = Double(box.height) * fy
                let sx = Int(saturating: Double(box.minX) + bx)
                let sy = Int(saturating: Double(box.minY) + by)
                let ix = Int(saturating: (bx - Double(fit.minX)) * Double(source.width) / Double(fit.width))
                let iy = Int(saturating: (by - Double(fit.minY)) * Double(source.height) / Double(fit.height))
                guard (0..<screenshot.width).contains(sx), (0..<screenshot.height).contains(sy),
                    (0..<source.width).contains(ix), (0..<source.height).contains(iy)
                else { continue }
                total += 1
                let p = sy * screenshot.bytesPerRow + sx * 4
                // The drawn pixel is its footprint in the source averaged (a downscale): a thin
                // line in the source is no longer where one source pixel says.
                let footprint = max(1, Int(saturating: (Double(source.width) / Double(fit.width)).rounded(.up)))
                let xs = max(0, ix - footprint / 2)..<min(source.width, ix + footprint - footprint / 2)
                let ys = max(0, iy - footprint / 2)..<min(source.height, iy + footprint - footprint / 2)
                let close = (0..<3).allSatisfy { channel in
                    var sum = 0
                    for y in ys { for x in xs { sum += Int(source.pixels[y * source.bytesPerRow + x * 4 + channel]) } }
                    let mean = sum / max(1, xs.count * ys.count)
                    return abs(Int(screenshot.pixels[p + channel]) - mean) <= 60
                }
                if close { matched += 1 }
            }
        }
        return (matched, total)
    }

    /// The red, green and blue of the screenshot's pixel at (`x`, `y`), rounded to whole pixels.
    static func pixel(_ screenshot: DecodedImage, x: Double, y: Double) -> [Int] {
        let px = min(max(0, Int(saturating: x.rounded(.down))), screenshot.width - 1)
        let py = min(max(0, Int(saturating: y.rounded(.down))), screenshot.height - 1)
        let p = py * screenshot.bytesPerRow + px * 4
        return (0..<3).map { Int(screenshot.pixels[p + $0]) }
    }

    /// The dark (text) pixels in a cell's title band of the screenshot: how many, the
    /// horizontal centre of their bounding box and its columns and rows (`maxX` and `maxY`
    /// exclusive); nil when there are none.
    static func titleInk(_ screenshot: DecodedImage, band: CGRect) -> TitleInk? {
        var pixels = 0
        var minX = Int.max
        var maxX = Int.min
        var minY = Int.max
        var maxY = Int.min
        let top = Int(saturating: Double(band.minY).rounded())
        let bottom = Int(saturating: Double(band.maxY).rounded())
        let left = Int(saturating: Double(band.minX).rounded())
        let right = Int(saturating: Double(band.maxX).rounded())
        for y in max(0, top)..<min(screenshot.height, bottom) {
            for x in max(0, left)..<min(screenshot.width, right) {
                let p = y * screenshot.bytesPerRow + x * 4
                guard (0..<3).allSatisfy({ screenshot.pixels[p + $0] < 100 }) else { continue }
                pixels += 1
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y + 1)
            }
        }
        return pixels == 0
            ? nil
            : TitleInk(
                pixels: pixels, centreX: Double(minX + maxX + 1) / 2, minX: minX, maxX: maxX + 1, minY: minY, maxY: maxY
            )
    }

    /// Expects a title drawn in `band` of the screenshot: at least `ink` dark pixels, their
    /// centre within `within` pixels of the band's middle. `label` names the cell in failures.
    static func expectCentredTitle(
        _ screenshot: DecodedImage, band: CGRect, ink minimum: Int, within tolerance: Double, _ label: String
    ) throws {
        let ink = try #require(titleInk(screenshot, band: band), "\(label) has no title")
        #expect(ink.pixels >= minimum, "\(label)'s title has \(ink.pixels) dark pixels")
        #expect(
            abs(ink.centreX - Double(band.midX)) <= tolerance,
            "\(label)'s title is centred at \(ink.centreX), not \(band.midX)")
    }

    /// A title's dark pixels in a screenshot (`titleInk`).
    struct TitleInk {
        var pixels: Int
        var centreX: Double
        var minX: Int
        var maxX: Int
        var minY: Int
        var maxY: Int
    }

    /// The mean difference per channel between the cover drawn in `box` (the interior the
    /// sampling grid covers) and the cover file decoded once to the size the cover fit draws it
    /// at, aligned as the fit aligns it; with `slack`, the least difference over crops moved by
    /// up to that many pixels each way (a crop offset that is a whole number and a half may be
    /// rounded either way).
    static func meanDifference(
        _ screenshot: DecodedImage, box: CGRect, file: URL, decoder: PixbufImageDecoder, slack: Int = 0
    ) throws -> Double {
        let data = try Data(contentsOf: file)
        let original = try decoder.decode(data, targetSize: nil)
        let fit = CoverFit.rect(
            image: CGSize(width: Double(original.width), height: Double(original.height)), box: box.size)
        // Asked for the fit rounded up: the decoder fits inside what it is asked for, so a fit
        // of 374 × 210.4 asked as 374 × 210 would come back 373 × 210.
        let ideal = try decoder.decode(
            data,
            targetSize: PixelSize(
                width: Int(saturating: Double(fit.width).rounded(.up)),
                height: Int(saturating: Double(fit.height).rounded(.up))))
        let left = Int(saturating: Double(box.minX).rounded())
        let top = Int(saturating: Double(box.minY).rounded())
        var least = Double.infinity
        for moveY in -slack...slack {
            for moveX in -slack...slack {
                let dx = Int(saturating: Double(fit.minX).rounded()) + moveX
                let dy = Int(saturating: Double(fit.minY).rounded()) + moveY
                var sum = 0
                var count = 0
                for by in stride(from: Int(Double(box.height) * 0.1), to: Int(Double(box.height) * 0.75), by: 2) {
                    for bx in stride(from: Int(Double(box.width) * 0.1), to: Int(Double(box.width) * 0.9), by: 2) {
                        let (sx, sy, ix, iy) = (left + bx, top + by, bx - dx, by - dy)
                        guard (0..<screenshot.width).contains(sx), (0..<screenshot.height).contains(sy),
                            (0..<ideal.width).contains(ix), (0..<ideal.height).contains(iy)
                        else { continue }
                        let p = sy * screenshot.bytesPerRow + sx * 4
                        let q = iy * ideal.bytesPerRow + ix * 4
                        for channel in 0..<3 {
                            sum += abs(Int(screenshot.pixels[p + channel]) - Int(ideal.pixels[q + channel]))
                        }
                        count += 3
                    }
                }
                least = min(least, count == 0 ? 0 : Double(sum) / Double(count))
            }
        }
        return least
    }

    /// Every item's cover file in a catalog made by `make-demo-catalog.py`, by item id.
    static func coverFiles(in catalog: URL) throws -> [String: URL] {
        let channels =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: catalog.appendingPathComponent("channels.json"))) as? [String: Any]
        var files: [String: URL] = [:]
        for channel in channels?["channels"] as? [[String: Any]] ?? [] {
            guard let id = channel["id"] as? String else { continue }
            let feed = try JSONSerialization.jsonObject(
                with: Data(contentsOf: catalog.appendingPathComponent(id).appendingPathComponent("feed.json")))
            let entries = ((feed as? [String: Any])?["data"] as? [String: Any])?["info_list"] as? [[String: Any]] ?? []
            for entry in entries {
                guard let item = entry["id"] as? String, let cover = entry["cover"] as? String else { continue }
                files[item] = catalog.appendingPathComponent(cover)
            }
        }
        return files
    }
}
