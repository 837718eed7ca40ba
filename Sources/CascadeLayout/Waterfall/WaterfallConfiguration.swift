import Foundation

/// How many columns a waterfall section has.
public enum ColumnCount: Hashable, Sendable {
    /// Exactly this many columns (clamped to `1...LayoutClamp.maximumColumnCount`).
    case fixed(Int)
    /// As many columns as fit with each at least `minimumWidth` wide (at least 1). A
    /// non-finite or non-positive width is treated as 1 point.
    case adaptive(minimumWidth: CGFloat)
}

/// Which column the next item goes into.
public enum ItemPlacement: Hashable, Sendable {
    /// The currently shortest column; ties go to the leftmost (the reference behaviour).
    case shortestColumn
    /// Columns in turn from left to right (`n % columns`), ignoring their heights.
    case leftToRight
    /// Columns in turn from right to left.
    case rightToLeft
}

/// The horizontal layout direction. `.rightToLeft` mirrors every x coordinate, so column 0 is
/// the rightmost column.
public enum LayoutDirection: Hashable, Sendable {
    /// Column 0 at the left.
    case leftToRight
    /// Column 0 at the right; x mirrored.
    case rightToLeft
}

/// How a section's items start relative to the previous section.
public enum SectionFlow: Hashable, Sendable {
    /// Each section starts level, below the tallest column of the previous one.
    case classic
    /// Masonry continues across sections: each column carries on below its own last item.
    ///
    /// Two neighbouring sections join only when the first has no footer, the second has no
    /// header, and both have the same column count, spacings and left/right insets; the
    /// top/bottom section insets between joined sections are not applied. Otherwise the next
    /// section starts level as in `.classic`.
    case continuous
}

/// The metrics of one waterfall section; every value can differ between sections.
///
/// Invalid values are clamped (see `LayoutClamp`): non-finite or negative spacings, insets and
/// heights become 0; insets wider than the container are scaled down to fit it; column
/// spacing wider than the room left for it shrinks so columns have zero width.
public struct WaterfallSectionStyle: Hashable, Sendable {
    /// The number of columns.
    public var columns: ColumnCount
    /// Horizontal space between columns.
    public var columnSpacing: CGFloat
    /// Vertical space between items in a column (and around full-span items).
    public var rowSpacing: CGFloat
    /// Insets around the section's items.
    public var insets: LayoutInsets
    /// The header's height; 0 means no header view (and its insets are not applied).
    public var headerHeight: CGFloat
    /// Insets around the header.
    public var headerInsets: LayoutInsets
    /// The footer's height; 0 means no footer view (and its insets are not applied).
    public var footerHeight: CGFloat
    /// Insets around the footer.
    public var footerInsets: LayoutInsets

    /// Creates a section style. The defaults are the reference feed's: 2 columns, spacing 10,
    /// insets 10, no header or footer.
    public init(
        columns: ColumnCount = .fixed(2), columnSpacing: CGFloat = 10, rowSpacing: CGFloat = 10,
        insets: LayoutInsets = LayoutInsets(all: 10), headerHeight: CGFloat = 0, headerInsets: LayoutInsets = .zero,
        footerHeight: CGFloat = 0, footerInsets: LayoutInsets = .zero
    ) {
        self.columns = columns
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.insets = insets
        self.headerHeight = headerHeight
        self.headerInsets = headerInsets
        self.footerHeight = footerHeight
        self.footerInsets = footerInsets
    }
}

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
