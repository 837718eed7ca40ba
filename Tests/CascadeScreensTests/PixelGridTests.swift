import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@Suite struct PixelGridTests {
    @Test func snapsToTheNearestDevicePixel() {
        let cases: [(Double, Double, Double)] = [
            (1, 100.4, 100), (1, 100.5, 101), (1, 100.6, 101), (2, 100.3, 100.5), (2, 100.2, 100),
            (1.25, 10.3, 10.4), (1, -0.4, 0), (1, .infinity, .infinity),
        ]
        for (scale, value, expected) in cases {
            #expect(PixelGrid(scale: scale).snapped(value) == expected, "\(value) @\(scale)")
        }
        #expect(PixelGrid(scale: .nan).scale == 1)
        #expect(PixelGrid(scale: 0).scale == 1)
        #expect(PixelGrid(scale: -2).scale == 1)
    }

    @Test func aRestingOffsetGoesOnTheGridWithinItsRange() {
        let grid = PixelGrid(scale: 1)
        #expect(grid.restingOffset(100.6, maxOffset: 500) == 101)
        #expect(grid.restingOffset(100.4, maxOffset: 500) == 100)
        #expect(grid.restingOffset(100, maxOffset: 500) == nil)  // already there
        #expect(grid.restingOffset(499.7, maxOffset: 499.7) == 499)  // never past a fractional end
        #expect(grid.restingOffset(0.3, maxOffset: 0.6) == 0)
        #expect(grid.restingOffset(.nan, maxOffset: 500) == nil)
        #expect(grid.restingOffset(10.5, maxOffset: .infinity) == nil)
        #expect(PixelGrid(scale: 2).restingOffset(100.3, maxOffset: 500) == 100.5)
    }

    /// Over seeded random offsets, ends and scales: the resting offset is on the grid, within
    /// `0...maxOffset`, less than a device pixel away, and rests there (nil the second time).
    @Test func restingOffsetsOverRandomInputs() {
        var random = SeededGenerator(seed: 0x6121D)
        for _ in 0..<10_000 {
            let scale = [1, 1.25, 1.5, 2, 3][Int.random(in: 0...4, using: &random)]
            let maxOffset = Double.random(in: 0...5_000, using: &random)
            let offset = Double.random(in: 0...maxOffset, using: &random)
            let grid = PixelGrid(scale: scale)
            let target = grid.restingOffset(offset, maxOffset: maxOffset) ?? offset
            #expect((target * scale - (target * scale).rounded()).magnitude < 1e-6 || target == offset)
            #expect(target >= 0 && target <= maxOffset)
            #expect((target - offset).magnitude < 1 / scale + 1e-9)
            #expect(grid.restingOffset(target, maxOffset: maxOffset) == nil, "\(offset) of \(maxOffset) @\(scale)")
        }
    }
}
