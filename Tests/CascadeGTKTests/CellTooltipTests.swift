import CGtk
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeGTK

/// A cell's tooltip is its bound title, given when GTK asks for it (`query-tooltip`), never set
/// on the widget at bind time (which made GTK ask the display server for the pointer at once).
@MainActor @Suite(.serialized, .needsDisplay) struct CellTooltipTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    @Test func theTooltipIsTheBoundTitleAskedForOnDemand() throws {
        let cell = VideoCellWidget()
        let tooltip = try #require(
            g_object_new_with_properties(gtk_tooltip_get_type(), 0, nil, nil).map { OpaquePointer($0) })
        defer { g_object_unref(UnsafeMutableRawPointer(tooltip)) }
        #expect(gtk_widget_get_has_tooltip(cell.root) != 0)
        // Unbound: nothing to show.
        #expect(!cell.fillTooltip(tooltip))

        cell.bind(title: "Sunset over the bay", duration: "0:07")
        #expect(cell.tooltipText == "Sunset over the bay")
        #expect(cell.fillTooltip(tooltip))
        // Nothing was set on the widget itself: binding never triggers a tooltip query.
        #expect(gtk_widget_get_tooltip_text(cell.root) == nil)

        // A reused cell offers its new item's title.
        cell.bind(title: "Morning", duration: nil)
        #expect(cell.tooltipText == "Morning")
        #expect(cell.fillTooltip(tooltip))
        cell.bind(title: "", duration: nil)
        #expect(!cell.fillTooltip(tooltip))
    }
}
