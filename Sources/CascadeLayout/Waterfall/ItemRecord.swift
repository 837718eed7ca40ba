import Foundation

/// One item's stored placement and sizing: 24 bytes, kept in one contiguous array.
///
/// x and width are not stored: they follow from the column and the section's geometry.
/// `y` is relative to the block delta of the item's lane (see `Lane`), which lets a height
/// change shift everything below it in O(n / 256) instead of O(n).
struct ItemRecord {
    /// The top, minus the lane's block delta.
    var y: Double
    /// `height` (bits 0–31) and `sizeValue` (bits 32–63) in one word, so a placement loop
    /// writes them with one store.
    var sizes: UInt64
    /// `lanePosition` (bits 0–31, two's complement), `column` (bits 32–47) and `sizing`
    /// (bits 48–55) in one word, so a placement loop writes them with one store.
    var placement: UInt64

    static let spanLane = UInt16.max
    static let fixedHeight: UInt8 = 0
    static let aspectRatio: UInt8 = 1
    static let provided: UInt8 = 2
    /// Not a stored kind: what a run reads for a full-span item.
    static let spanSizing: UInt8 = 0xFF

    static let columnShift: UInt64 = 32
    static let sizingShift: UInt64 = 48

    /// A record with its placement word made of the three fields.
    @inline(__always)
    init(y: Double, height: Float, sizeValue: Float, lanePosition: Int32, column: UInt16, sizing: UInt8) {
        self.y = y
        sizes = Self.sizes(height: height, sizeValue: sizeValue)
        placement = Self.placement(lanePosition: lanePosition, column: column, sizing: sizing)
    }

    /// A record made with its placement word.
    @inline(__always)
    init(y: Double, height: Float, sizeValue: Float, placement: UInt64) {
        self.y = y
        sizes = Self.sizes(height: height, sizeValue: sizeValue)
        self.placement = placement
    }

    @inline(__always)
    init(item: WaterfallItem) {
        let (sizing, sizeValue) = Self.sizing(of: item.sizing)
        self.init(
            y: 0, height: 0, sizeValue: sizeValue, lanePosition: 0, column: item.spansAllColumns ? Self.spanLane : 0,
            sizing: sizing)
    }

    /// The `sizing` kind and `sizeValue` a record stores for `sizing`.
    @inline(__always)
    static func sizing(of sizing: WaterfallItem.Sizing) -> (kind: UInt8, value: Float) {
        switch sizing {
        case .height(let h):
            (fixedHeight, Float(LayoutClamp.itemHeight(h)))
        case .aspectRatio(let ratio):
            // 0...maximum (the feed's case) in one integer compare: non-negative doubles are
            // ordered like their bit patterns, and negative ones and NaN have larger patterns.
            if Double(ratio).bitPattern <= Double(LayoutClamp.maximumAspectRatio).bitPattern {
                (aspectRatio, Float(ratio))
            } else {
                // NaN or negative → 1: one compare (NaN fails it), where `isNaN` tests bits.
                (aspectRatio, Float(ratio >= 0 ? min(ratio, LayoutClamp.maximumAspectRatio) : 1))
            }
        case .provided:
            (provided, 0)
        }
    }

    /// The placement word of the three fields.
    @inline(__always)
    static func placement(lanePosition: Int32, column: UInt16, sizing: UInt8) -> UInt64 {
        UInt64(UInt32(bitPattern: lanePosition)) | UInt64(truncatingIfNeeded: column) << columnShift | UInt64(
            truncatingIfNeeded: sizing) << sizingShift
    }

    /// The sizes word of a height and a size value.
    @inline(__always)
    static func sizes(height: Float, sizeValue: Float) -> UInt64 {
        UInt64(truncatingIfNeeded: height.bitPattern) | UInt64(truncatingIfNeeded: sizeValue.bitPattern) << 32
    }

    /// The resolved height (Float32 keeps the record small; heights are pixel-rounded values
    /// far inside its exact range).
    var height: Float {
        @inline(__always) get { Float(bitPattern: UInt32(truncatingIfNeeded: sizes)) }
        @inline(__always) set { sizes = sizes & ~0xFFFF_FFFF | UInt64(truncatingIfNeeded: newValue.bitPattern) }
    }

    /// The aspect ratio or fixed height, depending on `sizing`.
    var sizeValue: Float {
        @inline(__always) get { Float(bitPattern: UInt32(truncatingIfNeeded: sizes >> 32)) }
        @inline(__always) set {
            sizes = sizes & 0xFFFF_FFFF | UInt64(truncatingIfNeeded: newValue.bitPattern) << 32
        }
    }

    /// The position of the item in its lane.
    var lanePosition: Int32 {
        @inline(__always) get { Int32(truncatingIfNeeded: placement) }
        @inline(__always) set { placement = placement & ~0xFFFF_FFFF | UInt64(UInt32(bitPattern: newValue)) }
    }

    /// The column, or `ItemRecord.spanLane` for full-span items.
    var column: UInt16 {
        @inline(__always) get { UInt16(truncatingIfNeeded: placement >> Self.columnShift) }
        @inline(__always) set {
            placement =
                placement & ~(0xFFFF << Self.columnShift) | UInt64(truncatingIfNeeded: newValue) << Self.columnShift
        }
    }

    /// `Sizing` kind in the low 2 bits.
    var sizing: UInt8 {
        @inline(__always) get { UInt8(truncatingIfNeeded: placement >> Self.sizingShift) }
        @inline(__always) set {
            placement =
                placement & ~(0xFF << Self.sizingShift) | UInt64(truncatingIfNeeded: newValue) << Self.sizingShift
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
