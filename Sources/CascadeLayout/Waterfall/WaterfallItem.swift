import Foundation

/// One item given to a `WaterfallLayout`: how tall it is, and whether it spans all columns.
///
/// The layout caches the sizing, so a container width change recomputes aspect-ratio heights
/// without asking anyone.
public struct WaterfallItem: Hashable, Sendable {
    /// How the item's height is found.
    public enum Sizing: Hashable, Sendable {
        /// A fixed height in points, whatever the width.
        case height(CGFloat)
        /// Height = width × ratio (height ÷ width), rounded to the device pixel.
        case aspectRatio(CGFloat)
        /// Ask the layout's `heightProvider` with the item's path and width (again after each
        /// width change); 0 without a provider.
        case provided
    }

    /// How the height is found.
    public var sizing: Sizing
    /// Whether the item spans every column, starting below the tallest one (an in-feed banner).
    public var spansAllColumns: Bool

    /// Creates an item.
    public init(sizing: Sizing, spansAllColumns: Bool = false) {
        self.sizing = sizing
        self.spansAllColumns = spansAllColumns
    }

    /// An item of a fixed height.
    public static func height(_ height: CGFloat, fullSpan: Bool = false) -> WaterfallItem {
        WaterfallItem(sizing: .height(height), spansAllColumns: fullSpan)
    }

    /// An item sized like content of `size` (a cover image): height = width × size.height ÷
    /// size.width, rounded to the device pixel. An invalid size (non-finite or non-positive
    /// side) gives a square.
    public static func size(_ size: CGSize, fullSpan: Bool = false) -> WaterfallItem {
        WaterfallItem(sizing: .aspectRatio(LayoutClamp.aspectRatio(of: size)), spansAllColumns: fullSpan)
    }

    /// An item whose height comes from the layout's height provider.
    public static func provided(fullSpan: Bool = false) -> WaterfallItem {
        WaterfallItem(sizing: .provided, spansAllColumns: fullSpan)
    }
}
