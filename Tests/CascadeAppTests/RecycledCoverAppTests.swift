import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// A cell reused for an item whose cover has not arrived shows the placeholder, never the cover
/// of the item it showed before. The first screen's covers are local files; every item further
/// down has its cover on a loopback server that answers after 3 s (`/slow/`), so right after a
/// jump there, the reused cells wait for theirs. Checked in pixels, under both renderers.
@Suite(.serialized) struct RecycledCoverAppTests {
    /// Items from this index on have slow covers.
    static let firstSlow = 24

    @Test(arguments: ["cairo", "gl"]) func aReusedCellWaitingForItsCoverShowsThePlaceholder(renderer: String) throws {
        let source = try TestCatalog.small()
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let covers = try FileManager.default.contentsOfDirectory(
            at: source.appendingPathComponent("media"), includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "jpg" }.sorted { $0.path < $1.path }
        try #require(covers.count >= 4)
        let server = try LocalHTTPServer(root: source.appendingPathComponent("media"))
        defer { server.stop() }
        let catalog = try Self.catalog(in: dir, covers: covers, server: server)

        let script = """
            wait-idle
            screenshot top
            scroll-to-item 100 top
            screenshot reused
            """
        let result = try CascadeProcess.runScript(
            script, in: dir,
            arguments: ["--catalog", catalog.path, "--page-size", "120", "--carousel-interval", "0"],
            environment: ["GSK_RENDERER": renderer])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let decoder = PixbufImageDecoder()

        // Before the jump: the first screen's covers are drawn (these are the cells reused).
        let top = try #require(report.steps.firstIndex { $0.action == "screenshot top" })
        let drawnAtTop = report.visibleItems(top).filter { $0.cover == "surface" || $0.cover == "texture" }
        #expect(drawnAtTop.count >= 4, "\(report.visibleItems(top).map { $0.cover ?? "?" })")
        let topProblems = try ScreenCheck.pixelProblems(
            png: dir.appendingPathComponent("top.png"), report: report, step: top, decoder: decoder, minimumCovers: 2)
        #expect(topProblems.isEmpty, "\(topProblems)")

        // After it: every cell on screen waits for a slow cover, and draws a flat placeholder.
        let reused = try #require(report.steps.firstIndex { $0.action == "screenshot reused" })
        #expect(report.ok(reused), "\(report.steps[reused].error ?? "")")
        let image = try decoder.decode(Data(contentsOf: dir.appendingPathComponent("reused.png")), targetSize: nil)
        let origin = report.state(reused).feedOrigin ?? [0, 0]
        let offset = report.feed(reused).offset ?? 0
        var placeholders = 0
        for item in report.visibleItems(reused) {
            #expect(item.index >= Self.firstSlow, "item \(item.index) on screen after the jump")
            // The state says which; the pixels say what is drawn.
            guard item.cover == "placeholder" else { continue }
            let cover = item.coverFrame
            let x = Int(saturatingRounded: origin[0] + cover[0])
            let y = Int(saturatingRounded: origin[1] + cover[1] - offset)
            let width = Int(saturating: cover[2])
            let height = Int(saturating: cover[3])
            guard x >= 0, y >= Int(saturatingRounded: origin[1]), width > 12, height > 12,
                x + width <= image.width, y + height <= image.height
            else { continue }
            // The top quarter, above the placeholder's centred glyph and the duration badge: the
            // placeholder's flat grey there, where any of the covers has dozens of colours.
            let colours = ScreenCheck.colours(
                in: image, x: x + 4, y: y + 4, width: width - 8, height: height / 4 - 4, step: 3)
            #expect(colours <= 3, "item \(item.index)'s cover area has \(colours) colours: a stale cover")
            placeholders += 1
        }
        // The covers take 3 s: the screenshot right after the jump comes well before.
        #expect(placeholders >= 2, "\(report.visibleItems(reused).map { $0.cover ?? "?" })")
    }

    /// A one-channel catalog of 120 items in `dir`: covers of the first `firstSlow` are local
    /// files, the rest are `/slow/` URLs on `server` (the same images).
    static func catalog(in dir: URL, covers: [URL], server: LocalHTTPServer) throws -> URL {
        let root = dir.appendingPathComponent("catalog")
        let media = root.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for cover in covers {
            try FileManager.default.copyItem(at: cover, to: media.appendingPathComponent(cover.lastPathComponent))
        }
        let items: [[String: Any]] = (0..<120).map { index in
            let name = covers[index % covers.count].lastPathComponent
            return [
                "id": "r\(index)", "title": "Reused \(index)",
                "cover": index < firstSlow ? "media/\(name)" : server.url("/slow/\(name)").absoluteString,
                "flv": "media/none.flv", "duration": 5, "width": 640, "height": 360 + (index % 3) * 60,
            ]
        }
        let channel = root.appendingPathComponent("all")
        try FileManager.default.createDirectory(at: channel, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: ["data": ["info_list": items]])
            .write(to: channel.appendingPathComponent("feed.json"))
        try JSONSerialization.data(withJSONObject: ["channels": [["id": "all", "title": "All"]]])
            .write(to: root.appendingPathComponent("channels.json"))
        return root
    }
}
