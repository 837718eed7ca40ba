import CGtk
import CascadeScreens
import Foundation

/// A cell's title: plain text, centred, wrapped to at most `lines` lines and ellipsized, shaped
/// once per bind into one kept Pango layout. Not a GtkLabel, which shapes wrapped text for every
/// size request (Docs/PLATFORM_NOTES.md). Its font and colour are `.title`'s.
@MainActor
final class CellTitleView {
    /// The drawing area.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What the draw function draws; shared with GTK, which releases it with the widget.
    private let content: Content

    /// The layout and how to fit it; read by the draw function.
    private final class Content {
        let layout: OpaquePointer
        var lines: Int32 = 2
        init(layout: OpaquePointer) { self.layout = layout }
        deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    init() {
        widget = gtk_drawing_area_new()
        gtk_widget_add_css_class(widget, "title")
        // The cell's own accessible label carries the title (`describeForAccessibility`).
        Accessible.setRole(widget, GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_widget_set_can_target(widget, 0)
        let layout = gtk_widget_create_pango_layout(widget, nil)!
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        content = Content(layout: layout)
        let draw: GtkDrawingAreaDrawFunc = { area, cr, width, height, data in
            guard let area, let cr, let data else { return }
            let content = Unmanaged<Content>.fromOpaque(data).takeUnretainedValue()
            CellTitleView.draw(content, in: area.widget, cr, width: width, height: height)
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        gtk_drawing_area_set_draw_func(
            widget.as(GtkDrawingArea.self), draw, Unmanaged.passRetained(content).toOpaque(), release)
    }

    /// The layout as drawn (its font, wrapping and text).
    var layout: OpaquePointer { content.layout }
    /// The most lines the title wraps to.
    var lines: Int { Int(clamping: content.lines) }

    /// The text shown.
    var text: String { String(cString: pango_layout_get_text(content.layout)) }

    /// Shows `text` from the next frame on.
    func show(_ text: String) {
        pango_layout_set_text(content.layout, text, -1)
        gtk_widget_queue_draw(widget)
    }

    /// Wraps to at most `lines` lines (1…`VideoCellGeometry.maximumFittedTitleLines`; the last
    /// one ellipsized).
    func setLines(_ lines: Int) {
        let lines = Int32(clamping: min(max(1, lines), VideoCellGeometry.maximumFittedTitleLines))
        guard lines != content.lines else { return }
        content.lines = lines
        gtk_widget_queue_draw(widget)
    }

    /// Draws the title into `cr` as the widget does at `width` × `height` (for tests).
    func draw(into cr: OpaquePointer, width: Int32, height: Int32) {
        Self.draw(content, in: widget, cr, width: width, height: height)
    }

    private static func draw(
        _ content: Content, in area: UnsafeMutablePointer<GtkWidget>, _ cr: OpaquePointer, width: Int32, height: Int32
    ) {
        let layout = content.layout
        guard width > 0, height > 0, pango_layout_get_character_count(layout) > 0 else { return }
        // Setters keep the shaped lines for unchanged values; a new font reshapes by itself (context serial).
        pango_layout_set_width(layout, width.multipliedReportingOverflow(by: PANGO_SCALE).partialValue)
        pango_layout_set_height(layout, -content.lines)
        var extents = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &extents)
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(area), &color)
        gdk_cairo_set_source_rgba(cr, &color)
        // Centred on a whole pixel; a line taller than the band keeps its top and is clipped at the bottom.
        cairo_move_to(cr, 0, Double(max(0, (height - extents.height) / 2) - extents.y))
        pango_cairo_show_layout(cr, layout)
    }
}
