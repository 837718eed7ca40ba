import CGtk
import Foundation
import Testing

@testable import CascadeGTK
@testable import CascadeScriptRunner

/// `Screenshot` saves a widget as it was last drawn. A draw queued since the last frame drops
/// that drawing until the next paint (GTK 4.8 clears the render nodes up to the window), so a
/// screenshot taken then has nothing to save; `saveDrawn` waits for the next frame instead (a
/// window-manager resize just before a script's screenshot is such a queued draw).
@MainActor @Suite(.serialized, .needsDisplay) struct ScreenshotTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    @Test func aDrawQueuedSinceTheLastFrameIsWaitedFor() async throws {
        let label = gtk_label_new("Cascade")!
        let window = gtk_window_new()!.as(GtkWindow.self)
        defer { gtk_window_destroy(window) }
        gtk_window_set_default_size(window, 200, 80)
        gtk_window_set_child(window, label)
        gtk_window_present(window)
        let root = window.widget
        var painted = 0
        let mapped = AccessibleChecks.pump {
            gtk_widget_get_mapped(root) != 0 && gtk_widget_get_frame_clock(root) != nil
        }
        try #require(mapped, "the window was not mapped")
        let clock = try #require(gtk_widget_get_frame_clock(root))
        let handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { painted += 1 }
        defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler) }
        let nextFrame = {
            let before = painted
            gtk_widget_queue_draw(root)
            _ = AccessibleChecks.pump { painted > before }
        }
        nextFrame()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-screenshot-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let drawn = dir.appendingPathComponent("drawn.png")
        try Screenshot.save(root, to: drawn)
        #expect(FileManager.default.fileExists(atPath: drawn.path))

        // A draw queued after the frame: the window's last drawing is gone until the next paint.
        gtk_widget_queue_draw(label)
        #expect(throws: Screenshot.Failure.emptyWidget) {
            try Screenshot.save(root, to: dir.appendingPathComponent("dropped.png"))
        }
        var waits = 0
        let waited = dir.appendingPathComponent("waited.png")
        try await Screenshot.saveDrawn(root, to: waited) {
            waits += 1
            nextFrame()
        }
        #expect(waits >= 1)
        let data = try Data(contentsOf: waited)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")

        // Never drawn again (the wait does not paint): it gives up after its attempts.
        gtk_widget_queue_draw(label)
        var attempts = 0
        await #expect(throws: Screenshot.Failure.emptyWidget) {
            try await Screenshot.saveDrawn(root, to: dir.appendingPathComponent("never.png"), attempts: 3) {
                attempts += 1
            }
        }
        #expect(attempts == 3)
    }
}
