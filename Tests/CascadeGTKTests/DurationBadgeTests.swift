import CGtk
import Foundation
import Testing

@testable import CascadeGTK

/// A cover's duration badge (`DurationBadge`): the stylesheet's font and colour, a pill of the
/// text plus its padding with rounded corners, one texture per text shared by the badges that
/// show it, and nothing for an empty text.
@MainActor @Suite(.serialized, .needsDisplay) struct DurationBadgeTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
        Stylesheet.install()
    }

    /// Badges inside a cell (so `.video-cell .badge` styles them), in a shown window.
    static func shownBadges(_ count: Int) -> (badges: [DurationBadge], window: UnsafeMutablePointer<GtkWindow>) {
        let cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(cell, "video-cell")
        let badges = (0..<count).map { _ in DurationBadge() }
        for badge in badges { gtk_box_append(cell.as(GtkBox.self), badge.widget) }
        let window = gtk_window_new()!.as(GtkWindow.self)
        gtk_window_set_child(window, cell)
        gtk_window_present(window)
        _ = AccessibleChecks.pump { gtk_widget_get_mapped(cell) != 0 }
        return (badges, window)
    }

    /// The badge's size as measured, in points, less its 6 px CSS margins.
    static func measured(_ badge: DurationBadge) -> (width: Int32, height: Int32) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_widget_measure(badge.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &width, nil, nil)
        gtk_widget_measure(badge.widget, GTK_ORIENTATION_VERTICAL, -1, nil, &height, nil, nil)
        return (width - 12, height - 12)
    }

    /// The badge drawn on a transparent surface of its size: premultiplied BGRA bytes.
    static func drawn(_ badge: DurationBadge, width: Int32, height: Int32) -> (bytes: [UInt8], stride: Int) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        badge.draw(into: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return (Array(UnsafeBufferPointer(start: data, count: stride * Int(height))), stride)
    }

    @Test func thePillIsTheTextAndItsPaddingWithRoundedCorners() throws {
        let (badges, window) = Self.shownBadges(1)
        defer { gtk_window_destroy(window) }
        let badge = badges[0]
        badge.show("12:34")
        // The text as the stylesheet sets it (9 pt bold), laid out as a label of the class would be.
        let label = gtk_label_new("12:34")!
        gtk_widget_add_css_class(label, "badge")
        gtk_box_append(gtk_widget_get_parent(badge.widget)!.as(GtkBox.self), label)
        var text = PangoRectangle()
        pango_layout_get_pixel_extents(gtk_label_get_layout(OpaquePointer(label)), nil, &text)
        let size = Self.measured(badge)
        #expect(size.width == text.width + 10 && size.height == text.height + 2, "\(size) for text \(text)")

        let (pixels, stride) = Self.drawn(badge, width: size.width, height: size.height)
        func pixel(_ x: Int32, _ y: Int32) -> (blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
            let i = Int(y) * stride + Int(x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        // The corners are cut (4 px radius); the pill is black at 60 % (153) inside its edges ...
        for (x, y) in [(0, 0), (size.width - 1, 0), (0, size.height - 1), (size.width - 1, size.height - 1)] {
            #expect(pixel(x, y).alpha < 40, "corner (\(x), \(y)): \(pixel(x, y))")
        }
        let edge = pixel(size.width / 2, 0)
        #expect(abs(Int(edge.alpha) - 153) <= 2 && edge.red < 8, "top edge: \(edge)")
        // ... and the text on it is white (`color: white`).
        var white = 0
        for y in 0..<size.height {
            for x in 0..<size.width where pixel(x, y).alpha > 250 && min(pixel(x, y).red, pixel(x, y).blue) > 240 {
                white += 1
            }
        }
        #expect(white >= 20, "\(white) white pixels of text")
    }

    @Test func badgesOfTheSameTextShareOneTexture() throws {
        let (badges, window) = Self.shownBadges(3)
        defer { gtk_window_destroy(window) }
        badges[0].show("0:13")
        badges[1].show("0:13")
        badges[2].show("0:14")
        let first = try #require(badges[0].texture)
        #expect(badges[1].texture == first)
        #expect(badges[2].texture != first)
        // Shown again, the first text takes its texture back.
        badges[2].show("0:13")
        #expect(badges[2].texture == first)
        #expect(badges[2].text == "0:13")
    }

    @Test func anEmptyTextDrawsNothing() {
        let (badges, window) = Self.shownBadges(1)
        defer { gtk_window_destroy(window) }
        badges[0].show("")
        #expect(Self.measured(badges[0]) == (0, 0))
        #expect(badges[0].texture == nil)
        let (pixels, _) = Self.drawn(badges[0], width: 8, height: 8)
        #expect(pixels.allSatisfy { $0 == 0 })
    }
}
