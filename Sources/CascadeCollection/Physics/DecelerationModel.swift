import Foundation

/// How quickly a fling slows down: the fraction of velocity kept after each millisecond.
public struct DecelerationRate: Sendable, Equatable {
    /// Velocity kept per millisecond, in (0, 1).
    public let perMillisecond: Double

    /// Creates a rate; values outside (0, 1) or non-finite are clamped into [0.5, 0.9999].
    public init(perMillisecond: Double) {
        self.perMillisecond = perMillisecond.isFinite ? min(0.9999, max(0.5, perMillisecond)) : 0.998
    }

    /// UIScrollView's `.normal` (0.998 per ms): a long glide, for feeds.
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// UIScrollView's `.fast` (0.99 per ms): a short glide, for paging and pickers.
    public static let fast = DecelerationRate(perMillisecond: 0.99)
}

/// The glide after a fling: velocity decays by `rate` every millisecond, as in UIScrollView.
///
/// This is the continuous form of the per-millisecond decay: `v(t) = v0 · d^(1000 t)` and
/// `x(t) = x0 + v0 / 1000 · (d^(1000 t) − 1) / ln d`, so the projected resting offset is
/// `x0 − v0 / (1000 · ln d)` (within 0.1 % of the discrete `v0 / 1000 · d / (1 − d)`).
/// Offsets are in points, velocities in points per second, times in seconds.
public struct DecelerationModel: Sendable, Equatable {
    /// The offset at t = 0.
    public let initialOffset: Double
    /// The velocity at t = 0 (points per second; non-finite counts as 0).
    public let initialVelocity: Double
    /// The deceleration rate.
    public let rate: DecelerationRate

    /// Creates the glide starting at `offset` with `velocity`.
    public init(offset: Double, velocity: Double, rate: DecelerationRate = .normal) {
        initialOffset = offset.isFinite ? offset : 0
        initialVelocity = velocity.isFinite ? velocity : 0
        self.rate = rate
    }

    private var logRate: Double { log(rate.perMillisecond) }

    /// Where the glide comes to rest.
    public var restingOffset: Double { initialOffset - initialVelocity / (1000 * logRate) }

    /// The offset `t` seconds after the fling (clamped to t ≥ 0).
    public func offset(at t: Double) -> Double {
        let ms = max(0, t.isFinite ? t : .infinity) * 1000
        return initialOffset + initialVelocity / 1000 * (pow(rate.perMillisecond, ms) - 1) / logRate
    }

    /// The velocity `t` seconds after the fling.
    public func velocity(at t: Double) -> Double {
        let ms = max(0, t.isFinite ? t : .infinity) * 1000
        return initialVelocity * pow(rate.perMillisecond, ms)
    }

    /// Seconds until the glide is within `tolerance` points of its resting offset.
    public func duration(tolerance: Double = 0.5) -> Double {
        let remaining = abs(initialVelocity / (1000 * logRate))
        let tolerance = tolerance.isFinite && tolerance > 0 ? tolerance : 0.5
        guard remaining > tolerance else { return 0 }
        return log(tolerance / remaining) / logRate / 1000
    }

    /// Seconds until the glide reaches `target`, or nil when it stops before it.
    public func time(toReach target: Double) -> Double? {
        let distance = target - initialOffset
        if distance == 0 { return 0 }
        guard initialVelocity != 0, (distance > 0) == (initialVelocity > 0) else { return nil }
        let power = 1 + distance * 1000 * logRate / initialVelocity
        guard power > 0 else { return nil }
        return log(power) / logRate / 1000
    }
}
