import CascadeCollection
import Foundation

/// The layout the collection benchmarks scroll: fixed-height items in equal columns, like a
/// feed of uniform cells. Its rect query locates rows arithmetically (O(k)), so the
/// benchmark measures the viewport's own per-frame work, not a layout search.
///
/// Frames are also materialised in one contiguous array for the `naive-scan` baseline.
final class GridBenchLayout: CollectionLayout {
    let itemCount: Int
    let columns: Int
    let width: CGFloat
    let itemHeight: CGFloat
    let spacing: CGFloat

    init(itemCount: Int, columns: Int = 2, width: CGFloat = 400, itemHeight: CGFloat = 180, spacing: CGFloat = 10) {
        self.itemCount = itemCount
        self.columns = columns
        self.width = width
        self.itemHeight = itemHeight
        self.spacing = spacing
    }

    var rowPitch: CGFloat { itemHeight + spacing }
    private var rows: Int { (itemCount + columns - 1) / columns }
    private var columnWidth: CGFloat { (width - spacing * CGFloat(columns + 1)) / CGFloat(columns) }

    var contentSize: CGSize { CGSize(width: width, height: spacing + CGFloat(rows) * rowPitch) }
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { section == 0 ? itemCount : 0 }

    func frame(for id: ElementID) -> CGRect? {
        guard id.kind == .item, id.path.section == 0, id.path.item >= 0, id.path.item < itemCount else { return nil }
        return itemFrame(id.path.item)
    }

    @inline(__always)
    func itemFrame(_ index: Int) -> CGRect {
        let row = index / columns
        let column = index % columns
        return CGRect(
            x: spacing + CGFloat(column) * (columnWidth + spacing), y: spacing + CGFloat(row) * rowPitch,
            width: columnWidth, height: itemHeight)
    }

    func elements(in rect: CGRect) -> [LayoutElement] {
        guard itemCount > 0, !rect.isEmpty else { return [] }
        let firstRow = max(0, Int(((rect.minY - spacing - itemHeight) / rowPitch).rounded(.down)))
        let lastRow = min(rows - 1, Int(((rect.maxY - spacing) / rowPitch).rounded(.down)))
        guard firstRow <= lastRow else { return [] }
        var result: [LayoutElement] = []
        result.reserveCapacity((lastRow - firstRow + 1) * columns)
        for index in (firstRow * columns)..<min(itemCount, (lastRow + 1) * columns) {
            let frame = itemFrame(index)
            if frame.minY < rect.maxY && rect.minY < frame.maxY && frame.minX < rect.maxX && rect.minX < frame.maxX {
                result.append(LayoutElement(id: .item(index), frame: frame))
            }
        }
        return result
    }

    /// Every frame in one array, for the linear-scan baseline.
    func allFrames() -> [CGRect] { (0..<itemCount).map(itemFrame) }
}
