import CascadeCollection

/// A mouse or touch drag on a feed, as offsets: the step each move asks for, how far it has
/// pulled past the bottom, and its velocity for the release glide.
///
/// Steps are measured from the previous move, so a pull at the top and the scroll share one
/// finger position. Upward travel while the feed is at its end (within half a point) counts as
/// pulling past it (`FeedScreenModel.draggedPastEnd(by:at:)`); travel back down undoes it.
public struct FeedDrag: Sendable, Equatable {
    /// The offset where the drag pressed.
    public let startOffset: Double
    /// How far the drag has pulled past the bottom, in points (0: not at all).
    public private(set) var pastEnd: Double = 0
    /// The finger's upward travel so far, in points.
    private var travel: Double = 0
    private var tracker = VelocityTracker()

    /// A drag pressed at `startOffset` at `time` seconds.
    public init(startOffset: Double, time: Double) {
        self.startOffset = startOffset
        tracker.add(position: startOffset, time: time)
    }

    /// The finger is `dy` points from the press (positive: downwards) at `time`; returns the
    /// offset step since the last move (positive: the offset grows).
    public mutating func moved(dy: Double, time: Double) -> Double {
        let step = -dy - travel
        travel = -dy
        tracker.add(position: startOffset - dy, time: time)
        return step
    }

    /// The feed scrolls by `step` from `offset` (of at most `maxOffset`); returns `pastEnd`.
    public mutating func scrolled(by step: Double, from offset: Double, maxOffset: Double) -> Double {
        let atEnd = offset >= maxOffset - 0.5
        pastEnd = atEnd && step > 0 ? pastEnd + step : max(0, pastEnd + min(0, step))
        return pastEnd
    }

    /// The release at `time`, `dy` points from the press (not finite: no last position); returns
    /// the velocity in points per second (positive: the offset grows).
    public mutating func released(dy: Double, time: Double) -> Double {
        if dy.isFinite { tracker.add(position: startOffset - dy, time: time) }
        return tracker.velocity
    }
}
