import Foundation

/// A horizontal strip of items: equal-width pages (the banner carousel, the channel pager) or
/// content-sized tabs with spacing (the channel tab bar). One section; every item is as tall
/// as the container.
///
/// Bad input is clamped: non-finite or negative widths, heights, spacing and insets become 0.
public final class PagingStripLayout: CollectionLayout {
    /// How items are sized.
    public enum Sizing: Hashable, Sendable {
        /// Every item is one page: as wide as the container (minus the insets).
        case pages(count: Int)
        /// Each item has its own width (a tab sized to its title).
        case widths([CGFloat])
    }

    // MARK: State

    /// How items are sized.
    public private(set) var sizing: Sizing
    /// Space between neighbouring items.
    public let spacing: CGFloat
    /// Insets around the strip (top and bottom shrink the items' height).
    public let insets: LayoutInsets
    /// The visible size of the strip.
    public private(set) var containerSize: CGSize = .zero

    /// x of each item's leading edge, increasing.
    private var origins: [Double] = []
    private var widths: [Double] = []
    private var contentWidth: Double = 0

    // MARK: Lifecycle

    /// Creates a strip.
    public init(sizing: Sizing, spacing: CGFloat = 0, insets: LayoutInsets = .zero, containerSize: CGSize = .zero) {
        self.sizing = sizing
        self.spacing = LayoutClamp.length(spacing)
        self.insets = insets.sanitized
        self.containerSize = CGSize(
            width: LayoutClamp.length(containerSize.width), height: LayoutClamp.length(containerSize.height))
        recompute()
    }

    // MARK: Updates

    /// Sets the visible size.
    ///
    /// - Complexity: O(n).
    public func setContainerSize(_ size: CGSize) {
        containerSize = CGSize(width: LayoutClamp.length(size.width), height: LayoutClamp.length(size.height))
        recompute()
    }

    // MARK: Paging helpers

    /// The item whose frame contains the container's centre when scrolled to `offset`, clamped
    /// to the items (nil without items). For pages this is the nearest page.
    ///
    /// - Complexity: O(log n).
    public func item(centeredAtOffset offset: CGFloat) -> Int? {
        guard !origins.isEmpty else { return nil }
        let x = (offset.isFinite ? offset : 0) + containerSize.width / 2
        // The last item whose leading edge (minus half the spacing before it) is at or before x.
        var low = 0
        var high = origins.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if origins[mid] - spacing / 2 <= x { low = mid } else { high = mid - 1 }
        }
        return low
    }

    // MARK: CollectionLayout

    /// The strip's full width by the container height.
    public var contentSize: CGSize { CGSize(width: contentWidth, height: containerSize.height) }

    /// Always 1.
    public var numberOfSections: Int { 1 }

    /// The number of items in section 0.
    public func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? origins.count : 0
    }

    /// The frame of an item; nil for headers, footers and missing items.
    ///
    /// - Complexity: O(1).
    public func frame(for id: ElementID) -> CGRect? {
        guard id.kind == .item, id.path.section == 0, origins.indices.contains(id.path.item) else { return nil }
        return frame(at: id.path.item)
    }

    /// Every item whose frame overlaps `rect` (open intervals: frames that only touch an edge
    /// do not count), equal to a brute-force scan.
    ///
    /// - Complexity: O(log n + k).
    public func elements(in rect: CGRect) -> [LayoutElement] {
        guard let query = QueryRect(rect), !origins.isEmpty else { return [] }
        var low = 0
        var high = origins.count
        while low < high {
            let mid = (low + high) >> 1
            if origins[mid] + widths[mid] <= query.minX { low = mid + 1 } else { high = mid }
        }
        var result: [LayoutElement] = []
        var index = low
        while index < origins.count, origins[index] < query.maxX {
            let frame = frame(at: index)
            if query.overlaps(frame) { result.append(LayoutElement(id: .item(index), frame: frame)) }
            index += 1
        }
        return result
    }

    // MARK: Private

    private func frame(at index: Int) -> CGRect {
        CGRect(
            x: origins[index], y: insets.top, width: widths[index],
            height: max(0, containerSize.height - insets.top - insets.bottom))
    }

    private func recompute() {
        switch sizing {
        case .pages(let count):
            let width = max(0, containerSize.width - insets.left - insets.right)
            widths = Array(repeating: width, count: max(0, count))
        case .widths(let values):
            widths = values.map { LayoutClamp.length($0) }
        }
        origins = []
        origins.reserveCapacity(widths.count)
        var x = insets.left
        for (index, width) in widths.enumerated() {
            if index > 0 { x += spacing }
            origins.append(x)
            x += width
        }
        contentWidth = x + insets.right
    }
}
