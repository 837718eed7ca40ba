import Foundation

/// Everything that shapes a `WaterfallLayout` apart from its items and container width.
public struct WaterfallConfiguration: Hashable, Sendable {
    /// The style of every section without an override.
    public var section: WaterfallSectionStyle
    /// Per-section styles that replace `section` for the given section indices.
    public var sectionOverrides: [Int: WaterfallSectionStyle]
    /// Which column each item goes into.
    public var placement: ItemPlacement
    /// Left-to-right, or mirrored.
    public var direction: LayoutDirection
    /// Classic (sections start level) or continuous masonry.
    public var flow: SectionFlow
    /// Whether section headers stick to the top of the visible rect while their section is
    /// on screen.
    public var pinsHeaders: Bool
    /// The content is at least this tall (NaN or negative → 0).
    public var minimumContentHeight: CGFloat
    /// When true, changing an item's height keeps every item in its column (Android's
    /// staggered grid behaviour): only the items below it in its column, and everything after
    /// the next full-width element, move. When false (and placement is `.shortestColumn`)
    /// the items after it are placed again by the shortest-column rule.
    public var keepsColumnsOnHeightChange: Bool
    /// The display scale used to round aspect-ratio heights to device pixels (invalid → 1).
    public var displayScale: CGFloat

    /// Creates a configuration; the defaults are the reference feed's.
    public init(
        section: WaterfallSectionStyle = WaterfallSectionStyle(), sectionOverrides: [Int: WaterfallSectionStyle] = [:],
        placement: ItemPlacement = .shortestColumn, direction: LayoutDirection = .leftToRight,
        flow: SectionFlow = .classic, pinsHeaders: Bool = false, minimumContentHeight: CGFloat = 0,
        keepsColumnsOnHeightChange: Bool = false, displayScale: CGFloat = 2
    ) {
        self.section = section
        self.sectionOverrides = sectionOverrides
        self.placement = placement
        self.direction = direction
        self.flow = flow
        self.pinsHeaders = pinsHeaders
        self.minimumContentHeight = minimumContentHeight
        self.keepsColumnsOnHeightChange = keepsColumnsOnHeightChange
        self.displayScale = displayScale
    }

    /// The style of `section`: its override, or the default.
    public func style(forSection section: Int) -> WaterfallSectionStyle {
        sectionOverrides[section] ?? self.section
    }
}
