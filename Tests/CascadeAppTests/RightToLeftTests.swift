import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Under a right-to-left language (Arabic) the window mirrors: the waterfall's first cell, the
/// first tab and the banner's caption start at the right. Checked in the report and in pixels,
/// against the same catalog shown left to right.
@Suite(.serialized) struct RightToLeftTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    /// Runs the small catalog under `lang` and returns the report and the screenshot.
    func run(lang: String) throws -> (ScriptReport, DecodedImage) {
        let catalog = try TestCatalog.small()
        let dir = try temporary.make("cascade-rtl")
        let result = try CascadeProcess.runScript(
            "wait-idle\nscreenshot shown\n", in: dir,
            arguments: ["--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0"],
            environment: ["LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.report, "\(result.stderr)")
        let png = try Data(contentsOf: dir.appendingPathComponent("shown.png"))
        return (report, try PixbufImageDecoder().decode(png, targetSize: nil))
    }

    @Test func theFirstCellAndTheFirstTabAreOnTheRight() throws {
        let (ltr, ltrImage) = try run(lang: "C.UTF-8")
        let (rtl, rtlImage) = try run(lang: "ar_EG.UTF-8")
        #expect(ltrImage.width == rtlImage.width)
        let width = Double(rtlImage.width)

        // The report: item 0 is in the right column, mirrored from where it is left to right.
        let first = try #require(rtl.visibleItems(1).first { $0.index == 0 }, "item 0 not drawn")
        let firstLTR = try #require(ltr.visibleItems(1).first { $0.index == 0 }, "item 0 not drawn left to right")
        #expect(first.frame[0] > width / 2, "item 0 at x \(first.frame[0]) of \(width)")
        #expect(abs(first.frame[0] - (width - firstLTR.frame[0] - firstLTR.frame[2])) <= 1)
        let problems = ScreenCheck.drawnVersusModel(rtl, step: 1)
        #expect(problems.isEmpty, "\(problems)")

        // The pixels: item 0's cover drawn on the right is the cover drawn on the left left to
        // right, and something else is drawn where it was.
        let origin = rtl.state(1).feedOrigin ?? [0, 0]
        let offset = rtl.feed(1).offset ?? 0
        func coverRegion(_ frame: [Double]) -> (x: Int, y: Int, width: Int, height: Int) {
            (
                Int(saturatingRounded: origin[0] + frame[0]) + 4,
                Int(saturatingRounded: origin[1] + frame[1] - offset) + 4,
                Int(saturating: frame[2]) - 8, Int(saturating: frame[3]) - 8
            )
        }
        let right = coverRegion(first.coverFrame)
        let left = coverRegion(firstLTR.coverFrame)
        #expect(right.y + right.height <= rtlImage.height, "item 0's cover is not on screen")
        let same = Self.meanDifference(
            rtlImage, at: (right.x, right.y), ltrImage, at: (left.x, left.y), size: (right.width, right.height))
        let moved = Self.meanDifference(
            rtlImage, at: (left.x, left.y), ltrImage, at: (left.x, left.y), size: (right.width, right.height))
        #expect(same < 8, "item 0's cover differs (\(same)) between its left-to-right and right-to-left places")
        #expect(moved > 20, "the left column still shows item 0's cover (\(moved))")

        // The tabs: the first at the right end of the strip, the second to its left.
        let tabs = try #require(rtl.state(1).tabs)
        let frames = tabs.frames
        let stripWidth = tabs.stripWidth
        let stripOffset = tabs.stripOffset
        #expect(frames.count >= 2)
        #expect(frames[0][0] > frames[1][0])
        #expect(abs(frames[0][0] + frames[0][2] - stripOffset - stripWidth) <= 10, "\(frames[0]) in \(stripWidth)")
        let ltrTabs = try #require(ltr.state(1).tabs)
        let ltrFrames = ltrTabs.frames
        #expect(ltrFrames[0][0] < ltrFrames[1][0])
    }

    /// The mean absolute difference per channel of two equally sized regions.
    static func meanDifference(
        _ a: DecodedImage, at pa: (Int, Int), _ b: DecodedImage, at pb: (Int, Int), size: (Int, Int)
    ) -> Double {
        var total = 0
        var count = 0
        for row in stride(from: 0, to: size.1, by: 2) {
            for column in stride(from: 0, to: size.0, by: 2) {
                let (ax, ay, bx, by) = (pa.0 + column, pa.1 + row, pb.0 + column, pb.1 + row)
                guard ax >= 0, ay >= 0, bx >= 0, by >= 0, ax < a.width, ay < a.height, bx < b.width, by < b.height
                else { continue }
                let p = ay * a.bytesPerRow + ax * 4
                let q = by * b.bytesPerRow + bx * 4
                for channel in 0..<3 { total += abs(Int(a.pixels[p + channel]) - Int(b.pixels[q + channel])) }
                count += 3
            }
        }
        return count == 0 ? .infinity : Double(total) / Double(count)
    }
}
