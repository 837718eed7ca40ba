import CascadeLayout
import Foundation

/// A direction the arrow keys move the keyboard focus in.
public enum FocusDirection: Sendable {
    case up, down, left, right
}

/// Where an item comes to rest when the feed is scrolled to it.
public enum ScrollPosition: String, Sendable, CaseIterable {
    /// Its top the layout's spacing below the viewport's top.
    case top
    /// Its middle at the viewport's middle.
    case center
    /// As little scrolling as shows it with `FeedScreenModel.focusMargin` around it; none when
    /// it is in view.
    case nearest
}

extension FeedScreenModel {
    /// The item the arrow key `direction` moves the keyboard focus to from item `index`, by the
    /// layout's frames (not the widgets', so it works for cells not made yet): up and down, the
    /// nearest item above or below in the same column; left and right, the nearest item in the
    /// next column over, closest to the focused item's vertical centre. With no focused item
    /// (`index` nil), the first visible item. Nil when there is nothing in that direction.
    ///
    /// - Complexity: O(log n + k) for k items in the searched band.
    public func focusTarget(from index: Int?, direction: FocusDirection) -> Int? {
        guard let index, let focused = frame(ofItem: index) else { return firstVisibleItem() }
        let width = max(layout.contentSize.width, focused.maxX)
        let height = layout.contentSize.height
        let band: CGRect
        switch direction {
        case .up: band = CGRect(x: focused.minX, y: 0, width: focused.width, height: focused.minY)
        case .down:
            band = CGRect(x: focused.minX, y: focused.maxY, width: focused.width, height: max(0, height - focused.maxY))
        case .left: band = CGRect(x: 0, y: focused.minY, width: focused.minX, height: focused.height)
        case .right:
            band = CGRect(x: focused.maxX, y: focused.minY, width: max(0, width - focused.maxX), height: focused.height)
        }
        let candidates = layout.elements(in: band).compactMap { element -> (index: Int, frame: CGRect)? in
            guard let candidate = itemIndex(of: element.id), candidate != index else { return nil }
            return (candidate, element.frame)
        }
        func distance(_ frame: CGRect) -> (CGFloat, CGFloat) {
            switch direction {
            case .up: (focused.minY - frame.maxY, abs(frame.midX - focused.midX))
            case .down: (frame.minY - focused.maxY, abs(frame.midX - focused.midX))
            case .left: (focused.minX - frame.maxX, abs(frame.midY - focused.midY))
            case .right: (frame.minX - focused.maxX, abs(frame.midY - focused.midY))
            }
        }
        let ahead = candidates.filter { distance($0.frame).0 >= -1 }
        return ahead.min { distance($0.frame) < distance($1.frame) }?.index
    }

    /// Items `indices` in reading order, as a masonry grid is read: row by row by their top
    /// edges (in whole points, so a rounding difference is the same row), then along the line in
    /// the layout's direction. Assistive technologies and the Tab key meet the cells in this
    /// order. Indices without a frame are left out.
    public func readingOrder(_ indices: [Int]) -> [Int] {
        let sign: CGFloat = configuration.direction == .rightToLeft ? -1 : 1
        let placed = indices.compactMap { index in
            frame(ofItem: index).map { (index: index, row: $0.minY.rounded(), along: $0.minX * sign) }
        }
        return placed.sorted { ($0.row, $0.along, $0.index) < ($1.row, $1.along, $1.index) }.map(\.index)
    }

    /// The offset that shows item `index` at `position` in a viewport `viewportHeight` tall now
    /// at `offset`, clamped to the scrollable content; nil when the item has no frame.
    public func scrollOffset(
        toShow index: Int, at position: ScrollPosition, offset: Double, viewportHeight: Double
    )
        -> Double?
    {
        guard let frame = frame(ofItem: index), viewportHeight.isFinite, offset.isFinite else { return nil }
        let target: Double
        switch position {
        case .top: target = Double(frame.minY - configuration.spacing)
        case .center: target = Double(frame.midY) - viewportHeight / 2
        case .nearest:
            target = focusScrollOffset(forItem: index, offset: offset, viewportHeight: viewportHeight) ?? offset
        }
        let maxOffset = max(0, Double(scrollableContentHeight) - max(0, viewportHeight))
        return min(max(0, target), maxOffset)
    }

    /// Points kept between a focused cell and the viewport's edge.
    public static let focusMargin: Double = 10

    /// Where to scroll so that item `index`'s frame (with `focusMargin` around it) is in a
    /// viewport of `viewportHeight` at `offset`: its top when it is above, its bottom (never
    /// past its top) when below; nil when it is in view already or has no frame.
    public func focusScrollOffset(forItem index: Int, offset: Double, viewportHeight: Double) -> Double? {
        guard let frame = frame(ofItem: index) else { return nil }
        let top = Double(frame.minY) - Self.focusMargin
        let bottom = Double(frame.maxY) + Self.focusMargin - viewportHeight
        if top < offset { return top }
        return bottom > offset ? min(top, bottom) : nil
    }

    /// The first item in the visible rect (lowest index), or nil.
    private func firstVisibleItem() -> Int? {
        viewport.visibleElements.compactMap { itemIndex(of: $0.id) }.min()
    }
}
