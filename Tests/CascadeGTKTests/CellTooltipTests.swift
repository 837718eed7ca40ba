import CGtk
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeGTK

/// A cell's tooltip is its bound title, given when GTK asks for it (`query-tooltip`), never set
/// on the widget at bind time (which made GTK ask the display server for the pointer at once),
/// and only while the feed holds still.
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

    /// Content gliding under a resting pointer makes GTK ask for the tooltip of whichever cell is
    /// under it: the cells refuse from the first moved offset until the offset has rested.
    @Test func cellsOfferTheirTitlesOnlyWhileTheFeedHoldsStill() async throws {
        let model = AccessibilityTests.oneFullPageModel(items: 120)
        let (view, window) = AccessibilityTests.startedFeed(model)
        defer {
            view.stop()
            gtk_window_destroy(window)
        }
        let tooltip = try #require(
            g_object_new_with_properties(gtk_tooltip_get_type(), 0, nil, nil).map { OpaquePointer($0) })
        defer { g_object_unref(UnsafeMutableRawPointer(tooltip)) }
        func offers() -> [Bool] {
            view.cellsInChildOrder.compactMap { view.cell(forItem: $0)?.fillTooltip(tooltip) }
        }
        #expect(
            await AccessibleChecks.pumpAsync {
                model.items.count == 120 && view.maxOffset > 3000 && !view.cellsInChildOrder.isEmpty
            })
        #expect(AccessibleChecks.pump { view.isHoldingStill })
        #expect(!offers().isEmpty && offers().allSatisfy { $0 }, "\(offers())")

        for offset in [1200.0, 1250, 0] {
            view.scroll(to: offset)
            // The adjustment's handler runs once the main loop turns (this test is not on its thread).
            #expect(AccessibleChecks.pump { !view.isHoldingStill }, "at \(offset)")
            #expect(!offers().isEmpty && offers().allSatisfy { !$0 }, "at \(offset): \(offers())")
            #expect(AccessibleChecks.pump { view.isHoldingStill }, "at \(offset)")
            #expect(!offers().isEmpty && offers().allSatisfy { $0 }, "at \(offset): \(offers())")
        }
    }
}
