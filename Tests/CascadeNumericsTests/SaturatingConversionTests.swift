import CascadeNumerics
import Foundation
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

/// The generic conversion, as a generic context reaches it (the concrete overloads are not seen).
private func generic<I: FixedWidthInteger, F: BinaryFloatingPoint>(_: I.Type, _ value: F, rounded: Bool) -> I {
    rounded ? I(saturatingRounded: value, nanValue: 9) : I(saturating: value, nanValue: 9)
}

@Suite struct ConcreteSaturatingConversionTests {
    /// Values around every bound, special values and seeded random magnitudes.
    static func samples() -> [Double] {
        var values: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, .ulpOfOne]
        for bound in [Double(Int32.max), Double(Int32.min), Double(UInt32.max), Double(Int64.max), Double(Int64.min)] {
            values += [bound, bound.nextUp, bound.nextDown, bound + 0.5, bound - 0.5, bound + 1, bound - 1]
        }
        var state: UInt64 = 0x5EED
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = Double(state >> 40) / Double(1 << 24) * 40  // up to 2^40
            let sign: Double = state & 1 == 0 ? 1 : -1
            values.append(sign * pow(2, magnitude) * (1 + Double(state >> 60) / 16))
        }
        return values
    }

    @Test func concreteOverloadsAgreeWithTheGenericConversion() {
        for value in Self.samples() {
            for rounded in [false, true] {
                let float = Float(value)
                #expect(
                    (rounded ? Int(saturatingRounded: value, nanValue: 9) : Int(saturating: value, nanValue: 9))
                        == generic(Int.self, value, rounded: rounded), "\(value)")
                #expect(
                    (rounded ? Int32(saturatingRounded: value, nanValue: 9) : Int32(saturating: value, nanValue: 9))
                        == generic(Int32.self, value, rounded: rounded), "\(value)")
                #expect(
                    (rounded ? Int64(saturatingRounded: value, nanValue: 9) : Int64(saturating: value, nanValue: 9))
                        == generic(Int64.self, value, rounded: rounded), "\(value)")
                #expect(
                    (rounded ? UInt32(saturatingRounded: value, nanValue: 9) : UInt32(saturating: value, nanValue: 9))
                        == generic(UInt32.self, value, rounded: rounded), "\(value)")
                #expect(
                    (rounded ? UInt64(saturatingRounded: value, nanValue: 9) : UInt64(saturating: value, nanValue: 9))
                        == generic(UInt64.self, value, rounded: rounded), "\(value)")
                #expect(
                    (rounded ? Int(saturatingRounded: float, nanValue: 9) : Int(saturating: float, nanValue: 9))
                        == generic(Int.self, float, rounded: rounded), "\(float)")
                #expect(
                    (rounded ? Int32(saturatingRounded: float, nanValue: 9) : Int32(saturating: float, nanValue: 9))
                        == generic(Int32.self, float, rounded: rounded), "\(float)")
            }
        }
    }
}
