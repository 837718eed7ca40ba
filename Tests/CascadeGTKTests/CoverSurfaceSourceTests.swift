import CGtk
import Testing

@testable import CascadeGTK

/// `CoverSurfaces.setSource` draws a cover as `cairo_set_source_surface` does, but a recording
/// (a drawing area's node) holds the surface itself, not a copy-on-write snapshot that cairo
/// would fill with a copy of the pixels when the surface is destroyed.
@MainActor @Suite struct CoverSurfaceSourceTests {
    /// A `width` × `height` opaque surface of one colour (cairo's BGRX bytes) at `scale`.
    private func surface(_ width: Int, _ height: Int, blue: UInt8, scale: Int = 1) throws -> OpaquePointer {
        try #require(
            CoverSurfaces.make(width: width, height: height, format: CAIRO_FORMAT_RGB24, scale: scale) { data, stride in
                for y in 0..<height {
                    for x in 0..<width {
                        let pixel = data + y * stride + x * 4
                        pixel[0] = blue
                        pixel[1] = 0
                        pixel[2] = 0
                        pixel[3] = 0
                    }
                }
            })
    }

    /// A recording of `surface` drawn by `setSource` at (`x`, `y`) over `width` × `height`.
    private func record(_ surface: OpaquePointer, x: Double, y: Double, width: Double, height: Double) -> OpaquePointer
    {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        let cr = cairo_create(recording)!
        CoverSurfaces.setSource(cr, surface, x: x, y: y)
        cairo_paint(cr)
        cairo_destroy(cr)
        return recording
    }

    /// The blue byte of each pixel of row `row` after replaying `recording` into a `width`-wide image.
    private func blues(_ recording: OpaquePointer, width: Int32, height: Int32, row: Int) -> [UInt8] {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(image) }
        let cr = cairo_create(image)!
        cairo_set_source_surface(cr, recording, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(image)
        let data = cairo_image_surface_get_data(image)!
        let stride = Int(cairo_image_surface_get_stride(image))
        return (0..<Int(width)).map { data[row * stride + $0 * 4] }
    }

    @Test func aRecordingReadsTheSurfaceItselfNotASnapshot() throws {
        let cover = try surface(4, 4, blue: 200)
        let recording = record(cover, x: 0, y: 0, width: 4, height: 4)
        defer { cairo_surface_destroy(recording) }
        #expect(blues(recording, width: 4, height: 4, row: 1) == [200, 200, 200, 200])
        // Painted over after recording: a copy-on-write snapshot would still replay 200.
        cairo_surface_flush(cover)
        cairo_image_surface_get_data(cover)![4 + 2 * Int(cairo_image_surface_get_stride(cover))] = 50
        cairo_surface_mark_dirty(cover)
        #expect(blues(recording, width: 4, height: 4, row: 2) == [200, 50, 200, 200])
        cairo_surface_destroy(cover)
    }

    @Test func theRecordingKeepsTheSurfaceAliveAndThenLetsItGo() throws {
        let cover = try surface(4, 4, blue: 120)
        let recording = record(cover, x: 0, y: 0, width: 4, height: 4)
        #expect(cairo_surface_get_reference_count(cover) > 1, "the recording holds a reference")
        let watched = cairo_surface_reference(cover)!
        cairo_surface_destroy(cover)
        #expect(blues(recording, width: 4, height: 4, row: 0) == [120, 120, 120, 120])
        cairo_surface_destroy(recording)
        #expect(cairo_surface_get_reference_count(watched) == 1, "every reference the pattern took is given back")
        cairo_surface_destroy(watched)
    }

    @Test func aSurfaceAtTwiceTheScaleCoversHalfAsManyPoints() throws {
        // 4 × 4 pixels at scale 2 are 2 × 2 points: at (1, 1) they cover points 1 and 2 of a row.
        let cover = try surface(4, 4, blue: 90, scale: 2)
        defer { cairo_surface_destroy(cover) }
        let recording = record(cover, x: 1, y: 1, width: 4, height: 4)
        defer { cairo_surface_destroy(recording) }
        #expect(blues(recording, width: 4, height: 4, row: 0) == [0, 0, 0, 0])
        #expect(blues(recording, width: 4, height: 4, row: 2) == [0, 90, 90, 0])
    }
}
