import Foundation

/// The glide after a drag is released (mouse, touch, or a script's `fling`): whether the
/// release glides at all, where the content is on each frame, and when the glide ends.
///
/// A release slower than `minimumSpeed`, or on content that cannot scroll, does not glide.
/// The glide follows UIScrollView's deceleration (`DecelerationModel`), lasts at most
/// `maximumDuration`, and ends early when it runs into the edge it moves towards (after
/// `edgeGrace`, so a release right at an edge still shows its first frames).
public struct ReleaseGlide: Sendable, Equatable {
    /// Release speeds (points per second) at or below this do not glide: a finger lifted
    /// from a resting drag jitters by a few points.
    public static let minimumSpeed = 50.0
    /// The longest glide, in seconds.
    public static let maximumDuration = 10.0
    /// Seconds before reaching an edge can end the glide.
    public static let edgeGrace = 0.05

    /// The deceleration followed.
    public let deceleration: DecelerationModel
    /// Seconds the glide lasts unless it reaches an edge first.
    public let duration: Double

    /// The glide of a release at `velocity` (points per second, positive: the offset grows)
    /// from `offset`, or nil when the release does not glide.
    public init?(offset: Double, velocity: Double, maxOffset: Double, rate: DecelerationRate = .normal) {
        guard velocity.isFinite, abs(velocity) > Self.minimumSpeed, maxOffset > 0 else { return nil }
        deceleration = DecelerationModel(offset: offset, velocity: velocity, rate: rate)
        duration = min(deceleration.duration(), Self.maximumDuration)
    }

    /// The offset to show `t` seconds after the release (the caller clamps it to the content).
    public func offset(at t: Double) -> Double {
        deceleration.offset(at: min(t, duration))
    }

    /// Whether the glide is over `t` seconds after the release, the content now at `offset`
    /// of `maxOffset`.
    public func isFinished(at t: Double, offset: Double, maxOffset: Double) -> Bool {
        let velocity = deceleration.initialVelocity
        let atEdge = offset <= 0 && velocity < 0 || offset >= maxOffset && velocity > 0
        return t >= duration || (atEdge && t > Self.edgeGrace)
    }
}
