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

    @inline(__always)
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
            // NaN or negative → 1: one compare (NaN fails it), where `isNaN` tests bits.
            sizeValue = Float(ratio >= 0 ? min(ratio, LayoutClamp.maximumAspectRatio) : 1)
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
