#if canImport(Foundation)
    import Foundation
#endif

// Concrete overloads of `init(saturating:)` and `init(saturatingRounded:)` for the integer and
// floating-point types Cascade converts between. The generic versions in
// SaturatingConversion.swift convert through the standard library's generic
// `BinaryFloatingPoint` → `FixedWidthInteger` path (exponent and significand arithmetic, about
// ten times slower than one instruction) even when specialized; these overloads are chosen
// first by overload resolution and use the concrete conversion (one `cvttsd2si`). They give
// the same results: SaturatingConversionTests compares them with the generic versions.

extension Int {
    /// `value` rounded toward zero and clamped to `Int.min...Int.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Double, nanValue: Int = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Double(Int.min) && value < Double(Int.max) {
            self = Int(value)
        } else {
            self = value < 0 ? Int.min : Int.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Double, nanValue: Int = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    /// `value` rounded toward zero and clamped to `Int.min...Int.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Float, nanValue: Int = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Float(Int.min) && value < Float(Int.max) {
            self = Int(value)
        } else {
            self = value < 0 ? Int.min : Int.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Float, nanValue: Int = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    #if canImport(Foundation)
        /// `value` rounded toward zero and clamped; NaN gives `nanValue`.
        @inlinable @inline(__always)
        public init(saturating value: CGFloat, nanValue: Int = 0) {
            self.init(saturating: Double(value), nanValue: nanValue)
        }

        /// `value` rounded to the nearest integer (halves away from zero), then clamped.
        @inlinable @inline(__always)
        public init(saturatingRounded value: CGFloat, nanValue: Int = 0) {
            self.init(saturating: Double(value).rounded(), nanValue: nanValue)
        }
    #endif
}

extension Int32 {
    /// `value` rounded toward zero and clamped to `Int32.min...Int32.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Double, nanValue: Int32 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Double(Int32.min) && value < Double(Int32.max) {
            self = Int32(value)
        } else {
            self = value < 0 ? Int32.min : Int32.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Double, nanValue: Int32 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    /// `value` rounded toward zero and clamped to `Int32.min...Int32.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Float, nanValue: Int32 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Float(Int32.min) && value < Float(Int32.max) {
            self = Int32(value)
        } else {
            self = value < 0 ? Int32.min : Int32.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Float, nanValue: Int32 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    #if canImport(Foundation)
        /// `value` rounded toward zero and clamped; NaN gives `nanValue`.
        @inlinable @inline(__always)
        public init(saturating value: CGFloat, nanValue: Int32 = 0) {
            self.init(saturating: Double(value), nanValue: nanValue)
        }

        /// `value` rounded to the nearest integer (halves away from zero), then clamped.
        @inlinable @inline(__always)
        public init(saturatingRounded value: CGFloat, nanValue: Int32 = 0) {
            self.init(saturating: Double(value).rounded(), nanValue: nanValue)
        }
    #endif
}

extension Int64 {
    /// `value` rounded toward zero and clamped to `Int64.min...Int64.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Double, nanValue: Int64 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Double(Int64.min) && value < Double(Int64.max) {
            self = Int64(value)
        } else {
            self = value < 0 ? Int64.min : Int64.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Double, nanValue: Int64 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    /// `value` rounded toward zero and clamped to `Int64.min...Int64.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Float, nanValue: Int64 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Float(Int64.min) && value < Float(Int64.max) {
            self = Int64(value)
        } else {
            self = value < 0 ? Int64.min : Int64.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Float, nanValue: Int64 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    #if canImport(Foundation)
        /// `value` rounded toward zero and clamped; NaN gives `nanValue`.
        @inlinable @inline(__always)
        public init(saturating value: CGFloat, nanValue: Int64 = 0) {
            self.init(saturating: Double(value), nanValue: nanValue)
        }

        /// `value` rounded to the nearest integer (halves away from zero), then clamped.
        @inlinable @inline(__always)
        public init(saturatingRounded value: CGFloat, nanValue: Int64 = 0) {
            self.init(saturating: Double(value).rounded(), nanValue: nanValue)
        }
    #endif
}

extension UInt32 {
    /// `value` rounded toward zero and clamped to `UInt32.min...UInt32.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Double, nanValue: UInt32 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Double(UInt32.min) && value < Double(UInt32.max) {
            self = UInt32(value)
        } else {
            self = value < 0 ? UInt32.min : UInt32.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Double, nanValue: UInt32 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    /// `value` rounded toward zero and clamped to `UInt32.min...UInt32.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Float, nanValue: UInt32 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Float(UInt32.min) && value < Float(UInt32.max) {
            self = UInt32(value)
        } else {
            self = value < 0 ? UInt32.min : UInt32.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Float, nanValue: UInt32 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    #if canImport(Foundation)
        /// `value` rounded toward zero and clamped; NaN gives `nanValue`.
        @inlinable @inline(__always)
        public init(saturating value: CGFloat, nanValue: UInt32 = 0) {
            self.init(saturating: Double(value), nanValue: nanValue)
        }

        /// `value` rounded to the nearest integer (halves away from zero), then clamped.
        @inlinable @inline(__always)
        public init(saturatingRounded value: CGFloat, nanValue: UInt32 = 0) {
            self.init(saturating: Double(value).rounded(), nanValue: nanValue)
        }
    #endif
}

extension UInt64 {
    /// `value` rounded toward zero and clamped to `UInt64.min...UInt64.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Double, nanValue: UInt64 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Double(UInt64.min) && value < Double(UInt64.max) {
            self = UInt64(value)
        } else {
            self = value < 0 ? UInt64.min : UInt64.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Double, nanValue: UInt64 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    /// `value` rounded toward zero and clamped to `UInt64.min...UInt64.max`; NaN gives `nanValue`.
    @inlinable @inline(__always)
    public init(saturating value: Float, nanValue: UInt64 = 0) {
        if value.isNaN {
            self = nanValue
        } else if value >= Float(UInt64.min) && value < Float(UInt64.max) {
            self = UInt64(value)
        } else {
            self = value < 0 ? UInt64.min : UInt64.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped.
    @inlinable @inline(__always)
    public init(saturatingRounded value: Float, nanValue: UInt64 = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }

    #if canImport(Foundation)
        /// `value` rounded toward zero and clamped; NaN gives `nanValue`.
        @inlinable @inline(__always)
        public init(saturating value: CGFloat, nanValue: UInt64 = 0) {
            self.init(saturating: Double(value), nanValue: nanValue)
        }

        /// `value` rounded to the nearest integer (halves away from zero), then clamped.
        @inlinable @inline(__always)
        public init(saturatingRounded value: CGFloat, nanValue: UInt64 = 0) {
            self.init(saturating: Double(value).rounded(), nanValue: nanValue)
        }
    #endif
}
