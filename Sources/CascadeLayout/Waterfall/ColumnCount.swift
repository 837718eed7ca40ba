import Foundation

/// How many columns a waterfall section has.
public enum ColumnCount: Hashable, Sendable {
    /// Exactly this many columns (clamped to `1...LayoutClamp.maximumColumnCount`).
    case fixed(Int)
    /// As many columns as fit with each at least `minimumWidth` wide (at least 1). A
    /// non-finite or non-positive width is treated as 1 point.
    case adaptive(minimumWidth: CGFloat)
}
