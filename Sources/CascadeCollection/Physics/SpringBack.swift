import Foundation

/// A critically damped spring pulling an offset to `target`: the bounce back from an
/// overscroll, or the settle onto a snapped page. It reaches the target without oscillating
/// around it.
public struct SpringBack: Sendable, Equatable {
    /// The offset at t = 0.
    public let initialOffset: Double
    /// Where the spring comes to rest.
    public let target: Double
    /// The velocity at t = 0 (points per second).
    public let initialVelocity: Double
    /// The natural angular frequency (1/s): larger is snappier. Default 12 (~0.5 s to settle).
    public let frequency: Double

    /// Creates a spring; non-finite inputs count as 0 (and a non-positive frequency as 12).
    public init(from offset: Double, to target: Double, velocity: Double = 0, frequency: Double = 12) {
        initialOffset = offset.isFinite ? offset : 0
        self.target = target.isFinite ? target : 0
        initialVelocity = velocity.isFinite ? velocity : 0
        self.frequency = frequency.isFinite && frequency > 0 ? frequency : 12
    }

    /// The offset `t` seconds in.
    public func offset(at t: Double) -> Double {
        let t = max(0, t.isFinite ? t : .infinity)
        guard t.isFinite else { return target }
        let x0 = initialOffset - target
        return target + (x0 + (initialVelocity + frequency * x0) * t) * exp(-frequency * t)
    }

    /// The velocity `t` seconds in.
    public func velocity(at t: Double) -> Double {
        let t = max(0, t.isFinite ? t : .infinity)
        guard t.isFinite else { return 0 }
        let x0 = initialOffset - target
        let b = initialVelocity + frequency * x0
        return (b - frequency * (x0 + b * t)) * exp(-frequency * t)
    }

    /// Whether the spring is within `tolerance` points of the target and nearly still at `t`.
    public func isSettled(at t: Double, tolerance: Double = 0.5) -> Bool {
        abs(offset(at: t) - target) < tolerance && abs(velocity(at: t)) < tolerance * frequency
    }
}
