import CascadeImages
import CascadePixbuf
import CascadeScreens
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Titles with line breaks, tabs, separators and control characters, drawn by the real app
/// (cairo renderer) and checked in pixels: each is one centred line in its cell's title band,
/// level with a plain one-line title, never pushed down, split over two lines or blank.
/// `CellTitleText` (CascadeScreens) is what makes them one paragraph; its core tests cover the
/// rule, this checks what the cell draws.
@Suite(.serialized) struct HostileTitleTests {
    /// Item ids and their titles, in feed order.
    static let titles: [(id: String, title: String)] = [
        ("plain", "Plain title"),
        ("wrapped", "A long title that has to wrap onto a second line of this narrow cell to fit at all"),
        ("breaks", "\n\n\n\nHidden below breaks"),
        ("stack", "A\nB\nC\nD\nE\nF"),
        ("controls", "\t\u{7}Bell\u{2028}and\u{A0}tab\r\n"),
        ("separators", "   \u{85}Next\u{2029}line\u{0B}   "),
    ]

    @Test func hostileTitlesAreOneCentredLineLevelWithAPlainTitle() throws {
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try Self.catalog(in: dir)
        let result = try CascadeProcess.runScript(
            "wait-idle\nscreenshot top\nscroll-by 0 400\nwait-idle\nscreenshot scrolled\n", in: dir,
            arguments: ["--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0"],
            environment: ["GSK_RENDERER": "cairo"])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")

        // Each title band wholly on screen in either screenshot, and its ink, by item id.
        var ink: [String: CairoCoverTests.TitleInk] = [:]
        var bands: [String: CGRect] = [:]
        for name in ["top", "scrolled"] {
            let step = try #require(report.steps.firstIndex { ($0.action) == "screenshot \(name)" })
            #expect(report.ok(step), "\(name): \(report.steps[step].error ?? "")")
            #expect(report.feed(step).items == Self.titles.count)
            let screenshot = try PixbufImageDecoder().decode(
                Data(contentsOf: dir.appendingPathComponent("\(name).png")), targetSize: nil)
            let state = report.state(step)
            let origin = state.feedOrigin ?? [0, 0]
            let offset = report.feed(step).offset ?? 0
            for entry in state.visibleItems {
                guard case let id = entry.id, bands[id] == nil, case let frame = entry.frame,
                    frame.count == 4
                else { continue }
                let coverHeight = entry.coverFrame[3]
                let band = CGRect(
                    x: origin[0] + frame[0], y: origin[1] + frame[1] - offset + coverHeight,
                    width: frame[2], height: frame[3] - coverHeight)
                guard band.minY >= origin[1], band.maxY <= Double(screenshot.height) else { continue }
                bands[id] = band
                ink[id] = CairoCoverTests.titleInk(screenshot, band: band)
            }
        }
        #expect(bands.count == Self.titles.count, "title bands on screen: \(bands.keys.sorted())")

        let plain = try #require(ink["plain"], "the plain title has no ink")
        let wrapped = try #require(ink["wrapped"], "the wrapped title has no ink")
        let plainBand = try #require(bands["plain"])
        let wrappedBand = try #require(bands["wrapped"])
        // The references: one line, and two (the long title wraps; its ink is taller).
        let oneLine = plain.maxY - plain.minY
        let twoLines = wrapped.maxY - wrapped.minY
        #expect(twoLines >= oneLine + 8, "the long title's ink is \(twoLines) rows, one line's \(oneLine)")
        // A fitted cell's band grows with its lines: every title starts at the band's padding.
        #expect(
            abs((wrapped.minY - Int(wrappedBand.minY)) - (plain.minY - Int(plainBand.minY))) <= 2,
            "the wrapped title starts \(wrapped.minY - Int(wrappedBand.minY)) rows into its band, a one-line one \(plain.minY - Int(plainBand.minY))"
        )
        // Its lines, as wide as the cell allows, keep off the card's edges (the band's padding).
        #expect(
            wrapped.minX >= Int(wrappedBand.minX) + 6 && wrapped.maxX <= Int(wrappedBand.maxX) - 6,
            "the long title's ink spans \(wrapped.minX)..<\(wrapped.maxX) in a band \(wrappedBand.minX)...\(wrappedBand.maxX)"
        )

        for (id, title) in Self.titles where id != "plain" && id != "wrapped" {
            guard let band = bands[id], let drawn = ink[id] else {
                Issue.record("item \(id) (\(title.debugDescription)) draws no title")
                continue
            }
            #expect(drawn.pixels >= 15, "item \(id) has \(drawn.pixels) dark pixels")
            #expect(
                abs(drawn.centreX - Double(band.midX)) <= 8,
                "item \(id)'s title is centred at \(drawn.centreX), not \(band.midX)")
            // One line: shorter than two lines' ink, and level with the plain title (its top
            // within a few rows of the plain title's, relative to the band; glyphs differ).
            #expect(
                drawn.maxY - drawn.minY < (oneLine + twoLines) / 2,
                "item \(id)'s title is \(drawn.maxY - drawn.minY) rows tall: more than one line")
            let top = drawn.minY - Int(band.minY)
            let plainTop = plain.minY - Int(plainBand.minY)
            #expect(abs(top - plainTop) <= 4, "item \(id)'s title starts \(top) rows into its band, not \(plainTop)")
        }
    }

    /// The colour of every cover in `catalog(in:)`, red, green and blue.
    static let coverColour: [UInt8] = [150, 190, 220]

    /// A one-channel catalog of `titles` (these tests' unless given), every cover the same light
    /// image of `aspect` (3:4 unless given: no dark pixels to mistake for text; a portrait cell's
    /// title band holds two lines), with the `durations` given by item id.
    static func catalog(
        in dir: URL, titles: [(id: String, title: String)] = titles, aspect: (width: Int, height: Int) = (3, 4),
        durations: [String: Double] = [:]
    ) throws -> URL {
        let catalog = dir.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(
            at: catalog.appendingPathComponent("c0"), withIntermediateDirectories: true)
        try TinyPNG.solid(
            width: aspect.width * 16, height: aspect.height * 16,
            rgba: (coverColour[0], coverColour[1], coverColour[2], 255)
        )
        .write(to: catalog.appendingPathComponent("c0/cover.png"))
        let channels: [String: Any] = ["channels": [["id": "c0", "title": "Titles"]]]
        try JSONSerialization.data(withJSONObject: channels).write(to: catalog.appendingPathComponent("channels.json"))
        let entries: [[String: Any]] = titles.map {
            var entry: [String: Any] = [
                "id": $0.id, "title": $0.title, "cover": "c0/cover.png", "flv": "c0/v.mp4", "width": aspect.width,
                "height": aspect.height,
            ]
            entry["duration"] = durations[$0.id]
            return entry
        }
        let feed: [String: Any] = ["data": ["info_list": entries]]
        try JSONSerialization.data(withJSONObject: feed).write(to: catalog.appendingPathComponent("c0/feed.json"))
        return catalog
    }
}
