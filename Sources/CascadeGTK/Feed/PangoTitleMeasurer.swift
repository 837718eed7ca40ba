import CGtk
import CascadeNumerics
import CascadeScreens
import Foundation

/// Measures cell titles as `CellTitleView` draws them: a Pango layout made from the title widget
/// of a cell-styled box in the window, wrapped at the cell's width less the title's padding. The
/// box is visible but never mapped (`child-visible` off) and hidden from assistive technologies:
/// GTK computes the stylesheet, so the title font, only for visible widgets in a window.
///
/// A title's one-line width is cached, so at a new column width a title that fits on one line,
/// or one long enough to fill every line, costs a dictionary look-up; the cache empties when the
/// font changes.
@MainActor
package final class PangoTitleMeasurer: TitleMeasuring {
    /// The title whose font and wrapping the measurements follow, and the box styled as a cell.
    let title = CellTitleView()
    private let box: UnsafeMutablePointer<GtkWidget>
    private let layout: OpaquePointer
    /// Titles' one-line widths in Pango units, for the context serial they were measured in.
    private var naturalWidths: [String: Int32] = [:]
    private var serial: guint = 0
    private var measuredLineHeight: CGFloat = 0

    /// A landing page's titles are measured 1.5 ms at a time, 20 ms apart, on the main loop.
    package let slicing: TitleSlicing? = TitleSlicing(scheduler: GLibScheduler())

    /// The most one-line widths kept (a title is about 100 bytes: a few MB at most).
    static let cacheLimit = 50_000

    /// Creates a measurer whose unmapped cell box is the last child of `parent`, a GtkBox in the
    /// window (it takes no height there).
    package init(in parent: UnsafeMutablePointer<GtkWidget>) {
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        Accessible.setRole(box, GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_widget_add_css_class(box, "video-cell")
        gtk_box_append(box.as(GtkBox.self), title.widget)
        gtk_widget_set_child_visible(box, 0)
        gtk_widget_set_can_target(box, 0)
        gtk_box_append(parent.as(GtkBox.self), box)
        layout = gtk_widget_create_pango_layout(title.widget, nil)!
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    package var lineHeight: CGFloat {
        refreshIfFontChanged()
        return measuredLineHeight
    }

    package func lineCount(of title: String, cellWidth: CGFloat, maximumLines: Int) -> Int {
        refreshIfFontChanged()
        let maximum = Int32(clamping: max(1, maximumLines))
        let padding = Double(Stylesheet.titleHorizontalPadding) * 2
        guard cellWidth.isFinite, Double(cellWidth) - padding >= 1, !title.isEmpty else { return 1 }
        let textWidth = Int32(clamping: Int(saturating: Double(cellWidth) - padding)).multipliedReportingOverflow(
            by: PANGO_SCALE)
        guard !textWidth.overflow else { return 1 }
        let natural = Int(clamping: naturalWidth(of: title))
        let width = Int(clamping: textWidth.partialValue)
        if natural <= width { return 1 }
        // Each wrapped line holds at most `width`, less the spaces dropped at its break: a title
        // longer than `maximum - 1` lines and a quarter fills `maximum` (and is ellipsized there).
        if natural > Int(clamping: maximum - 1) * width + width / 4 { return Int(clamping: maximum) }
        pango_layout_set_text(layout, title, -1)
        pango_layout_set_width(layout, textWidth.partialValue)
        pango_layout_set_height(layout, -maximum)
        return Int(clamping: min(max(1, pango_layout_get_line_count(layout)), maximum))
    }

    /// `title`'s width on one line, in Pango units.
    private func naturalWidth(of title: String) -> Int32 {
        if let width = naturalWidths[title] { return width }
        pango_layout_set_text(layout, title, -1)
        pango_layout_set_width(layout, -1)
        pango_layout_set_height(layout, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        if naturalWidths.count >= Self.cacheLimit { naturalWidths.removeAll(keepingCapacity: true) }
        naturalWidths[title] = logical.width
        return logical.width
    }

    /// A new font (the context's serial moved) forgets the widths and measures the line again.
    private func refreshIfFontChanged() {
        let current = pango_context_get_serial(pango_layout_get_context(layout))
        guard current != serial || measuredLineHeight == 0 else { return }
        serial = current
        naturalWidths.removeAll(keepingCapacity: true)
        // Two lines less one: the line's height with the spacing between lines, as a wrapped title stacks them.
        pango_layout_set_width(layout, -1)
        pango_layout_set_height(layout, -1)
        var one = PangoRectangle()
        var two = PangoRectangle()
        pango_layout_set_text(layout, "Ag", -1)
        pango_layout_get_pixel_extents(layout, nil, &one)
        pango_layout_set_text(layout, "Ag\nAg", -1)
        pango_layout_get_pixel_extents(layout, nil, &two)
        measuredLineHeight = CGFloat(max(one.height, two.height - one.height, 1))
    }
}
