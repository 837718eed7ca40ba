import Foundation

/// The axis a collection scrolls along.
public enum ScrollAxis: Sendable, Equatable {
    /// Content scrolls up and down (a feed).
    case vertical
    /// Content scrolls left and right (a carousel, a tab strip).
    case horizontal

    /// The component of `point` along the axis.
    public func offset(of point: CGPoint) -> CGFloat { self == .vertical ? point.y : point.x }

    /// The extent of `size` along the axis.
    public func length(of size: CGSize) -> CGFloat { self == .vertical ? size.height : size.width }
}

/// Which way the content last moved along the scroll axis.
public enum ScrollDirection: Sendable, Equatable {
    /// Towards the end of the content (offset growing: scrolling down or right).
    case forward
    /// Towards the start of the content (offset shrinking: scrolling up or left).
    case backward
    /// Not moved yet.
    case none
}
