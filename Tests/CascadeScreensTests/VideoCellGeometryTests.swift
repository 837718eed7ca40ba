import CascadeScreens
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

    @Test func pixelSizeRoundsUpForTheDisplayScale() {
        let g = VideoCellGeometry(size: CGSize(width: 177.5, height: 100))
        #expect(g.coverPixelSize(scale: 2) == (355, 170) ? true : false)
    }
}
