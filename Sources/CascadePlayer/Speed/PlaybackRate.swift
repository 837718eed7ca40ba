import Foundation

/// The player's speeds: 0.5× to 2×, in the quarter steps the `[` and `]` keys and the controls'
/// speed menu move through; any rate in that range (an MPRIS client's 1.3) plays as it is.
///
/// ```swift
/// PlaybackRate.faster(than: 1)      // 1.25
/// PlaybackRate.slower(than: 1.3)    // 1.25 (the step below, not 1.05)
/// PlaybackRate.clamped(3)           // 2
/// PlaybackRate.label(1.5)           // "1.5×"
/// ```
public enum PlaybackRate {
    /// The slowest speed.
    public static let minimum = 0.5
    /// The fastest speed.
    public static let maximum = 2.0
    /// Normal speed.
    public static let normal = 1.0
    /// The steps, slowest first.
    public static let steps: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]

    /// `rate` within `minimum…maximum`; nil for a value that is no speed (not finite, zero or
    /// negative).
    public static func clamped(_ rate: Double) -> Double? {
        guard rate.isFinite, rate > 0 else { return nil }
        return min(maximum, max(minimum, rate))
    }

    /// The first step above `rate` (`maximum` at or past the last).
    public static func faster(than rate: Double) -> Double {
        steps.first { $0 > rate + tolerance } ?? maximum
    }

    /// The last step below `rate` (`minimum` at or before the first).
    public static func slower(than rate: Double) -> Double {
        steps.last { $0 < rate - tolerance } ?? minimum
    }

    /// The step nearest `rate` (the speed menu's selection for a rate between steps).
    public static func nearestStep(to rate: Double) -> Int {
        let value = clamped(rate) ?? normal
        return steps.indices.min { abs(steps[$0] - value) < abs(steps[$1] - value) } ?? 2
    }

    /// "1×", "0.75×", "1.3×": at most two decimals, no trailing zeros.
    public static func label(_ rate: Double) -> String {
        let value = ((clamped(rate) ?? normal) * 100).rounded() / 100
        return String(format: "%g×", value)
    }

    /// Two rates closer than this are the same step (rates arrive as doubles from D-Bus).
    private static let tolerance = 1e-6
}
