import CascadeNumerics
import Foundation

/// A section style resolved against a container width, with every documented clamp applied.
///
/// Kept apart from the style so that the placement loop reads plain numbers, and so that two
/// sections can be compared for joining in continuous flow.
struct SectionGeometry: Equatable {
    var columnCount: Int
    var columnWidth: Double
    /// Column width plus column spacing: the x distance between two columns.
    var columnStride: Double
    /// x of column 0 (left-to-right), i.e. the clamped left inset.
    var left: Double
    /// The width of the items area (full-span items are this wide).
    var itemsWidth: Double
    var rowSpacing: Double
    var insets: LayoutInsets
    var headerHeight: Double
    var headerInsets: LayoutInsets
    var footerHeight: Double
    var footerInsets: LayoutInsets
    var containerWidth: Double

    init(style: WaterfallSectionStyle, containerWidth rawWidth: CGFloat) {
        let width = LayoutClamp.length(rawWidth)
        containerWidth = width
        insets = Self.fitted(style.insets.sanitized, into: width)
        let available = max(0, width - insets.left - insets.right)
        var spacing = LayoutClamp.length(style.columnSpacing)
        var count: Int
        switch style.columns {
        case .fixed(let n):
            count = min(max(n, 1), LayoutClamp.maximumColumnCount)
        case .adaptive(let minimumWidth):
            let minimum = minimumWidth.isFinite && minimumWidth > 0 ? minimumWidth : 1
            let fit = ((available + spacing) / (minimum + spacing)).rounded(.down)
            count = fit.isFinite ? Int(saturating: min(max(fit, 1), CGFloat(LayoutClamp.maximumColumnCount))) : 1
        }
        count = max(1, count)
        if count > 1 { spacing = min(spacing, available / CGFloat(count - 1)) }
        let columnWidth = max(0, (available - CGFloat(count - 1) * spacing) / CGFloat(count))
        columnCount = count
        self.columnWidth = columnWidth
        columnStride = columnWidth + spacing
        left = insets.left
        itemsWidth = available
        rowSpacing = LayoutClamp.length(style.rowSpacing)
        headerHeight = min(LayoutClamp.length(style.headerHeight), LayoutClamp.maximumItemHeight)
        headerInsets = Self.fitted(style.headerInsets.sanitized, into: width)
        footerHeight = min(LayoutClamp.length(style.footerHeight), LayoutClamp.maximumItemHeight)
        footerInsets = Self.fitted(style.footerInsets.sanitized, into: width)
    }

    /// Whether a section with this geometry can carry on the columns of `previous` in
    /// continuous flow.
    func canJoin(after previous: SectionGeometry) -> Bool {
        headerHeight == 0 && previous.footerHeight == 0 && columnCount == previous.columnCount
            && columnWidth == previous.columnWidth && columnStride == previous.columnStride && left == previous.left
            && rowSpacing == previous.rowSpacing
    }

    /// Insets whose left + right exceed `width` are scaled down to fit it exactly.
    private static func fitted(_ insets: LayoutInsets, into width: CGFloat) -> LayoutInsets {
        var result = insets
        let horizontal = insets.left + insets.right
        if horizontal > width, horizontal > 0 {
            let scale = width / horizontal
            result.left = insets.left * scale
            result.right = max(0, width - result.left)
        }
        return result
    }
}

extension SectionGeometry {
    /// The x and width of an item of this section, before right-to-left mirroring: one column,
    /// or every column for a full-span item.
    @inline(__always)
    func horizontalExtent(of record: ItemRecord) -> (x: Double, width: Double) {
        columns.horizontalExtent(of: record)
    }

    /// The numbers `horizontalExtent(of:)` reads: 32 bytes a loop can keep in registers
    /// where the whole geometry is copied through memory.
    var columns: ColumnExtents {
        ColumnExtents(left: left, itemsWidth: itemsWidth, columnStride: columnStride, columnWidth: columnWidth)
    }
}

/// A section's column positions (see `SectionGeometry.columns`).
struct ColumnExtents {
    let left: Double
    let itemsWidth: Double
    let columnStride: Double
    let columnWidth: Double

    /// See `SectionGeometry.horizontalExtent(of:)`.
    @inline(__always)
    func horizontalExtent(of record: ItemRecord) -> (x: Double, width: Double) {
        record.spansAllColumns
            ? (left, itemsWidth) : (left + Double(record.column) * columnStride, columnWidth)
    }
}
