/// The motion after a finger lifts: a glide, possibly ending in a bounce off an edge, or a
/// spring onto a snapped page or back from an overscroll.
public enum ScrollTrajectory: Sendable, Equatable {
    /// A glide that stays inside the bounds.
    case glide(DecelerationModel)
    /// A glide that hits the edge after `impactTime` seconds, then overshoots and springs back.
    case bounce(DecelerationModel, impactTime: Double, spring: SpringBack)
    /// A spring to a target (paging snap, or back from an overscroll).
    case spring(SpringBack)

    /// The offset `t` seconds after release.
    public func offset(at t: Double) -> Double {
        switch self {
        case let .glide(model): model.offset(at: t)
        case let .bounce(model, impact, spring): t < impact ? model.offset(at: t) : spring.offset(at: t - impact)
        case let .spring(spring): spring.offset(at: t)
        }
    }

    /// Where the motion ends.
    public var restingOffset: Double {
        switch self {
        case let .glide(model): model.restingOffset
        case let .bounce(_, _, spring), let .spring(spring): spring.target
        }
    }

    /// Whether the motion has (visually) ended `t` seconds after release.
    public func isFinished(at t: Double) -> Bool {
        switch self {
        case let .glide(model): t >= model.duration()
        case let .bounce(_, impact, spring): t >= impact && spring.isSettled(at: t - impact)
        case let .spring(spring): spring.isSettled(at: t)
        }
    }
}
