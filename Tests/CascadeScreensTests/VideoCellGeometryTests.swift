import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@Suite struct VideoCellGeometryTests {
    @Test(arguments: [
        (
            CGSize(width: 177.5, height: 100), CGRect(x: 0, y: 0, width: 177.5, height: 85),
            CGRect(x: 0, y: 89, width: 177.5, height: 11)
        ),
        (
            CGSize(width: 200, height: 355), CGRect(x: 0, y: 0, width: 200, height: 302),
            CGRect(x: 0, y: 316, width: 200, height: 39)
        ),
    ])
    func goldenProportions(size: CGSize, cover: CGRect, title: CGRect) {
        let geometry = VideoCellGeometry(size: size)
        #expect(geometry.cover == cover)
        #expect(geometry.title == title)
        #expect(geometry.coverCornerRadius == 5)
    }

    /// The width a cell's widget gets, and its cover is decoded for: the frame's, in whole points.
    @Test func widgetWidthIsTheFramesInWholePoints() {
        let cases: [(CGFloat, CGFloat)] = [
            (193, 193), (193.4, 193), (193.5, 194), (193.6, 194), (0.4, 0), (-3, 0), (.nan, 0), (.infinity, 0),
        ]
        for (frame, widget) in cases {
            #expect(VideoCellGeometry.widgetWidth(forFrameWidth: frame) == widget, "\(frame)")
        }
    }

    /// Two title lines from a band of 34 points: a cell of 300 points has 33, one of 310 has 34.
    @Test(arguments: [(100.0, 1), (300, 1), (310, 2), (355, 2)])
    func titleLines(height: Double, lines: Int) {
        #expect(VideoCellGeometry(size: CGSize(width: 200, height: height)).titleLines == lines)
    }

    /// A cover is decoded for the width its widget gets, not the fractional frame's.
    @Test func coversAreDecodedForTheWidgetsWidth() {
        let frame = CGSize(width: 193.4, height: 300)
        let decoded = VideoCellGeometry.coverDecodeSize(forFrame: frame, scale: 2, imageAspect: 1.5)
        let widget = VideoCellGeometry(size: CGSize(width: 193, height: 300)).coverPixelSize(scale: 2, imageAspect: 1.5)
        #expect(decoded == widget)
        #expect(decoded.width == 386)
    }

    @Test func proportionsHoldWhenResized() {
        for height in stride(from: 50.0, through: 2000, by: 37) {
            let g = VideoCellGeometry(size: CGSize(width: 160, height: height))
            #expect(abs(g.cover.height / height - 0.85) < 0.5 / height + 0.01)
            #expect(abs((g.title.minY - g.cover.maxY) / height - 0.04) < 1 / height + 0.01)
            #expect(abs(g.title.maxY - CGFloat(height)) < 1e-9)
        }
    }

    @Test(arguments: [CGFloat.nan, .infinity, -20, 0])
    func badSizesGiveEmptyFrames(bad: CGFloat) {
        let g = VideoCellGeometry(size: CGSize(width: bad, height: bad))
        #expect(g.cover == CGRect(x: 0, y: 0, width: 0, height: 0))
        #expect(g.title.height == 0)
        #expect(g.coverCornerRadius == 0)
        #expect(g.coverPixelSize(scale: .nan) == (0, 0) ? true : false)
    }

    /// Golden cases: a 238-point cell of a 9:16 clip has a 238 x 360 cover (85 % of 423): the
    /// image is decoded to fit 238 x 424 and cropped, not to fit 238 x 360 (203 wide) and enlarged.
    @Test func coveringSizeGrowsTheBoxToTheImagesAspect() {
        let cases: [(CGSize, CGFloat, Double, Int, Int)] = [
            (CGSize(width: 238, height: 423), 1, 1280.0 / 720, 238, 424),  // portrait clip (423.1 rounded up)
            (CGSize(width: 238, height: 178), 1, 151.0 / 268, 268, 151),  // box taller than the image
            (CGSize(width: 238, height: 423), 2, 1280.0 / 720, 476, 847),  // display scale 2
            (CGSize(width: 200, height: 100), 1, 85.0 / 200, 200, 85),  // the exact aspect: the box
            (CGSize(width: 100, height: 100), 1, 1000, 100, 170),  // 1:1000 capped at twice the box
            (CGSize(width: 100, height: 100), 1, 0.001, 200, 85),  // 1000:1 capped at twice the box
        ]
        for (cell, scale, aspect, width, height) in cases {
            let size = VideoCellGeometry(size: cell).coverPixelSize(scale: scale, imageAspect: aspect)
            #expect(size.width == width && size.height == height, "\(cell) @\(scale) aspect \(aspect): \(size)")
        }
    }

    @Test(arguments: [Double.nan, .infinity, -1, 0])
    func aBadAspectGivesTheBox(aspect: Double) {
        let g = VideoCellGeometry(size: CGSize(width: 238, height: 280))
        let size = g.coverPixelSize(scale: 1, imageAspect: aspect)
        let box = g.coverPixelSize(scale: 1)
        #expect(size.width == box.width && size.height == box.height)
    }

    /// Over seeded random cells, scales and aspects: the covering size is never smaller than
    /// the box, keeps the image's aspect within a pixel unless capped, and an image fitted
    /// inside it (what the decoder makes) covers the box with no enlargement beyond a pixel.
    @Test func coveringSizeCoversTheBoxForRandomCellsAndAspects() {
        var random = SeededGenerator(seed: 0xC0FE)
        for _ in 0..<5_000 {
            let cell = CGSize(
                width: CGFloat(Int.random(in: 1...600, using: &random)),
                height: CGFloat(Int.random(in: 1...1200, using: &random)))
            let scale = CGFloat([1, 1.25, 2, 3][Int.random(in: 0...3, using: &random)])
            let aspect =
                Double(Int.random(in: 1...4000, using: &random)) / Double(Int.random(in: 1...4000, using: &random))
            let g = VideoCellGeometry(size: cell)
            let box = g.coverPixelSize(scale: scale)
            let size = g.coverPixelSize(scale: scale, imageAspect: aspect)
            #expect(size.width >= box.width && size.height >= box.height)
            #expect(size.width == box.width || size.height == box.height)
            let limit = VideoCellGeometry.maximumCoverOverscan
            #expect(Double(size.width) <= (Double(box.width) * limit).rounded(.up))
            #expect(Double(size.height) <= (Double(box.height) * limit).rounded(.up))
            guard box.width > 0, box.height > 0 else { continue }
            // The decoder's fit inside `size` for an image of this aspect.
            let fit = min(Double(size.width), Double(size.height) / aspect)
            let fitted = (width: fit, height: fit * aspect)
            let capped =
                Double(size.width) >= (Double(box.width) * limit).rounded(.up) - 1
                || Double(size.height) >= (Double(box.height) * limit).rounded(.up) - 1
            if !capped {
                #expect(
                    fitted.width >= Double(box.width) - 1 && fitted.height >= Double(box.height) - 1,
                    "cell \(cell) @\(scale) aspect \(aspect): \(size) fits \(fitted), box \(box)")
            }
        }
    }

    @Test func pixelSizeRoundsUpForTheDisplayScale() {
        let g = VideoCellGeometry(size: CGSize(width: 177.5, height: 100))
        #expect(g.coverPixelSize(scale: 2) == (355, 170) ? true : false)
    }
}
