/// The one place where a floating-point value becomes an integer.
///
/// Swift's `Int(x)` traps when `x` is NaN, infinite or out of the integer's range, and numbers
/// that reach Cascade from outside (feed JSON, persisted pages, image headers, GTK sizes) can be
/// any of those. Every floating-point → integer conversion in `Sources/` goes through
/// `init(saturating:)` (the test command checks it), so a hostile number clamps instead of
/// crashing the app.
extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped to `Self.min...Self.max`; NaN gives `nanValue`.
    ///
    /// ```swift
    /// Int32(saturating: 1e19)        // Int32.max
    /// Int(saturating: -Double.infinity)  // Int.min
    /// Int(saturating: Double.nan)    // 0
    /// Int(saturating: 7.9)           // 7
    /// ```
    @inlinable
    public init<F: BinaryFloatingPoint>(saturating value: F, nanValue: Self = 0) {
        if value.isNaN {
            self = nanValue
        } else if let exact = Self(exactly: value.rounded(.towardZero)) {
            self = exact
        } else {
            self = value < 0 ? Self.min : Self.max
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), then clamped as
    /// `init(saturating:)` does.
    @inlinable
    public init<F: BinaryFloatingPoint>(saturatingRounded value: F, nanValue: Self = 0) {
        self.init(saturating: value.rounded(), nanValue: nanValue)
    }
}
