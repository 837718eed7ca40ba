import CGtk
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// The engine's frames, shown in a `GtkPicture` as the player page does, are video frames.
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerPictureTests {
    let fixture: PlayerEngineFixture

    init() throws {
        fixture = try PlayerEngineFixture()
    }

    /// In either texture format (straight BGRA for cairo, premultiplied for GL), opaque.
    @Test(arguments: [false, true])
    func pictureShowsVideoFrames(drawnByCairo: Bool) throws {
        let clips = fixture.clips
        let engine = PlaybinEngine()
        engine.drawnByCairo = drawnByCairo
        var position = 0.0
        engine.onEvent = { if case .position(let seconds) = $0 { position = seconds } }
        let window = try #require(gtk_window_new())
        let windowPointer = UnsafeMutablePointer<GtkWindow>(OpaquePointer(window))
        let picture = try #require(gtk_picture_new())
        // As the player page does: each frame's texture goes into the picture.
        engine.onFrame = { gtk_picture_set_paintable(OpaquePointer(picture), engine.paintable) }
        engine.load(clips.clip)
        gtk_window_set_child(windowPointer, picture)
        gtk_window_set_default_size(windowPointer, 320, 180)
        gtk_window_present(windowPointer)
        defer { gtk_window_destroy(windowPointer) }
        engine.play()
        #expect(MainLoopBridge.run(until: { position > 0.5 }, timeout: 10))
        engine.pause()
        let paintable = try #require(gtk_picture_get_paintable(OpaquePointer(picture)))
        let pixels = try render(paintable, with: picture)
        // testsrc2 is a colourful pattern: a blank or black surface has a handful of colours.
        let colours = Set(pixels)
        #expect(colours.count > 50, "only \(colours.count) distinct colours")
        #expect(pixels.allSatisfy { $0 >> 24 == 0xFF }, "a video frame drawn with transparent pixels")
        engine.stop()
    }

    /// Renders `paintable` at the size of `widget` with the widget's window renderer (the
    /// renderer the picture draws with) and returns its pixels (BGRA words).
    private func render(_ paintable: OpaquePointer, with widget: UnsafeMutablePointer<GtkWidget>) throws -> [UInt32] {
        let width = Int(gtk_widget_get_width(widget))
        let height = Int(gtk_widget_get_height(widget))
        try #require(width > 0 && height > 0, "the picture was not allocated")
        let snapshot = try #require(gtk_snapshot_new())
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        let node = try #require(gtk_snapshot_free_to_node(snapshot))
        defer { gsk_render_node_unref(node) }
        let native = try #require(gtk_widget_get_native(widget))
        let renderer = try #require(gtk_native_get_renderer(native))
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        let texture = try #require(gsk_renderer_render_texture(renderer, node, &bounds))
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { buffer in
            gdk_texture_download(
                texture, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(width * 4))
        }
        return pixels
    }
}
