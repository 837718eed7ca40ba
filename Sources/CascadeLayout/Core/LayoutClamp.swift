import Foundation

/// The documented clamps every layout applies to its inputs, so bad input never produces a NaN
/// frame or a crash.
///
/// - NaN, infinite or negative lengths (spacing, insets, header heights, widths) become 0;
///   finite lengths above `maximumLength` become `maximumLength`.
/// - Item heights are clamped to `0...maximumItemHeight`; NaN or negative become 0, +infinity
///   becomes `maximumItemHeight`.
/// - Display scales that are not finite and positive become 1.
public enum LayoutClamp {
    /// The largest item height a layout accepts (one million points).
    public static let maximumItemHeight: CGFloat = 1_000_000

    /// The largest length a layout accepts (one billion points). Longer lengths would let a
    /// frame's origin + size overflow to infinity (a container width of
    /// `CGFloat.greatestFiniteMagnitude`) or drop every item's height in rounding (insets of
    /// 1e300; Docs/RELIABILITY.md, "Regression inputs").
    public static let maximumLength: CGFloat = 1_000_000_000

    /// The largest aspect ratio (height ÷ width) a layout accepts.
    public static let maximumAspectRatio: CGFloat = 1_000

    /// The largest column count a layout accepts.
    public static let maximumColumnCount = 512

    /// `value` if finite and non-negative (at most `maximumLength`), else 0.
    @inlinable
    public static func length(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? min(value, maximumLength) : 0
    }

    /// `value` clamped to `0...maximumItemHeight` (NaN → 0, +∞ → maximum).
    @inlinable
    public static func itemHeight(_ value: CGFloat) -> CGFloat {
        if value.isNaN || value <= 0 { return 0 }
        return min(value, maximumItemHeight)
    }

    /// A usable display scale: `value` if finite and positive, else 1.
    @inlinable
    public static func scale(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? min(value, 16) : 1
    }

    /// The aspect ratio (height ÷ width) of `size`, or 1 (a square) when either side is not
    /// finite and positive; clamped to `0...maximumAspectRatio`.
    @inlinable
    public static func aspectRatio(of size: CGSize) -> CGFloat {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return 1 }
        return min(size.height / size.width, maximumAspectRatio)
    }

    /// `value` rounded to the nearest device pixel for `scale` (which must be positive),
    /// halves rounding away from zero; non-finite values give 0.
    ///
    /// Uses `floorOfSmall` instead of `rounded()`, which is a libm call on baseline x86-64, and
    /// no data-dependent branch: it dominated the cost of laying out aspect-ratio items.
    /// (Values within 2^-53 of a half may round either way.)
    @inlinable
    public static func roundToPixel(_ value: CGFloat, scale: CGFloat) -> CGFloat {
        let scaled = value * scale
        guard scaled.magnitude < 4.0e15 else { return scaled.isFinite ? scaled / scale : 0 }
        let magnitude = floorOfSmall(scaled.magnitude + 0.5)
        return (scaled < 0 ? -magnitude : magnitude) / scale
    }

    /// The largest integer not above `value`, for `0 <= value < 2^52`: exactly what a round trip
    /// through `Int64(saturating:)` gives, in four floating-point instructions.
    ///
    /// Adding and subtracting 2^52 rounds `value` to the nearest integer (every double in
    /// `2^52..<2^53` is an integer, and both operations are exact apart from that rounding);
    /// one step down when that went up gives the floor. The generic `Int64(saturating:)`
    /// converts through the standard library's generic `_convert(from:)`, about 100
    /// instructions with two library calls: most of an aspect-ratio item's placement cost.
    @inlinable
    static func floorOfSmall(_ value: Double) -> Double {
        let twoToThe52 = 4_503_599_627_370_496.0
        let nearest = (value + twoToThe52) - twoToThe52
        return nearest > value ? nearest - 1 : nearest
    }
}
