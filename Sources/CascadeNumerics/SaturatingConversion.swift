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
        // Two comparisons and the truncating conversion instruction: no `rounded()` (a libm call
        // on baseline x86-64), so hot layout loops can use it. `F(Self.max)` may round up to the
        // next power of two, which is exactly the exclusive bound needed; when it is exact, the
        // value equal to it clamps to `Self.max`, the same result.
        if value.isNaN {
            self = nanValue
        } else if value >= F(Self.min) && value < F(Self.max) {
            self = Self(value)
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
