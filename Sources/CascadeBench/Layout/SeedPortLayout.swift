import Foundation

/// Baseline `seed-port`: the reference write-ups' waterfall layout. `prepare` recomputes
/// every item (shortest column, reference spacing rules) into an array of attributes, and a
/// rect query returns that whole array; the visible set is what the caller finds by testing
/// every returned attribute against the rect, which is what a collection view does with it.
struct SeedPortLayout {
    struct Attributes {
        var item: Int
        var frame: CGRect
    }

    var columnCount = 2
    var columnMargin: CGFloat = 10
    var rowMargin: CGFloat = 10
    var edge: CGFloat = 10

    private(set) var attributes: [Attributes] = []
    private(set) var contentHeight: CGFloat = 0

    /// `prepareLayout`: clears and recomputes every attribute.
    mutating func prepare(width: CGFloat, count: Int, heightRatio: (Int) -> CGFloat) {
        contentHeight = 0
        var columnHeights = Array(repeating: edge, count: columnCount)
        attributes.removeAll()
        for item in 0..<count {
            let cellWidth = (width - edge - edge - CGFloat(columnCount - 1) * columnMargin) / CGFloat(columnCount)
            let cellHeight = cellWidth * heightRatio(item)
            var destColumn = 0
            var minColumnHeight = columnHeights[0]
            for i in 1..<columnCount where minColumnHeight > columnHeights[i] {
                minColumnHeight = columnHeights[i]
                destColumn = i
            }
            let cellX = edge + CGFloat(destColumn) * (cellWidth + columnMargin)
            var cellY = minColumnHeight
            if cellY != edge { cellY += rowMargin }
            let frame = CGRect(x: cellX, y: cellY, width: cellWidth, height: cellHeight)
            attributes.append(Attributes(item: item, frame: frame))
            columnHeights[destColumn] = frame.maxY
            contentHeight = max(contentHeight, frame.maxY)
        }
    }

    /// `layoutAttributesForElementsInRect:` returns every attribute; the caller filters them.
    func visibleAttributes(in rect: CGRect) -> [Attributes] {
        let all = attributes
        return all.filter { rect.intersects($0.frame) }
    }
}
