import CascadeLayout
import Foundation

extension LayoutDirection {
    /// The x a horizontal strip draws `frame` at in a container `width` wide: as laid out left
    /// to right, mirrored right to left (the first tab at the right edge).
    public func x(of frame: CGRect, inWidth width: CGFloat) -> CGFloat {
        self == .rightToLeft ? width - frame.maxX : frame.minX
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
