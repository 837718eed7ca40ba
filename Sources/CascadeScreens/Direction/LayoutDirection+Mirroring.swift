import CascadeLayout
import Foundation

extension LayoutDirection {
    /// The x a horizontal strip draws `frame` at in a container `width` wide: as laid out left
    /// to right, mirrored right to left (the first tab at the right edge).
    public func x(of frame: CGRect, inWidth width: CGFloat) -> CGFloat {
        self == .rightToLeft ? width - frame.maxX : frame.minX
    }

    /// A strip's `frames`, laid out left to right `contentWidth` wide, as drawn in a strip shown
    /// `visibleWidth` wide, and the width the strip takes: right to left the first frame is at
    /// the right end (of the visible width when they fit in it).
    public func placed(
        _ frames: [CGRect], contentWidth: CGFloat, visibleWidth: CGFloat
    ) -> (
        frames: [CGRect], width: CGFloat
    ) {
        let width = self == .rightToLeft ? max(contentWidth, visibleWidth) : contentWidth
        let placed = frames.map { CGRect(x: x(of: $0, inWidth: width), y: $0.minY, width: $0.width, height: $0.height) }
        return (placed, width)
    }

    /// The scroll offset of a strip `contentWidth` wide shown `visibleWidth` wide, for an offset
    /// computed left to right: right to left the strip starts scrolled to its end.
    public func scrollOffset(_ offset: CGFloat, contentWidth: CGFloat, visibleWidth: CGFloat) -> CGFloat {
        guard self == .rightToLeft else { return offset }
        return max(0, contentWidth - visibleWidth - offset)
    }

    /// +1 left to right, −1 right to left: multiplies horizontal page offsets (the next page
    /// is to the left when mirrored) and horizontal drags (a drag to the right goes forward).
    public var horizontalSign: CGFloat { self == .rightToLeft ? -1 : 1 }
}
