import CascadeLayout
import Foundation

/// Baseline `cht-port`: a Swift value-type port of CHTCollectionViewWaterfallLayout's
/// `prepareLayout` and `layoutAttributesForElementsInRect:` (shortest-first rendering).
///
/// Like the original it rebuilds every attribute on each invalidation (append, resize, height
/// change), keeps all attributes in one array plus per-section arrays, groups them into
/// union rects of 20, and answers a rect query by scanning the union rects from both ends,
/// then collecting the intersecting attributes into dictionaries keyed by index path. Index
/// paths are a two-Int struct rather than Foundation's IndexPath, which only makes the
/// baseline faster.
struct CHTPortLayout {
    enum Kind: UInt8 { case cell, header, footer }

    struct Path: Hashable {
        var section: Int
        var item: Int
    }

    struct Attributes {
        var kind: Kind
        var path: Path
        var frame: CGRect
    }

    static let unionSize = 20

    var columnCount = 2
    var minimumColumnSpacing: CGFloat = 10
    var minimumInteritemSpacing: CGFloat = 10
    var headerHeight: CGFloat = 0
    var footerHeight: CGFloat = 0
    var sectionInset = LayoutInsets(all: 10)
    var minimumContentHeight: CGFloat = 0
    var scale: CGFloat = 2

    private(set) var columnHeights: [[CGFloat]] = []
    private(set) var sectionItemAttributes: [[Attributes]] = []
    private(set) var allItemAttributes: [Attributes] = []
    private(set) var headersAttribute: [Int: Attributes] = [:]
    private(set) var footersAttribute: [Int: Attributes] = [:]
    private(set) var unionRects: [CGRect] = []

    /// `prepareLayout`: everything from scratch, asking `sizeForItem` (the delegate) for
    /// every item.
    mutating func prepare(width: CGFloat, itemCounts: [Int], sizeForItem: (Path) -> CGSize) {
        headersAttribute.removeAll()
        footersAttribute.removeAll()
        unionRects.removeAll()
        columnHeights.removeAll()
        allItemAttributes.removeAll()
        sectionItemAttributes.removeAll()
        let numberOfSections = itemCounts.count
        guard numberOfSections > 0 else { return }
        for _ in 0..<numberOfSections {
            columnHeights.append(Array(repeating: 0, count: columnCount))
        }
        var top: CGFloat = 0
        for section in 0..<numberOfSections {
            // 1. Section metrics.
            let contentWidth = width - sectionInset.left - sectionInset.right
            let itemWidth = floorToPixel(
                (contentWidth - CGFloat(columnCount - 1) * minimumColumnSpacing) / CGFloat(columnCount))
            // 2. Header.
            if headerHeight > 0 {
                let attributes = Attributes(
                    kind: .header, path: Path(section: section, item: 0),
                    frame: CGRect(x: 0, y: top, width: width, height: headerHeight))
                headersAttribute[section] = attributes
                allItemAttributes.append(attributes)
                top = attributes.frame.maxY
            }
            top += sectionInset.top
            for column in 0..<columnCount { columnHeights[section][column] = top }
            // 3. Items, each into the shortest column.
            let itemCount = itemCounts[section]
            var itemAttributes: [Attributes] = []
            itemAttributes.reserveCapacity(itemCount)
            for item in 0..<itemCount {
                let path = Path(section: section, item: item)
                let columnIndex = shortestColumnIndex(inSection: section)
                let xOffset = sectionInset.left + (itemWidth + minimumColumnSpacing) * CGFloat(columnIndex)
                let yOffset = columnHeights[section][columnIndex]
                let itemSize = sizeForItem(path)
                var itemHeight: CGFloat = 0
                if itemSize.height > 0 {
                    itemHeight = itemSize.height
                    if itemSize.width > 0 { itemHeight = floorToPixel(itemSize.height * itemWidth / itemSize.width) }
                }
                let attributes = Attributes(
                    kind: .cell, path: path, frame: CGRect(x: xOffset, y: yOffset, width: itemWidth, height: itemHeight)
                )
                itemAttributes.append(attributes)
                allItemAttributes.append(attributes)
                columnHeights[section][columnIndex] = attributes.frame.maxY + minimumInteritemSpacing
            }
            sectionItemAttributes.append(itemAttributes)
            // 4. Footer.
            let longest = longestColumnIndex(inSection: section)
            top = columnHeights[section][longest] - minimumInteritemSpacing + sectionInset.bottom
            if footerHeight > 0 {
                let attributes = Attributes(
                    kind: .footer, path: Path(section: section, item: 0),
                    frame: CGRect(x: 0, y: top, width: width, height: footerHeight))
                footersAttribute[section] = attributes
                allItemAttributes.append(attributes)
                top = attributes.frame.maxY
            }
            for column in 0..<columnCount { columnHeights[section][column] = top }
        }
        // Union rects of `unionSize` attributes.
        var index = 0
        let count = allItemAttributes.count
        unionRects.reserveCapacity(count / Self.unionSize + 1)
        while index < count {
            var unionRect = allItemAttributes[index].frame
            let end = min(index + Self.unionSize, count)
            for other in (index + 1)..<end { unionRect = unionRect.union(allItemAttributes[other].frame) }
            index = end
            unionRects.append(unionRect)
        }
    }

    var contentHeight: CGFloat {
        max(columnHeights.last?.first ?? 0, minimumContentHeight)
    }

    /// `layoutAttributesForElementsInRect:`.
    func attributes(in rect: CGRect) -> [Attributes] {
        var begin = 0
        var end = unionRects.count
        for i in 0..<unionRects.count where rect.intersects(unionRects[i]) {
            begin = i * Self.unionSize
            break
        }
        for i in stride(from: unionRects.count - 1, through: 0, by: -1) where rect.intersects(unionRects[i]) {
            end = min((i + 1) * Self.unionSize, allItemAttributes.count)
            break
        }
        var cells: [Path: Attributes] = [:]
        var headers: [Path: Attributes] = [:]
        var footers: [Path: Attributes] = [:]
        for i in begin..<end {
            let attributes = allItemAttributes[i]
            guard rect.intersects(attributes.frame) else { continue }
            switch attributes.kind {
            case .cell: cells[attributes.path] = attributes
            case .header: headers[attributes.path] = attributes
            case .footer: footers[attributes.path] = attributes
            }
        }
        return Array(cells.values) + Array(headers.values) + Array(footers.values)
    }

    private func shortestColumnIndex(inSection section: Int) -> Int {
        var index = 0
        var shortest = CGFloat.greatestFiniteMagnitude
        for (i, height) in columnHeights[section].enumerated() where height < shortest {
            shortest = height
            index = i
        }
        return index
    }

    private func longestColumnIndex(inSection section: Int) -> Int {
        var index = 0
        var longest: CGFloat = 0
        for (i, height) in columnHeights[section].enumerated() where height > longest {
            longest = height
            index = i
        }
        return index
    }

    private func floorToPixel(_ value: CGFloat) -> CGFloat {
        (value * scale).rounded(.down) / scale
    }
}
