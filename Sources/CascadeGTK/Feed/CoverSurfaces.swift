import CGtk
import CascadeImages

/// The cairo image surfaces `CoverSurfaceView` draws under the cairo renderer: made at the
/// display's scale over a buffer written once, and repainted in place only when no one else holds
/// them.
@MainActor
package enum CoverSurfaces {
    /// A new surface of `image`'s pixels for a display of `scale`; nil when cairo refuses it.
    package static func surface(of image: DecodedImage, scale: Int) -> OpaquePointer? {
        // An opaque cover is an RGB24 surface: cairo then copies it rather than blending it.
        let format = image.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        return make(width: image.width, height: image.height, format: format, scale: scale) { data, stride in
            image.pixels.withUnsafeBytes { source in
                for y in 0..<image.height {
                    TextureFactory.convertRow(
                        from: source.baseAddress! + y * image.bytesPerRow, to: data + y * stride,
                        pixels: image.width, premultiply: image.hasAlpha)
                }
            }
        }
    }

    /// Whether `surface` may be painted over with a `width` × `height` image of `format`: of that
    /// size and format, and held by no one else (a cover from `CoverDrawingCache` is shared).
    package static func canRepaint(_ surface: OpaquePointer, width: Int, height: Int, format: cairo_format_t) -> Bool {
        cairo_surface_get_reference_count(surface) == 1 && cairo_image_surface_get_format(surface) == format
            && Int(clamping: cairo_image_surface_get_width(surface)) == width
            && Int(clamping: cairo_image_surface_get_height(surface)) == height
    }

    /// A new `width` × `height` surface of `format` for a display of `scale`, filled by
    /// `fill(data, bytesPerRow)`; nil when cairo refuses it.
    static func make(
        width: Int, height: Int, format: cairo_format_t, scale: Int,
        _ fill: (UnsafeMutablePointer<UInt8>, Int) -> Void
    ) -> OpaquePointer? {
        guard let (surface, data) = uninitialized(format: format, width: width, height: height) else {
            return nil
        }
        // At the display's scale (covers are decoded in device pixels), set before any frame records
        // the surface: later, cairo would copy its pixels for that frame (Docs/PLATFORM_NOTES.md).
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        cairo_surface_flush(surface)
        fill(data, Int(clamping: cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Makes `surface` (an image surface) `cr`'s source with its top-left corner at (`x`, `y`) in
    /// user space, as `cairo_set_source_surface` does, but through a raster-source pattern that
    /// holds a reference: cairo attaches a copy-on-write snapshot to a surface a recording draws
    /// (a drawing area's node is one) and copies its pixels when the surface is destroyed, even
    /// once no recording is left (Docs/PLATFORM_NOTES.md).
    nonisolated package static func setSource(_ cr: OpaquePointer, _ surface: OpaquePointer, x: Double, y: Double) {
        var scale = (x: 1.0, y: 1.0)
        cairo_surface_get_device_scale(surface, &scale.x, &scale.y)
        let held = UnsafeMutableRawPointer(cairo_surface_reference(surface))
        let pattern = cairo_pattern_create_raster_source(
            held, cairo_surface_get_content(surface), cairo_image_surface_get_width(surface),
            cairo_image_surface_get_height(surface))
        defer { cairo_pattern_destroy(pattern) }
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return
        }
        // Each copy of the pattern (a recording keeps one per command) holds its own reference;
        // `finish` drops the original's and each copy's.
        cairo_raster_source_pattern_set_acquire(
            pattern, { _, data, _, _ in cairo_surface_reference(OpaquePointer(data)) },
            { _, _, acquired in cairo_surface_destroy(acquired) })
        cairo_raster_source_pattern_set_copy(pattern) { _, data, _ in
            cairo_surface_reference(OpaquePointer(data))
            return CAIRO_STATUS_SUCCESS
        }
        cairo_raster_source_pattern_set_finish(pattern) { _, data in cairo_surface_destroy(OpaquePointer(data)) }
        // The pattern is in the surface's pixels; cairo leaves a raster source's device scale out.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, scale.x, scale.y)
        cairo_matrix_translate(&matrix, -x, -y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cr, pattern)
    }

    /// Where a surface from `uninitialized` keeps its pixel buffer, freed with it.
    private nonisolated(unsafe) static let pixelsKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(
        capacity: 1)

    /// A `width` × `height` image surface of `format` over a buffer left uninitialized, for a
    /// caller that writes every pixel: `cairo_image_surface_create` clears its buffer first, a
    /// pass over the whole cover on the main thread at every bind. Nil when cairo refuses it.
    private static func uninitialized(
        format: cairo_format_t, width: Int, height: Int
    ) -> (OpaquePointer, UnsafeMutablePointer<UInt8>)? {
        let stride = Int(clamping: cairo_format_stride_for_width(format, Int32(clamping: width)))
        let size = stride.multipliedReportingOverflow(by: height)
        guard stride >= width * 4, height > 0, !size.overflow, let pixels = malloc(size.partialValue) else {
            return nil
        }
        let data = pixels.assumingMemoryBound(to: UInt8.self)
        guard
            let surface = cairo_image_surface_create_for_data(
                data, format, Int32(clamping: width), Int32(clamping: height), Int32(clamping: stride))
        else {
            free(pixels)
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            cairo_surface_set_user_data(surface, pixelsKey, pixels, { free($0) }) == CAIRO_STATUS_SUCCESS
        else {
            cairo_surface_destroy(surface)
            free(pixels)
            return nil
        }
        return (surface, data)
    }
}
