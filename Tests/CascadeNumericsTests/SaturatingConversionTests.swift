import CascadeNumerics
import Testing

private let int64Cases: [(Double, Int64)] = [
    (1e19, Int64.max), (-1e19, Int64.min), (Double.infinity, Int64.max), (-Double.infinity, Int64.min),
    (Double.nan, 0), (7.9, 7), (-7.9, -7), (0, 0), (9_223_372_036_854_775_807.0, Int64.max),
    (-9_223_372_036_854_775_808.0, Int64.min),
]

private let int32Cases: [(Double, Int32)] = [
    (3e9, Int32.max), (-3e9, Int32.min), (2_147_483_647.0, Int32.max), (2_147_483_647.9, Int32.max),
    (-2_147_483_648.5, Int32.min), (1.5, 1), (Double.nan, 0),
]

@Suite struct SaturatingConversionTests {
    @Test(arguments: int64Cases)
    func int64(value: Double, expected: Int64) {
        #expect(Int64(saturating: value) == expected)
    }

    @Test(arguments: int32Cases)
    func int32(value: Double, expected: Int32) {
        #expect(Int32(saturating: value) == expected)
    }

    @Test func unsignedClampsNegativeToZero() {
        #expect(UInt8(saturating: -1.0) == 0)
        #expect(UInt8(saturating: 300.0) == 255)
        #expect(UInt(saturating: -Double.infinity) == 0)
    }

    @Test func roundedVariant() {
        #expect(Int(saturatingRounded: 2.5) == 3)
        #expect(Int(saturatingRounded: -2.5) == -3)
        #expect(Int(saturatingRounded: Float.greatestFiniteMagnitude) == Int.max)
        #expect(Int(saturatingRounded: Double.nan, nanValue: -1) == -1)
    }

    @Test func nanValueIsUsed() {
        #expect(Int(saturating: Float.nan, nanValue: 42) == 42)
    }
}
