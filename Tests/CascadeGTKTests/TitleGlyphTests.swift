import CGtk
import Foundation
import Testing

@testable import CascadeGTK

/// Titles in Chinese, Japanese, Korean, Arabic and with emoji render as glyphs, not as
/// missing-glyph boxes ("tofu"), through the cells' own title label.
///
/// Two checks per title: Pango finds a font for every glyph of the cell's layout
/// (`pango_layout_get_unknown_glyphs_count`), and, pixel by pixel, each character drawn the
/// cell's way differs from the box Pango draws for that character when it has no font for it
/// (the same layout with font fallback turned off, so only the primary Latin font is tried).
@MainActor @Suite(.serialized, .needsDisplay) struct TitleGlyphTests {
    nonisolated static let titles = ["旅行日记：成都美食", "京都の桜と寺", "서울 야경 산책", "رحلة إلى البحر", "🎬🌸 Café"]

    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    @Test(arguments: titles)
    func everyGlyphOfTheTitleHasAFont(title: String) throws {
        let cell = VideoCellWidget()
        cell.bind(title: title, duration: "0:07")
        cell.apply(size: CGSize(width: 240, height: 300))
        let layout = cell.title.layout
        #expect(String(cString: pango_layout_get_text(layout)) == title)
        // The whole title on one line (the label's own layout is ellipsized to the cell's width,
        // and an ellipsis hides the glyphs it replaces).
        let line = try #require(Self.copy(layout, text: title, fallback: true))
        defer { g_object_unref(UnsafeMutableRawPointer(line)) }
        #expect(pango_layout_get_unknown_glyphs_count(line) == 0)

        var boxesCompared = 0
        for character in title where !character.isWhitespace {
            let drawn = try #require(Self.copy(layout, text: String(character), fallback: true))
            let withoutFallback = try #require(Self.copy(layout, text: String(character), fallback: false))
            defer {
                g_object_unref(UnsafeMutableRawPointer(drawn))
                g_object_unref(UnsafeMutableRawPointer(withoutFallback))
            }
            #expect(pango_layout_get_unknown_glyphs_count(drawn) == 0, "\(character) in \(title)")
            guard pango_layout_get_unknown_glyphs_count(withoutFallback) > 0 else { continue }
            // The primary font lacks this character: its box is the tofu the cell must not show.
            boxesCompared += 1
            let glyph = Self.render(drawn)
            let box = Self.render(withoutFallback)
            #expect(glyph.inked > 0, "\(character) drew nothing")
            #expect(glyph != box, "\(character) in \(title) draws as its missing-glyph box")
        }
        // Every title but the Arabic one (DejaVu Sans, the primary font, has Arabic) has characters
        // only a fallback font draws: the comparison above really ran for them.
        if title != "رحلة إلى البحر" {
            #expect(boxesCompared > 0)
        }
    }

    @Test func theBoxComparisonDetectsTofu() throws {
        // U+10FFFD (private use) is in no installed font: drawn the cell's way it is a box, and
        // the comparison must see it as one.
        let cell = VideoCellWidget()
        cell.bind(title: "\u{10FFFD}", duration: nil)
        let layout = cell.title.layout
        #expect(pango_layout_get_unknown_glyphs_count(layout) == 1)
        let drawn = try #require(Self.copy(layout, text: "\u{10FFFD}", fallback: true))
        let withoutFallback = try #require(Self.copy(layout, text: "\u{10FFFD}", fallback: false))
        defer {
            g_object_unref(UnsafeMutableRawPointer(drawn))
            g_object_unref(UnsafeMutableRawPointer(withoutFallback))
        }
        let glyph = Self.render(drawn)
        #expect(glyph.inked > 0)
        #expect(glyph == Self.render(withoutFallback))
    }

    // MARK: Helpers

    /// A grey-level raster of a layout drawn black on white.
    struct Raster: Equatable {
        let width: Int32
        let height: Int32
        let pixels: [UInt8]
        /// Pixels darker than mid-grey or coloured (emoji).
        var inked: Int { pixels.count { $0 < 128 } }
    }

    /// `layout`'s font, size and context with `text` on one line; fallback off limits it to the
    /// primary font, which draws missing-glyph boxes for everything that font lacks.
    static func copy(_ layout: OpaquePointer, text: String, fallback: Bool) -> OpaquePointer? {
        guard let copy = pango_layout_copy(layout) else { return nil }
        pango_layout_set_width(copy, -1)
        pango_layout_set_ellipsize(copy, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_text(copy, text, -1)
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_fallback_new(fallback ? 1 : 0))
        pango_layout_set_attributes(copy, attributes)
        pango_attr_list_unref(attributes)
        return copy
    }

    /// Draws `layout` with pango-cairo (the rasteriser GTK uses for text) and returns its grey levels.
    static func render(_ layout: OpaquePointer) -> Raster {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let width = max(1, logical.width)
        let height = max(1, logical.height)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        pango_cairo_show_layout(cr, layout)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            return Raster(width: width, height: height, pixels: [])
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(Int(width) * Int(height))
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let p = data + y * stride + x * 4  // B, G, R, unused (little-endian RGB24)
                pixels.append(min(p[0], p[1], p[2]))
            }
        }
        return Raster(width: width, height: height, pixels: pixels)
    }
}
