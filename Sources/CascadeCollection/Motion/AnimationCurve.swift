/// The easing curves Cascade animates with: progress in, eased progress out, both in 0...1.
public enum AnimationCurve: Sendable, Equatable {
    /// Constant speed.
    case linear
    /// Starts fast, slows to a stop: `1 − (1 − t)³`. Page snaps, so the content keeps the
    /// speed of the release and settles gently.
    case easeOut
    /// Starts slowly, speeds up: `t²`. Collapsing chrome (the refresh header), which leaves
    /// quickly once it starts moving.
    case easeIn

    /// The eased progress for linear progress `t` (clamped to 0...1; NaN counts as 1).
    public func value(at t: Double) -> Double {
        let t = t.isNaN ? 1 : min(1, max(0, t))
        switch self {
        case .linear: return t
        case .easeOut:
            let remaining = 1 - t
            return 1 - remaining * remaining * remaining
        case .easeIn: return t * t
        }
    }
}
