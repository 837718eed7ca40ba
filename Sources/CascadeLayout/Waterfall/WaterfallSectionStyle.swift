import Foundation

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
