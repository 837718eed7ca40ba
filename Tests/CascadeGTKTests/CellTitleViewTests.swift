import CGtk
import Foundation
import Testing

@testable import CascadeGTK

/// A cell's title drawn by `CellTitleView`, in pixels: centred, wrapped to its lines with the
/// last one ellipsized, refitted when the width changes, and never outside its band.
@MainActor @Suite(.serialized, .needsDisplay) struct CellTitleViewTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
        Stylesheet.install()
    }

    /// A title view inside a cell, so the app's stylesheet gives it the cells' title font and colour.
    static func titleInACell() -> (view: CellTitleView, cell: UnsafeMutablePointer<GtkWidget>) {
        let cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        g_object_ref_sink(cell.raw)
        gtk_widget_add_css_class(cell, "video-cell")
        let view = CellTitleView()
        gtk_box_append(cell.as(GtkBox.self), view.widget)
        return (view, cell)
    }

    /// Where a drawing put ink: its bounding box in pixels (nil: none).
    struct Ink {
        let minX: Int, maxX: Int, minY: Int, maxY: Int
        var centreX: Double { Double(minX + maxX + 1) / 2 }
        var centreY: Double { Double(minY + maxY + 1) / 2 }
    }

    /// Draws `view` at `width` × `height` on a white surface twice as large, so ink outside the
    /// band would be seen.
    static func drawn(_ view: CellTitleView, width: Int32, height: Int32) -> Ink? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 2 * width + 10, 2 * height + 10)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        view.draw(into: cr, width: width, height: height)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var box: (Int, Int, Int, Int)?
        for y in 0..<Int(cairo_image_surface_get_height(surface)) {
            for x in 0..<Int(cairo_image_surface_get_width(surface)) {
                let p = data + y * stride + x * 4
                guard min(p[0], p[1], p[2]) < 160 else { continue }
                box = box.map { (min($0.0, x), max($0.1, x), min($0.2, y), max($0.3, y)) } ?? (x, x, y, y)
            }
        }
        return box.map { Ink(minX: $0.0, maxX: $0.1, minY: $0.2, maxY: $0.3) }
    }

    /// In a window, the title takes the stylesheet's colour and font, the font a label with the
    /// same style class gets (13 pt, not the theme's default), and is shaped in it.
    @Test func theStylesheetGivesTheTitleItsFontAndColour() throws {
        let (view, cell) = Self.titleInACell()
        defer { g_object_unref(cell.raw) }
        let label = gtk_label_new("Editors' choice")!
        gtk_widget_add_css_class(label, "title")
        gtk_box_append(cell.as(GtkBox.self), label)
        view.show("Editors' choice")
        let window = gtk_window_new()!.as(GtkWindow.self)
        defer { gtk_window_destroy(window) }
        gtk_window_set_child(window, cell)
        gtk_window_present(window)
        func font(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
            pango_context_get_font_description(gtk_widget_get_pango_context(widget))
        }
        let styled = AccessibleChecks.pump {
            pango_font_description_equal(font(view.widget), font(label)) != 0
                && gtk_widget_get_mapped(view.widget) != 0
        }
        #expect(styled, "\(String(cString: pango_font_description_to_string(font(view.widget))))")
        let size = Double(pango_font_description_get_size(font(view.widget))) / Double(PANGO_SCALE)
        #expect(abs(size - 13) < 0.5 || abs(size - 13 * 4 / 3) < 0.5, "13 pt: \(size)")
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(view.widget), &color)
        // `.video-cell .title { font-size: 13pt; color: @view_fg_color; }`: libadwaita's light
        // style gives rgba(0, 0, 0, 0.8).
        #expect(color.red < 0.01 && color.blue < 0.01 && abs(color.alpha - 0.8) < 0.01, "\(color)")
        _ = Self.drawn(view, width: 400, height: 60)
        var shaped = PangoRectangle()
        var labelShaped = PangoRectangle()
        pango_layout_get_pixel_extents(view.layout, nil, &shaped)
        pango_layout_get_pixel_extents(gtk_label_get_layout(OpaquePointer(label)), nil, &labelShaped)
        #expect(shaped.height == labelShaped.height && abs(shaped.width - labelShaped.width) <= 1)
    }

    static func lineCount(_ view: CellTitleView) -> Int32 { pango_layout_get_line_count(view.layout) }

    @Test func aShortTitleIsCentredOnOneLine() throws {
        let (view, cell) = Self.titleInACell()
        defer { g_object_unref(cell.raw) }
        view.show("Short")
        let ink = try #require(Self.drawn(view, width: 240, height: 50))
        #expect(Self.lineCount(view) == 1)
        #expect(pango_layout_is_ellipsized(view.layout) == 0)
        #expect(abs(ink.centreX - 120) <= 2, "centred across: \(ink)")
        #expect(abs(ink.centreY - 25) <= 4, "centred down: \(ink)")
    }

    @Test func aLongTitleWrapsToItsLinesAndEllipsizesTheLast() throws {
        let (view, cell) = Self.titleInACell()
        defer { g_object_unref(cell.raw) }
        view.show(String(repeating: "A long title that goes on ", count: 12))
        view.setLines(2)
        let two = try #require(Self.drawn(view, width: 200, height: 60))
        #expect(Self.lineCount(view) == 2)
        #expect(pango_layout_is_ellipsized(view.layout) != 0)
        #expect(two.maxX < 200 && two.maxY < 60, "inside the band: \(two)")
        view.setLines(1)
        let one = try #require(Self.drawn(view, width: 200, height: 60))
        #expect(Self.lineCount(view) == 1)
        #expect(pango_layout_is_ellipsized(view.layout) != 0)
        #expect(one.maxY - one.minY < two.maxY - two.minY, "one line is shorter: \(one) vs \(two)")
        // No break opportunity at all (one long word): cut by characters, still two lines.
        view.setLines(2)
        view.show(String(repeating: "W", count: 5_000))
        _ = try #require(Self.drawn(view, width: 200, height: 60))
        #expect(Self.lineCount(view) == 2)
    }

    @Test func aNewWidthRefitsTheText() throws {
        let (view, cell) = Self.titleInACell()
        defer { g_object_unref(cell.raw) }
        view.show("Editors' choice: a longer title that has to wrap")
        let wide = try #require(Self.drawn(view, width: 400, height: 60))
        let narrow = try #require(Self.drawn(view, width: 120, height: 60))
        #expect(narrow.maxX < 120, "ink reaches \(narrow.maxX) in a 120 px band")
        #expect(abs(narrow.centreX - 60) <= 3 && abs(wide.centreX - 200) <= 3, "\(narrow) \(wide)")
    }

    @Test func aBandShorterThanALineKeepsTheTopOfTheText() throws {
        let (view, cell) = Self.titleInACell()
        defer { g_object_unref(cell.raw) }
        view.show("Tight")
        let ink = try #require(Self.drawn(view, width: 200, height: 8))
        #expect(ink.minY <= 4, "the text starts at the band's top: \(ink)")
    }

    @Test func nothingIsDrawnWithoutTextOrRoom() {
        let (view, cell) = Self.titleInACell()
        defer { g_object_unref(cell.raw) }
        #expect(Self.drawn(view, width: 200, height: 40) == nil)
        view.show("Text")
        #expect(Self.drawn(view, width: 0, height: 40) == nil)
    }
}
