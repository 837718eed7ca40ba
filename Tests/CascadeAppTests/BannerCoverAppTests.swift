import CascadeFolder
import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Covers that fit where they are drawn: a folder feed's banner, window-wide, is drawn from a
/// thumbnail covering its device pixels (xx-large), not from the cells' smaller one stretched.
@Suite struct BannerCoverAppTests {
    @Test func aFolderFeedsBannerIsDrawnFromAThumbnailCoveringIt() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let spare = try VideoFolderFixture(label: "cascade-spare")
        defer { spare.remove() }
        // testsrc2 draws sharp edges and small text: detail a 256 px thumbnail cannot carry.
        try folder.clip("wide one.mp4", size: "1280x720", duration: 2)
        try folder.clip("wide two.mp4", size: "1280x720", duration: 2)
        try "wait-idle\nwait-status 2 videos\nwait-idle\nscreenshot banner\n".write(
            to: spare.url.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = spare.url.appendingPathComponent("r.json")
        let cache = spare.url.appendingPathComponent("cache")
        // Six columns: the cells' covers need no more than a large (256 px) thumbnail.
        let child = try CascadeProcess(
            arguments: [
                folder.url.path, "--columns", "6", "--carousel-interval", "0", "--script",
                spare.url.appendingPathComponent("s.txt").path, "--report", report.path, "--screenshots",
                spare.url.path,
            ],
            environment: DesktopFixtures.quietEnvironment.merging(["XDG_CACHE_HOME": cache.path]) { $1 })
        defer { child.kill() }
        #expect(child.wait(timeout: 90) == 0, "\(child.stderr)")
        let result = try #require(ScriptReport(url: report))
        for i in result.steps.indices {
            #expect(result.ok(i), "step \(i) \(result.steps[i].action): \(result.steps[i].error ?? "")")
        }
        let state = result.state(3)
        let banner = try #require(state.bannerFrame, "no banner drawn")
        let cellWidth = try #require(state.visibleItems.first?.frame[2])
        #expect(
            ThumbnailSize.needed(coverPixelWidth: Int(saturating: cellWidth.rounded(.up)), aspectRatio: 9.0 / 16.0)
                == .large, "the cells need a large thumbnail: \(cellWidth)")

        // The banner's thumbnail: xx-large, as wide as the source allows (1024 of 1280).
        let needed = ThumbnailSize.needed(
            coveringPixelWidth: Int(saturating: banner[2].rounded(.up)),
            height: Int(saturating: banner[3].rounded(.up)), aspectRatio: 9.0 / 16.0)
        #expect(needed == .xxLarge, "banner \(banner)")
        let decoder = PixbufImageDecoder()
        let folderURL = cache.appendingPathComponent("thumbnails/" + needed.folderName)
        let made = ((try? FileManager.default.contentsOfDirectory(atPath: folderURL.path)) ?? []).filter {
            $0.hasSuffix(".png")
        }
        #expect(!made.isEmpty, "no \(needed.folderName) thumbnail made")
        for name in made {
            let image = try decoder.decode(Data(contentsOf: folderURL.appendingPathComponent(name)), targetSize: nil)
            #expect(image.width == 1024 && image.height == 576, "\(name): \(image.width)x\(image.height)")
        }

        // In pixels: the drawn banner holds edges finer than a 256 px image carries: its hard
        // steps between neighbours go when it goes through 256 px and back (a stretched 256 px
        // cover's are soft already, and stay).
        let shot = try decoder.decode(Data(contentsOf: spare.url.appendingPathComponent("banner.png")), targetSize: nil)
        let origin = try #require(state.feedOrigin)
        let offset = state.feed.offset ?? 0
        // The banner inside its rounded corners, above the caption and dots.
        let x = Int(saturating: (origin[0] + banner[0] + 12).rounded(.up))
        let y = Int(saturating: (origin[1] + banner[1] - offset + 12).rounded(.up))
        let width = min(Int(saturating: banner[2]) - 24, shot.width - x)
        let height = Int(saturating: banner[3] * 0.75)
        let drawn = Self.gray(shot, x: x, y: y, width: width, height: height)
        let sharp = Self.steps(drawn, width: width, height: height)
        let through256 = Self.steps(
            Self.resampled(drawn, width: width, height: height, via: 256), width: width, height: height)
        #expect(sharp > 2 * through256, "\(sharp) steps drawn, \(through256) through 256 px")
    }

    /// Luma of a region, row by row.
    static func gray(_ image: DecodedImage, x: Int, y: Int, width: Int, height: Int) -> [Double] {
        var values: [Double] = []
        values.reserveCapacity(width * height)
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                let p = row * image.bytesPerRow + column * 4
                values.append(
                    0.299 * Double(image.pixels[p]) + 0.587 * Double(image.pixels[p + 1]) + 0.114
                        * Double(image.pixels[p + 2]))
            }
        }
        return values
    }

    /// Neighbours (across and down) whose luma differs by more than 24: hard edges, which a
    /// blurred image spreads over several smaller steps. Measured on this banner: 2991 drawn
    /// against 859 through 256 px; the cells' large thumbnail stretched across it gave 869 against 747.
    static func steps(_ values: [Double], width: Int, height: Int, threshold: Double = 24) -> Int {
        var count = 0
        for row in 0..<(height - 1) {
            for column in 0..<(width - 1) {
                let here = values[row * width + column]
                if abs(values[row * width + column + 1] - here) > threshold { count += 1 }
                if abs(values[(row + 1) * width + column] - here) > threshold { count += 1 }
            }
        }
        return count
    }

    /// The region averaged down to `narrow` pixels wide (box filter, the height in proportion)
    /// and stretched back bilinearly: what a cover made at that width looks like drawn there.
    static func resampled(_ values: [Double], width: Int, height: Int, via narrow: Int) -> [Double] {
        let smallWidth = min(width, narrow)
        let smallHeight = max(1, height * smallWidth / width)
        var small = [Double](repeating: 0, count: smallWidth * smallHeight)
        for sy in 0..<smallHeight {
            for sx in 0..<smallWidth {
                let (x0, x1) = (
                    sx * width / smallWidth, max(sx * width / smallWidth + 1, (sx + 1) * width / smallWidth)
                )
                let (y0, y1) = (
                    sy * height / smallHeight, max(sy * height / smallHeight + 1, (sy + 1) * height / smallHeight)
                )
                var sum = 0.0
                for row in y0..<y1 { for column in x0..<x1 { sum += values[row * width + column] } }
                small[sy * smallWidth + sx] = sum / Double((x1 - x0) * (y1 - y0))
            }
        }
        var out = [Double](repeating: 0, count: width * height)
        for row in 0..<height {
            let fy = min(
                Double(smallHeight - 1), max(0, (Double(row) + 0.5) * Double(smallHeight) / Double(height) - 0.5))
            let (y0, ty) = (Int(fy), fy - Double(Int(fy)))
            let y1 = min(smallHeight - 1, y0 + 1)
            for column in 0..<width {
                let fx = min(
                    Double(smallWidth - 1), max(0, (Double(column) + 0.5) * Double(smallWidth) / Double(width) - 0.5))
                let (x0, tx) = (Int(fx), fx - Double(Int(fx)))
                let x1 = min(smallWidth - 1, x0 + 1)
                let top = small[y0 * smallWidth + x0] * (1 - tx) + small[y0 * smallWidth + x1] * tx
                let bottom = small[y1 * smallWidth + x0] * (1 - tx) + small[y1 * smallWidth + x1] * tx
                out[row * width + column] = top * (1 - ty) + bottom * ty
            }
        }
        return out
    }
}
