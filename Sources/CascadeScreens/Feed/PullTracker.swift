import CascadeCollection

/// Turns scroll deltas that arrive while a feed is at its top into a pull-to-refresh distance.
///
/// Desktop input has no "drag past the edge": a touchpad or wheel scrolling up at the top
/// simply stops. The tracker accumulates those upward deltas as a finger overscroll, displays
/// them rubber-banded like UIScrollView, and gives them back once the user scrolls down again.
public struct PullTracker: Sendable, Equatable {
    /// The accumulated finger overscroll, in points (≥ 0).
    public private(set) var overscroll: Double = 0

    /// Creates an idle tracker.
    public init() {}

    /// Whether a pull is in progress.
    public var isPulling: Bool { overscroll > 0 }

    /// The displayed pull distance for a viewport `height` (rubber-banded overscroll).
    public func distance(viewportHeight: Double) -> Double {
        RubberBand.distance(forOverscroll: overscroll, dimension: max(1, viewportHeight))
    }

    /// Feeds a vertical scroll delta in points (negative = towards the top) at scroll `offset`.
    /// Returns true when the delta was consumed as pull (the host must not scroll with it).
    public mutating func scroll(deltaY: Double, offset: Double) -> Bool {
        guard deltaY.isFinite else { return false }
        if overscroll > 0 {
            overscroll = max(0, overscroll - deltaY)
            return true
        }
        guard offset <= 0.5, deltaY < 0 else { return false }
        overscroll = -deltaY
        return true
    }

    /// The finger lifted (or the wheel stopped): the pull ends.
    public mutating func end() {
        overscroll = 0
    }
}
