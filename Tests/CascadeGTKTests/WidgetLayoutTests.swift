import CGtk
import Foundation
import Testing

@testable import CascadeGTK

/// The host's widget set-up helpers (`align`, `expand`, `point(in:)`) set what the GTK calls they
/// stand for.
@MainActor @Suite(.serialized, .needsDisplay) struct WidgetLayoutTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    @Test func alignAndExpandSetBothDirections() {
        let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        g_object_ref_sink(widget.raw)
        defer { g_object_unref(widget.raw) }
        widget.align(GTK_ALIGN_END, GTK_ALIGN_CENTER)
        #expect(gtk_widget_get_halign(widget) == GTK_ALIGN_END)
        #expect(gtk_widget_get_valign(widget) == GTK_ALIGN_CENTER)
        widget.expand()
        #expect(gtk_widget_get_hexpand(widget) != 0)
        #expect(gtk_widget_get_vexpand(widget) != 0)
    }

    @Test func pointMapsWithinOneTreeAndIsZeroAcrossTrees() {
        let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let other = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        g_object_ref_sink(widget.raw)
        g_object_ref_sink(other.raw)
        defer {
            g_object_unref(widget.raw)
            g_object_unref(other.raw)
        }
        #expect(widget.point(x: 3, y: 7, in: widget) == CGPoint(x: 3, y: 7))
        #expect(widget.point(x: 3, y: 7, in: other) == .zero)
    }
}
