import CGtk
import CascadeImages
import CascadeScreens
import Foundation

/// A cell's cover: a drawing area that paints a cairo image surface made once, when the cover
/// is bound, filling the area like `object-fit: cover`.
///
/// A GtkPicture with a memory texture would do the same, but GTK 4.8's cairo renderer
/// downloads and converts a texture's pixels every time it draws it (Docs/PLATFORM_NOTES.md),
/// which a fast fling pays for every visible cover on every frame. The surface here is
/// already in cairo's format: drawing it is one composite.
@MainActor
final class CoverSurfaceView {
    /// The drawing area.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What the draw function paints; shared with GTK, which releases it with the widget.
    private let content = Content()

    /// The surface to paint (owned), or nil for nothing.
    private final class Content {
        var surface: OpaquePointer?
        deinit { if let surface { cairo_surface_destroy(surface) } }
    }

    init() {
        widget = gtk_drawing_area_new()
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        let data = Unmanaged.passRetained(content).toOpaque()
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            guard let cr, let data else { return }
            let content = Unmanaged<Content>.fromOpaque(data).takeUnretainedValue()
            guard let surface = content.surface else { return }
            let image = CGSize(
                width: Double(cairo_image_surface_get_width(surface)),
                height: Double(cairo_image_surface_get_height(surface)))
            let frame = CoverFit.rect(image: image, box: CGSize(width: Double(width), height: Double(height)))
            guard frame.width > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, frame.minX, frame.minY)
            cairo_scale(cr, frame.width / image.width, frame.height / image.height)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        gtk_drawing_area_set_draw_func(widget.as(GtkDrawingArea.self), draw, data, release)
    }

    /// Paints `image` from now on; false when no surface could be made for it.
    @discardableResult
    func show(_ image: DecodedImage) -> Bool {
        guard image.width > 0, image.height > 0,
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(clamping: image.width), Int32(clamping: image.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            clear()
            return false
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        image.pixels.withUnsafeBytes { source in
            for y in 0..<image.height {
                TextureFactory.convertRow(
                    from: source.baseAddress! + y * image.bytesPerRow, to: data + y * stride, pixels: image.width,
                    premultiply: image.hasAlpha)
            }
        }
        cairo_surface_mark_dirty(surface)
        replace(with: surface)
        return true
    }

    /// Paints nothing.
    func clear() {
        replace(with: nil)
    }

    private func replace(with surface: OpaquePointer?) {
        if let old = content.surface { cairo_surface_destroy(old) }
        content.surface = surface
        gtk_widget_queue_draw(widget)
    }
}
