import Foundation

/// Insets around a block of content: top, left, bottom, right (Foundation on Linux has no
/// edge-insets type).
public struct LayoutInsets: Hashable, Sendable {
    /// The inset above the content.
    public var top: CGFloat
    /// The inset at the leading (left) edge.
    public var left: CGFloat
    /// The inset below the content.
    public var bottom: CGFloat
    /// The inset at the trailing (right) edge.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all value: CGFloat) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No insets.
    public static let zero = LayoutInsets()

    /// The insets with every non-finite or negative value replaced by 0.
    public var sanitized: LayoutInsets {
        LayoutInsets(
            top: LayoutClamp.length(top), left: LayoutClamp.length(left), bottom: LayoutClamp.length(bottom),
            right: LayoutClamp.length(right))
    }
}
