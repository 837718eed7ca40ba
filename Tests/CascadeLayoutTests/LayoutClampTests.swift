import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

@Suite struct LayoutClampTests {
    @Test func roundToPixelMatchesSchoolRounding() {
        var rng = SeededGenerator(seed: 1)
        for _ in 0..<10_000 {
            let value = CGFloat(Int.random(in: -100_000...100_000, using: &rng)) / 64
            for scale in [1.0, 2.0, 3.0] {
                let ours = Double(LayoutClamp.roundToPixel(value, scale: CGFloat(scale)))
                let expected = (Double(value) * scale).rounded() / scale
                #expect(ours.bitPattern == expected.bitPattern, "\(value) × \(scale)")
            }
        }
        #expect(LayoutClamp.roundToPixel(258.75, scale: 2) == 259)
        #expect(LayoutClamp.roundToPixel(-0.25, scale: 2) == -0.5)
        #expect(LayoutClamp.roundToPixel(.nan, scale: 2) == 0)
        #expect(LayoutClamp.roundToPixel(.infinity, scale: 2) == 0)
        #expect(LayoutClamp.roundToPixel(1e300, scale: 2) == 1e300)
    }

    @Test func lengthsHeightsAndScales() {
        #expect([CGFloat.nan, -1, .infinity, 3].map(LayoutClamp.length) == [0, 0, 0, 3])
        #expect([1e300, .greatestFiniteMagnitude].map(LayoutClamp.length) == [1e9, 1e9])
        #expect(
            [CGFloat.nan, -1, .infinity, 3].map(LayoutClamp.itemHeight) == [0, 0, LayoutClamp.maximumItemHeight, 3])
        #expect([CGFloat.nan, 0, -2, 2, 100].map(LayoutClamp.scale) == [1, 1, 1, 2, 16])
        #expect(LayoutClamp.aspectRatio(of: CGSize(width: 2, height: 1)) == 0.5)
        #expect(LayoutClamp.aspectRatio(of: CGSize(width: 0, height: 1)) == 1)
    }
}
