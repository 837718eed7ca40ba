#if canImport(Foundation)
    import Foundation
#endif

/// An integer type with the standard library's concrete conversions from `Double` and `Float`
/// (one `cvttsd2si`). The generic `init(saturating:)` in SaturatingConversion.swift converts
/// through the generic `BinaryFloatingPoint` → `FixedWidthInteger` path (exponent and
/// significand arithmetic, about ten times slower) even when specialized; the overloads below,
/// chosen first by overload resolution, reach the concrete conversion through this protocol's
/// requirements. They give the same results: SaturatingConversionTests compares them with the
/// generic versions.
public protocol ConcretelyConvertibleInteger: FixedWidthInteger {
    init(_ source: Double)
    init(_ source: Float)
}

extension Int: ConcretelyConvertibleInteger {}
extension Int32: ConcretelyConvertibleInteger {}
extension Int64: ConcretelyConvertibleInteger {}
extension UInt32: ConcretelyConvertibleInteger {}
extension UInt64: ConcretelyConvertibleInteger {}

extension ConcretelyConvertibleInteger {
    /// `value` rounded toward zero and clamped to `Self.min...Self.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Double, nanValue: Self = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Double(Self.min) && value < Double(Self.max) {
            self = Self(value)
        } else {
            self = value < 0 ? Self.min : Self.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Double, nanValue: Self = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    /// `value` rounded toward zero and clamped to `Self.min...Self.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Float, nanValue: Self = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Float(Self.min) && value < Float(Self.max) {
            self = Self(value)
        } else {
            self = value < 0 ? Self.min : Self.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Float, nanValue: Self = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    #if canImport(Foundation)
        /// `value` rounded toward zero and clamped; NaN gives `nanValue`.
        @inlinable @inline(__always)
        public init(saturating value: CGFloat, nanValue: Self = 0) {
            self.init(saturating: Double(value), nanValue: nanValue)
        }

        /// `value` rounded to the nearest integer (halves away from zero), then clamped.
        @inlinable @inline(__always)
        public init(saturatingRounded value: CGFloat, nanValue: Self = 0) {
            self.init(saturating: Double(value).rounded(), nanValue: nanValue)
        }
    #endif
}
