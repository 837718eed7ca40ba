import CascadeCollection
import CascadeLayout
import CascadeNumerics
import Foundation

/// A `CollectionLayout` of fixed-height items in equal columns, with an optional header
/// above and footer below (one section), for tests of the virtualization engine.
///
/// Item `i` sits in row `i / columns`, column `i % columns`. A rect query finds the rows it
/// covers arithmetically, so it costs O(k) for k returned elements at any item count — good
/// enough to scroll through 1,000,000 items in a debug test.
public final class ColumnsTestLayout: CollectionLayout {
    /// The number of items.
    public var itemCount: Int
    /// Columns (≥ 1).
    public var columns: Int
    /// The content width.
    public var width: CGFloat
    /// Every item's height.
    public var itemHeight: CGFloat
    /// Space between rows and between columns, and around the content.
    public var spacing: CGFloat
    /// Header height (0: no header).
    public var headerHeight: CGFloat
    /// Footer height (0: no footer).
    public var footerHeight: CGFloat

    /// Creates a layout.
    public init(
        itemCount: Int, columns: Int = 2, width: CGFloat = 400, itemHeight: CGFloat = 100, spacing: CGFloat = 10,
        headerHeight: CGFloat = 0, footerHeight: CGFloat = 0
    ) {
        self.itemCount = max(0, itemCount)
        self.columns = max(1, columns)
        self.width = width
        self.itemHeight = itemHeight
        self.spacing = spacing
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    private var rows: Int { (itemCount + columns - 1) / columns }
    private var rowPitch: CGFloat { itemHeight + spacing }
    private var itemsTop: CGFloat { headerHeight + spacing }
    private var columnWidth: CGFloat { (width - spacing * CGFloat(columns + 1)) / CGFloat(columns) }
    private var itemsBottom: CGFloat { itemsTop + CGFloat(rows) * rowPitch }

    public var contentSize: CGSize { CGSize(width: width, height: itemsBottom + footerHeight) }

    public var numberOfSections: Int { 1 }

    public func numberOfItems(inSection section: Int) -> Int { section == 0 ? itemCount : 0 }

    public func frame(for id: ElementID) -> CGRect? {
        guard id.path.section == 0 else { return nil }
        switch id.kind {
        case .item:
            let index = id.path.item
            guard index >= 0, index < itemCount else { return nil }
            let row = index / columns
            let column = index % columns
            return CGRect(
                x: spacing + CGFloat(column) * (columnWidth + spacing), y: itemsTop + CGFloat(row) * rowPitch,
                width: columnWidth, height: itemHeight)
        case .header:
            return headerHeight > 0 ? CGRect(x: 0, y: 0, width: width, height: headerHeight) : nil
        case .footer:
            return footerHeight > 0 ? CGRect(x: 0, y: itemsBottom, width: width, height: footerHeight) : nil
        }
    }

    public func elements(in rect: CGRect) -> [LayoutElement] {
        guard !rect.isNull, !rect.isEmpty, itemCount > 0 || headerHeight > 0 || footerHeight > 0 else { return [] }
        var result: [LayoutElement] = []
        if let header = frame(for: .header(section: 0)), Self.overlaps(header, rect) {
            result.append(LayoutElement(id: .header(section: 0), frame: header))
        }
        if itemCount > 0, rowPitch > 0 {
            let firstRow = max(0, Int(saturating: ((rect.minY - itemsTop - itemHeight) / rowPitch).rounded(.down)))
            let lastRow = min(rows - 1, Int(saturating: ((rect.maxY - itemsTop) / rowPitch).rounded(.down)))
            if firstRow <= lastRow {
                for row in firstRow...lastRow {
                    for column in 0..<columns {
                        let index = row * columns + column
                        guard index < itemCount, let frame = frame(for: .item(index)), Self.overlaps(frame, rect) else {
                            continue
                        }
                        result.append(LayoutElement(id: .item(index), frame: frame))
                    }
                }
            }
        }
        if let footer = frame(for: .footer(section: 0)), Self.overlaps(footer, rect) {
            result.append(LayoutElement(id: .footer(section: 0), frame: footer, zIndex: 1))
        }
        return result
    }

    /// Every element intersecting `rect`, found by checking every frame: the reference the
    /// fast query is compared against.
    public func bruteForceElements(in rect: CGRect) -> [LayoutElement] {
        var ids: [ElementID] = [.header(section: 0)]
        ids += (0..<itemCount).map { .item($0) }
        ids.append(.footer(section: 0))
        return ids.compactMap { id in
            frame(for: id).flatMap { Self.overlaps($0, rect) ? LayoutElement(id: id, frame: $0) : nil }
        }
    }

    /// Whether two rects overlap with a positive area (touching edges do not count).
    public static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
