import Foundation

/// How far around the visible rect items are prefetched, in screens along the scroll axis,
/// and in which direction.
///
/// The default looks one screen ahead in the scroll direction and half a screen behind, the
/// shape of UICollectionView's prefetching: items about to appear have their data requested,
/// items just scrolled past stay warm for a quick reversal.
public struct PrefetchWindow: Sendable, Equatable {
    /// Screens prefetched ahead of the visible rect in the scroll direction (≥ 0).
    public var ahead: CGFloat
    /// Screens kept behind the visible rect (≥ 0).
    public var behind: CGFloat

    /// Creates a window; negative or non-finite sizes are clamped to 0.
    public init(ahead: CGFloat = 1, behind: CGFloat = 0.5) {
        self.ahead = ahead.isFinite ? max(0, ahead) : 0
        self.behind = behind.isFinite ? max(0, behind) : 0
    }

    /// No prefetching.
    public static let disabled = PrefetchWindow(ahead: 0, behind: 0)

    /// The rect covered by the window around `visible` while scrolling in `direction`
    /// (`.none` counts as forward: a feed first opens at its top).
    public func region(around visible: CGRect, direction: ScrollDirection, axis: ScrollAxis) -> CGRect {
        let screen = axis.length(of: visible.size)
        let forwardExtent = (direction == .backward ? behind : ahead) * screen
        let backwardExtent = (direction == .backward ? ahead : behind) * screen
        switch axis {
        case .vertical:
            return CGRect(
                x: visible.minX, y: visible.minY - backwardExtent, width: visible.width,
                height: visible.height + forwardExtent + backwardExtent)
        case .horizontal:
            return CGRect(
                x: visible.minX - backwardExtent, y: visible.minY,
                width: visible.width + forwardExtent + backwardExtent,
                height: visible.height)
        }
    }
}
