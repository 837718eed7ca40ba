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

    /// The pixel rounding is the floor of |value × scale| + 0.5, exactly, over the whole range
    /// it handles (below 4e15) and at every binade: random bit patterns, integers, halves and
    /// their neighbours.
    @Test func roundToPixelIsTheFloorOfTheHalfUpExactly() {
        var rng = SeededGenerator(seed: 2)
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 4.0e15 - 1, 4.0e15 - 0.5, 3.9999999999999995e15]
        for _ in 0..<20_000 {
            let exponent = Int.random(in: -20...51, using: &rng)
            let significand = Double.random(in: 1..<2, using: &rng)
            let value = Double(
                sign: Bool.random(using: &rng) ? .minus : .plus, exponent: exponent, significand: significand)
            let whole = value.rounded(.down)
            values += [value, whole, whole + 0.5, (whole + 0.5).nextUp, (whole + 0.5).nextDown]
        }
        for value in values where value.magnitude < 4.0e15 {
            for scale in [1.0, 2.0, 3.0] {
                let scaled = value * scale
                guard scaled.magnitude < 4.0e15 else { continue }
                let magnitude = (scaled.magnitude + 0.5).rounded(.down)
                let expected = (scaled < 0 ? -magnitude : magnitude) / scale
                let ours = Double(LayoutClamp.roundToPixel(value, scale: scale))
                #expect(ours.bitPattern == expected.bitPattern, "\(value) × \(scale)")
            }
        }
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
