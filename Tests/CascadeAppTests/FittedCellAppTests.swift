import CascadeImages
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Fitted cells in the real app (cairo renderer), in pixels: a title gets the lines it needs,
/// one to three, in a band that grows with them, every line drawn inside the band; covers keep
/// their image's aspect. `--cell-style reference` keeps the design's 85 % cover.
@Suite(.serialized) struct FittedCellAppTests {
    /// Titles that need one, two and three (or more: ellipsized) lines in a 3-column cell.
    static let titles: [(id: String, title: String, lines: Int)] = [
        ("one", "Short title", 1),
        ("two", "A title that needs two lines here", 2),
        ("three", "A long title that has to wrap onto a second and then a third line of this narrow cell", 3),
        ("many", String(repeating: "Endless words without an end in sight ", count: 6), 3),
    ]

    @Test func aTitleGetsTheLinesItNeedsAndTheCoverItsAspect() throws {
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try HostileTitleTests.catalog(in: dir, titles: Self.titles.map { ($0.id, $0.title) })
        let arguments = ["--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0"]
        let result = try CascadeProcess.runScript(
            "resize 640 960\nwait 300ms\nwait-idle\nscreenshot fitted\n", in: dir, arguments: arguments,
            environment: ["GSK_RENDERER": "cairo"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let step = try #require(report.steps.firstIndex { $0.action == "screenshot fitted" })
        let bands = try Self.checkTitleBands(report, step: step, png: dir.appendingPathComponent("fitted.png"))
        #expect(bands.count == Self.titles.count, "bands drawn: \(bands)")
        // Each line adds one line's height; the band is never the reference's 11 %.
        if let one = bands["one"], let two = bands["two"], let three = bands["three"], let many = bands["many"] {
            #expect(two - one >= 16 && two - one <= 26, "bands: \(bands)")
            #expect(abs((three - two) - (two - one)) <= 1 && many == three, "bands: \(bands)")
        }

        // The reference style: the cover is 85 % of every cell, whatever its title.
        let reference = try CascadeProcess.runScript(
            "resize 640 960\nwait 300ms\nwait-idle\n", in: dir, arguments: arguments + ["--cell-style", "reference"],
            environment: ["GSK_RENDERER": "cairo"])
        let referenceReport = try #require(reference.report, "stderr: \(reference.stderr)")
        let entries = referenceReport.visibleItems(referenceReport.steps.count - 1)
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(entry.coverHeight == (entry.frame[3] * 0.85).rounded(), "\(entry.id): \(entry)")
        }
    }

    /// Checks the screenshot of `step` in pixels: every visible cell of `titles` has its cover at
    /// 3:4 and as many lines of ink as its title needs, each clear of its band's edges, and what
    /// is drawn is what the model shows. Returns the title bands' heights by id.
    static func checkTitleBands(_ report: ScriptReport, step: Int, png: URL) throws -> [String: Double] {
        #expect(ScreenCheck.drawnVersusModel(report, step: step).isEmpty)
        let screenshot = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        let state = report.state(step)
        let origin = state.feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        var bands: [String: Double] = [:]
        for entry in state.visibleItems {
            guard let expected = titles.first(where: { $0.id == entry.id })?.lines else { continue }
            let frame = entry.frame
            let cover = entry.coverFrame
            // The cover at its image's 3:4 aspect over the cell's width, to a point.
            #expect(abs(cover[3] - cover[2] * 4 / 3) <= 1, "\(entry.id): cover \(cover) is not 3:4")
            let band = CGRect(
                x: origin[0] + frame[0], y: origin[1] + frame[1] - offset + cover[3], width: frame[2],
                height: frame[3] - cover[3])
            guard band.minY >= 0, band.maxY <= Double(screenshot.height) else { continue }
            bands[entry.id] = Double(band.height)
            let rows = inkRows(screenshot, band: band)
            #expect(rows.count == expected, "\(entry.id): \(rows.count) lines of ink, wanted \(expected)")
            // Every line inside the band, clear of its edges: nothing clipped.
            if let first = rows.first, let last = rows.last {
                #expect(first.lowerBound >= Int(band.minY) + 2, "\(entry.id): ink starts at the band's top")
                #expect(last.upperBound <= Int(band.maxY) - 2, "\(entry.id): ink reaches the band's bottom")
            }
        }
        return bands
    }

    /// A second page of 300 items, which lands a slice of title measuring at a time: the four
    /// titles at its start draw in the lines they need, as on a first page.
    @Test func aPageThatLandsInSlicesDrawsEachTitleInItsLines() throws {
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fillers = (0..<300).map { (id: "filler-\($0)", title: "Filler \($0) with a few words") }
        let titles = fillers + Self.titles.map { ($0.id, $0.title) } + fillers.map { ("more-\($0.id)", $0.title) }
        let catalog = try HostileTitleTests.catalog(in: dir, titles: titles)
        let arguments = ["--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0", "--page-size", "300"]
        let result = try CascadeProcess.runScript(
            "resize 640 960\nwait 300ms\nwait-idle\nscroll-to-end\nwait-idle\nscroll-to-item 300\nwait-idle\n"
                + "screenshot landed\n",
            in: dir, arguments: arguments, environment: ["GSK_RENDERER": "cairo"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let step = try #require(report.steps.firstIndex { $0.action == "screenshot landed" })
        #expect(report.feed(step).items == 600)
        let bands = try Self.checkTitleBands(report, step: step, png: dir.appendingPathComponent("landed.png"))
        #expect(bands.count == Self.titles.count, "bands drawn: \(bands)")
    }

    /// The runs of rows holding dark (text) pixels in `band`: one per drawn line.
    static func inkRows(_ screenshot: DecodedImage, band: CGRect) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        var start: Int?
        let top = max(0, Int(band.minY.rounded()))
        let bottom = min(screenshot.height, Int(band.maxY.rounded()))
        for y in top..<bottom {
            let dark = (max(0, Int(band.minX) + 2)..<min(screenshot.width, Int(band.maxX) - 2)).contains { x in
                let p = y * screenshot.bytesPerRow + x * 4
                return (0..<3).allSatisfy { screenshot.pixels[p + $0] < 100 }
            }
            if dark, start == nil { start = y }
            if !dark, let begun = start {
                rows.append(begun..<y)
                start = nil
            }
        }
        if let begun = start { rows.append(begun..<bottom) }
        return rows
    }
}
