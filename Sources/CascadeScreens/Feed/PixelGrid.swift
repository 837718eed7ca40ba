import Foundation

/// Whole device pixels at a display scale: where the feed puts its cells and lets its scroll
/// offset rest, so that covers are copied to the screen rather than resampled by a fraction of a
/// pixel (which cairo does for anything drawn off the grid: a slightly soft picture).
public struct PixelGrid: Equatable, Sendable {
    /// Device pixels per point (1 where the given scale is not finite and positive).
    public let scale: Double

    /// Creates the grid of a display `scale`.
    public init(scale: Double) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The nearest whole device pixel to `value` (in points); a value that is not finite is
    /// returned as it is.
    public func snapped(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * scale).rounded() / scale
    }

    /// Where a scroll offset resting at `offset` belongs: the nearest whole device pixel within
    /// `0...maxOffset` (the one below a fractional end), or nil when it is on the grid already or
    /// either value is not finite.
    public func restingOffset(_ offset: Double, maxOffset: Double) -> Double? {
        guard offset.isFinite, maxOffset.isFinite else { return nil }
        var target = snapped(offset)
        if target > maxOffset { target = (maxOffset * scale).rounded(.down) / scale }
        target = max(0, target)
        return abs(target - offset) > 1e-6 ? target : nil
    }
}
