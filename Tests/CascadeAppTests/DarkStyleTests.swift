import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The light and dark styles: `--color-scheme` forces one for a run, and the feed's page, cells
/// and covers are drawn in either (the stylesheet's colours are libadwaita's named colours).
@Suite(.serialized) struct DarkStyleTests {
    @Test(arguments: ["light", "dark"])
    func theFeedIsDrawnInEitherStyle(scheme: String) throws {
        let work = try DesktopFixtures.temporaryDirectory("style-\(scheme)")
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try TestCatalog.small()
        let result = try CascadeProcess.runScript(
            "wait-idle\nscreenshot page\n", in: work,
            arguments: ["--catalog", catalog.path, "--color-scheme", scheme, "--carousel-interval", "0"],
            environment: ["GTK_A11Y": "none"])
        let report = try #require(result.report, "no report: \(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
        let png = work.appendingPathComponent("page.png")

        // Cells and covers are drawn as in the light style's checks.
        let problems = try ScreenCheck.pixelProblems(
            png: png, report: report, step: 1, decoder: PixbufImageDecoder(), minimumCovers: 2)
        #expect(problems.isEmpty, "\(problems)")

        // The page's background: the feed's left inset beside the first cell, and the title
        // band under its cover, are dark in the dark style and light in the light one.
        let image = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        let origin = report.state(1).feedOrigin ?? [0, 0]
        let offset = report.feed(1).offset ?? 0
        let first = try #require(report.visibleItems(1).min { $0.frame[1] < $1.frame[1] }, "no cell drawn")
        let inset = CairoCoverTests.pixel(
            image, x: origin[0] + first.frame[0] / 2, y: origin[1] + first.frame[1] - offset + first.frame[3] / 2)
        let band = CairoCoverTests.pixel(
            image, x: origin[0] + first.frame[0] + 3, y: origin[1] + first.frame[1] - offset + first.frame[3] * 0.93)
        for (name, pixel) in [("background", inset), ("title band", band)] {
            let luma = (pixel[0] * 299 + pixel[1] * 587 + pixel[2] * 114) / 1000
            if scheme == "dark" {
                #expect(luma < 70, "the \(name) at the first cell is \(pixel) in the dark style")
            } else {
                #expect(luma > 200, "the \(name) at the first cell is \(pixel) in the light style")
            }
        }
    }
}
