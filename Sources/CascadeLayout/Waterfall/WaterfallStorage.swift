import Foundation

/// One item's stored placement and sizing: 24 bytes, kept in one contiguous array.
///
/// x and width are not stored: they follow from the column and the section's geometry.
/// `y` is relative to the block delta of the item's lane (see `Lane`), which lets a height
/// change shift everything below it in O(n / 256) instead of O(n).
struct ItemRecord {
    /// The top, minus the lane's block delta.
    var y: Double
    /// The resolved height (Float32 keeps the record small; heights are pixel-rounded values
    /// far inside its exact range).
    var height: Float
    /// The aspect ratio or fixed height, depending on `sizing`.
    var sizeValue: Float
    /// The position of the item in its lane.
    var lanePosition: Int32
    /// The column, or `ItemRecord.spanLane` for full-span items.
    var column: UInt16
    /// `Sizing` kind in the low 2 bits.
    var sizing: UInt8

    static let spanLane = UInt16.max
    static let fixedHeight: UInt8 = 0
    static let aspectRatio: UInt8 = 1
    static let provided: UInt8 = 2

    init(item: WaterfallItem) {
        y = 0
        height = 0
        lanePosition = 0
        column = item.spansAllColumns ? Self.spanLane : 0
        switch item.sizing {
        case .height(let h):
            sizing = Self.fixedHeight
            sizeValue = Float(LayoutClamp.itemHeight(h))
        case .aspectRatio(let ratio):
            sizing = Self.aspectRatio
            sizeValue = Float(ratio.isNaN || ratio < 0 ? 1 : min(ratio, LayoutClamp.maximumAspectRatio))
        case .provided:
            sizing = Self.provided
            sizeValue = 0
        }
    }

    var spansAllColumns: Bool { column == Self.spanLane }

    var item: WaterfallItem {
        let sizing: WaterfallItem.Sizing =
            switch self.sizing {
            case Self.fixedHeight: .height(CGFloat(sizeValue))
            case Self.aspectRatio: .aspectRatio(CGFloat(sizeValue))
            default: .provided
            }
        return WaterfallItem(sizing: sizing, spansAllColumns: spansAllColumns)
    }
}

/// The items of one column (or the full-span items), in placement order, which is also y order.
///
/// Positions are grouped in blocks of 256 sharing a y delta, so shifting a suffix of the lane
/// touches at most 256 records plus one delta per later block.
struct Lane {
    /// Global item indices, increasing (and so y increasing).
    var items: [Int32] = []
    /// One y delta per block of `Lane.blockSize` positions.
    var deltas: [Double] = []

    static let blockShift = 8
    static let blockSize = 1 << blockShift

    /// The first position whose item index is >= `index`.
    func lowerBound(_ index: Int) -> Int {
        var low = 0
        var high = items.count
        let target = Int32(truncatingIfNeeded: index)
        while low < high {
            let mid = (low + high) >> 1
            if items[mid] < target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Drops every position whose item index is >= `index`.
    mutating func truncate(at index: Int) {
        let position = lowerBound(index)
        guard position < items.count else { return }
        items.removeSubrange(position...)
        deltas.removeSubrange(((position + Lane.blockSize - 1) >> Lane.blockShift)...)
    }

    /// The bytes this lane holds.
    var allocatedBytes: Int { items.capacity * 4 + deltas.capacity * 8 }
}

/// One section's resolved geometry and the y positions of its parts.
struct SectionRecord {
    /// Global index of the section's first item.
    var start: Int
    var count: Int
    var geometry: SectionGeometry
    /// Whether the section carries on the columns of the previous one (continuous flow).
    var joinsPrevious = false
    /// The first section of the chain of joined sections this one belongs to.
    var chainStart = 0
    /// Where the section (its header) starts; for joined sections, the chain's top.
    var top: Double = 0
    /// Where the chain's items start (below header and top inset).
    var itemsTop: Double = 0
    var headerY: Double = 0
    var footerY: Double = 0
    /// Where the section ends; for joined sections, the chain's end.
    var bottom: Double = 0

    var end: Int { start + count }
}
