import CGtk
import Foundation
import Testing

@testable import CascadeGTK

/// Ctrl+F's search bar takes the keys typed right after it: GTK 4.8 drops a key event when any
/// widget from the window down to the focused one is not realized, and the bar's revealer maps
/// (and so realizes) the field only at its slide's first frame, which a busy main loop delays.
@MainActor @Suite(.serialized, .needsDisplay) struct FeedSearchTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    @Test func theFieldTakesKeysAsSoonAsTheBarOpensBeforeItsFirstFrame() throws {
        let search = FeedSearch()
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(box.as(GtkBox.self), search.bar)
        gtk_box_append(box.as(GtkBox.self), gtk_label_new("the channel page"))
        let window = AccessibilityTests.window(showing: box)
        defer { gtk_window_destroy(window) }
        #expect(AccessibleChecks.pump { gtk_widget_get_mapped(search.bar) != 0 }, "the window never mapped")

        // No main-loop iteration between opening and the check: as when keys already queued
        // are handled before the next frame.
        search.open()
        let focus = try #require(gtk_root_get_focus(OpaquePointer(window)), "nothing has the focus")
        #expect(Self.typeName(focus) == "GtkText")
        var unrealized: [String] = []
        var widget: UnsafeMutablePointer<GtkWidget>? = focus
        while let current = widget {
            if gtk_widget_get_realized(current) == 0 { unrealized.append(Self.typeName(current)) }
            widget = gtk_widget_get_parent(current)
        }
        #expect(unrealized.isEmpty, "a key would stop at \(unrealized)")
    }

    private static func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        return String(cString: g_type_name_from_instance(instance))
    }
}
