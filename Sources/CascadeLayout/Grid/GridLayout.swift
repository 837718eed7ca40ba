import CascadeNumerics
import Foundation

/// A grid of equal cells: a fixed number of columns, each cell `columnWidth × itemRatio` tall
/// (the reference write-ups' FlowLayout uses 2 columns and a ratio of 0.8).
///
/// Every frame is computed from its index, so the layout stores only the section item counts.
/// Bad input is clamped: columns to `1...LayoutClamp.maximumColumnCount`, non-finite or
/// negative spacings, insets and widths to 0, insets wider than the container scaled to fit,
/// a non-finite or negative ratio to 1 (and at most `LayoutClamp.maximumAspectRatio`).
public final class GridLayout: CollectionLayout {
    // MARK: State

    /// The number of columns (clamped).
    public let columns: Int
    /// Cell height ÷ cell width (clamped).
    public let itemRatio: CGFloat
    /// Horizontal space between columns.
    public let columnSpacing: CGFloat
    /// Vertical space between rows.
    public let rowSpacing: CGFloat
    /// The insets of every section, as given (clamped when laid out).
    public let insets: LayoutInsets
    /// The container width (clamped).
    public private(set) var containerWidth: CGFloat = 0

    private var counts: [Int] = []
    /// The y where each section starts; one more entry for the end.
    private var sectionTops: [Double] = [0]
    private var cellWidth: Double = 0
    private var cellHeight: Double = 0
    private var left: Double = 0
    private var fitted = LayoutInsets.zero
    private var spacing: Double = 0

    // MARK: Lifecycle

    /// Creates a grid; the defaults are the reference FlowLayout's.
    public init(
        columns: Int = 2, itemRatio: CGFloat = 0.8, columnSpacing: CGFloat = 10, rowSpacing: CGFloat = 10,
        insets: LayoutInsets = LayoutInsets(all: 10), containerWidth: CGFloat = 0
    ) {
        self.columns = min(max(columns, 1), LayoutClamp.maximumColumnCount)
        self.itemRatio = itemRatio.isFinite && itemRatio >= 0 ? min(itemRatio, LayoutClamp.maximumAspectRatio) : 1
        self.columnSpacing = LayoutClamp.length(columnSpacing)
        self.rowSpacing = LayoutClamp.length(rowSpacing)
        self.insets = insets
        self.containerWidth = LayoutClamp.length(containerWidth)
        recompute()
    }

    // MARK: Updates

    /// Sets the container width and recomputes the cell size.
    ///
    /// - Complexity: O(S).
    public func setContainerWidth(_ width: CGFloat) {
        containerWidth = LayoutClamp.length(width)
        recompute()
    }

    /// Sets the number of items of every section (negative counts are 0).
    ///
    /// - Complexity: O(S).
    public func setItemCounts(_ counts: [Int]) {
        self.counts = counts.map { max(0, $0) }
        recompute()
    }

    /// The size of every cell.
    public var itemSize: CGSize { CGSize(width: cellWidth, height: cellHeight) }

    // MARK: CollectionLayout

    /// The container width by the bottom of the last section.
    public var contentSize: CGSize { CGSize(width: containerWidth, height: sectionTops.last ?? 0) }

    /// The number of sections.
    public var numberOfSections: Int { counts.count }

    /// The number of items in `section` (0 if it does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        counts.indices.contains(section) ? counts[section] : 0
    }

    /// The frame of an item; nil for headers, footers and missing items.
    ///
    /// - Complexity: O(1).
    public func frame(for id: ElementID) -> CGRect? {
        guard id.kind == .item, counts.indices.contains(id.path.section), id.path.item >= 0,
            id.path.item < counts[id.path.section]
        else { return nil }
        return cellFrame(section: id.path.section, item: id.path.item)
    }

    /// Every item whose frame overlaps `rect` (open intervals: frames that only touch an edge
    /// do not count), equal to a brute-force scan.
    ///
    /// - Complexity: O(log S + k + rows overlapping `rect`).
    public func elements(in rect: CGRect) -> [LayoutElement] {
        guard let query = QueryRect(rect) else { return [] }
        var result: [LayoutElement] = []
        var section = firstSection(below: query.minY)
        let rowStride = cellHeight + rowSpacing
        while section < counts.count, sectionTops[section] < query.maxY {
            let rows = (counts[section] + columns - 1) / columns
            let top = sectionTops[section] + fitted.top
            let skipped = rowStride > 0 ? ((query.minY - top) / rowStride).rounded(.down) : 0
            let first = max(0, Int(saturating: min(Double(rows), skipped)))
            var row = first
            while row < rows, top + Double(row) * rowStride < query.maxY {
                for column in 0..<columns {
                    let item = row * columns + column
                    guard item < counts[section] else { break }
                    let frame = cellFrame(section: section, item: item)
                    if query.overlaps(frame) {
                        result.append(LayoutElement(id: .item(item, section: section), frame: frame))
                    }
                }
                row += 1
            }
            section += 1
        }
        return result
    }

    // MARK: Private

    private func cellFrame(section: Int, item: Int) -> CGRect {
        let row = item / columns
        let column = item % columns
        return CGRect(
            x: left + Double(column) * (cellWidth + spacing),
            y: sectionTops[section] + fitted.top + Double(row) * (cellHeight + rowSpacing), width: cellWidth,
            height: cellHeight)
    }

    private func firstSection(below y: Double) -> Int {
        var low = 0
        var high = counts.count
        while low < high {
            let mid = (low + high) >> 1
            if sectionTops[mid + 1] <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func recompute() {
        var clean = insets.sanitized
        if clean.left + clean.right > containerWidth, clean.left + clean.right > 0 {
            let left = clean.left * containerWidth / (clean.left + clean.right)
            clean.left = left
            clean.right = max(0, containerWidth - left)
        }
        fitted = clean
        let available = max(0, containerWidth - clean.left - clean.right)
        spacing = columns > 1 ? min(columnSpacing, available / Double(columns - 1)) : 0
        cellWidth = max(0, (available - Double(columns - 1) * spacing) / Double(columns))
        cellHeight = cellWidth * itemRatio
        left = clean.left
        sectionTops = [0]
        var y = 0.0
        for count in counts {
            let rows = (count + columns - 1) / columns
            y += clean.top + Double(rows) * cellHeight + Double(max(0, rows - 1)) * rowSpacing + clean.bottom
            sectionTops.append(y)
        }
    }
}
