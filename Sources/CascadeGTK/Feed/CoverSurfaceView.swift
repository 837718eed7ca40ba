import CGtk
import CascadeImages
import CascadeScreens
import Foundation

/// A cell's cover, filling its area like `object-fit: cover`, drawn as the renderer draws
/// fastest: under cairo a drawing area with a cairo image surface, under GL a GtkPicture with a
/// texture uploaded once (GL would upload a cairo node every frame and cannot draw one taller
/// than its largest texture; Docs/PLATFORM_NOTES.md). Either is made once per decoded cover and
/// shared through `CoverDrawingCache`.
@MainActor
package final class CoverSurfaceView {
    /// The cover area's widget: a box holding the drawing area and, under GL, the picture.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let area: UnsafeMutablePointer<GtkWidget>
    private var picture: OpaquePointer?
    /// What the draw function paints; shared with GTK, which releases it with the widget.
    private let content = Content()
    /// Whether this process draws with the cairo renderer (decided once, at the first cover).
    private static var cairoRenderer: Bool?

    /// The surface to paint (owned, nil: nothing) and the radius of the box's two top corners.
    private final class Content {
        var surface: OpaquePointer?
        /// Whether `surface` is a video frame this view paints over in place (`paintSurface`),
        /// which is drawn through cairo's copy-on-write snapshot so a frame already recorded
        /// keeps its pixels; a cover is drawn without one (`CoverSurfaces.setSource`).
        var isRepainted = false
        var cornerRadius: Double = 0
        deinit { if let surface { cairo_surface_destroy(surface) } }
    }

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        widget.expand()
        area = gtk_drawing_area_new()
        area.expand()
        gtk_widget_set_visible(area, 0)
        gtk_box_append(widget.as(GtkBox.self), area)
        let data = Unmanaged.passRetained(content).toOpaque()
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            guard let cr, let data else { return }
            let content = Unmanaged<Content>.fromOpaque(data).takeUnretainedValue()
            CoverSurfaceView.draw(content, cr, box: CGSize(width: Double(width), height: Double(height)))
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        gtk_drawing_area_set_draw_func(area.as(GtkDrawingArea.self), draw, data, release)
    }

    /// Rounds the two top corners by `radius`, as the cover area's CSS rounds its placeholder; a
    /// picture or a preview needs the cover area to clip them instead (`needsClip`).
    func setCornerRadius(_ radius: Double) {
        let radius = radius.isFinite ? max(0, radius) : 0
        guard radius != content.cornerRadius else { return }
        content.cornerRadius = radius
        gtk_widget_queue_draw(area)
    }

    /// Whether what is shown needs the cover area to clip it to the rounded corners: a picture
    /// (GL renderers) does; a surface rounds its own corners, and the placeholder draws none.
    var needsClip: Bool {
        guard let picture else { return false }
        return gtk_widget_get_visible(picture.widget) != 0 && gtk_picture_get_paintable(picture) != nil
    }

    /// Shows `image` from now on; false when it could not be prepared for drawing.
    @discardableResult
    func show(_ image: DecodedImage) -> Bool {
        if usesCairoRenderer() {
            return showSurface(image)
        }
        guard
            let texture = CoverDrawingCache.shared.form(
                of: image, kind: .texture, make: { TextureFactory.texture(from: image, forCairo: false) })
        else {
            clear()
            return false
        }
        replace(with: nil)
        let picture = pictureWidget()
        gtk_widget_set_visible(picture.widget, 1)
        gtk_picture_set_paintable(picture, texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
        return true
    }

    /// Whether the cover is drawn from a cairo image surface (the cairo renderer's path), not a texture.
    var drawsSurface: Bool { content.surface != nil }

    /// How the cover is drawn: `surface`, `texture`, or nil while nothing is shown.
    var drawing: String? {
        if drawsSurface { return "surface" }
        return needsClip ? "texture" : nil
    }

    /// Shows an opaque BGRA video frame (copied); false when it could not be prepared. Under cairo a
    /// frame of the last one's size reuses its surface, so playing allocates nothing per frame.
    @discardableResult
    func showFrame(pixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int) -> Bool {
        guard width > 0, height > 0, bytesPerRow >= width * 4 else {
            clear()
            return false
        }
        if usesCairoRenderer() {
            return paintSurface(width: width, height: height, format: CAIRO_FORMAT_RGB24, reusing: true) {
                data, stride in
                for y in 0..<height {
                    (data + y * stride).update(
                        from: (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt8.self), count: width * 4)
                }
            }
        }
        let byteCount = bytesPerRow * (height - 1) + width * 4
        let bytes = g_bytes_new(pixels, gsize(clamping: byteCount))
        defer { g_bytes_unref(bytes) }
        guard
            let texture = gdk_memory_texture_new(
                Int32(clamping: width), Int32(clamping: height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes,
                gsize(clamping: bytesPerRow))
        else { return false }
        if content.surface != nil { replace(with: nil) }
        let picture = pictureWidget()
        gtk_widget_set_visible(picture.widget, 1)
        gtk_picture_set_paintable(picture, texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
        return true
    }

    /// Shows nothing.
    func clear() {
        replace(with: nil)
        if let picture { gtk_picture_set_paintable(picture, nil) }
    }

    // MARK: Private

    /// Paints `content`'s surface over a `box` like `object-fit: cover`, its top corners rounded.
    private static func draw(_ content: Content, _ cr: OpaquePointer, box: CGSize) {
        guard let surface = content.surface else { return }
        // The surface's size in points: its pixels over its device scale, which the renderer applies.
        var scale = (x: 1.0, y: 1.0)
        cairo_surface_get_device_scale(surface, &scale.x, &scale.y)
        let image = CGSize(
            width: Double(cairo_image_surface_get_width(surface)) / scale.x,
            height: Double(cairo_image_surface_get_height(surface)) / scale.y)
        let frame = CoverFit.rect(image: image, box: box)
        guard frame.width > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let radius = min(content.cornerRadius, Double(box.width) / 2, Double(box.height) / 2)
        if abs(frame.width - image.width) * scale.x < 0.5, abs(frame.height - image.height) * scale.y < 0.5 {
            // Decoded at the box's size in device pixels: drawn 1:1 on whole pixels, which cairo
            // copies; only the band of the two rounded corners goes through a path.
            let pixel = { (x: Double, y: Double) in wholePixel(cr, x, y, scale: scale.x) }
            let origin = pixel(Double(frame.minX), Double(frame.minY))
            source(cr, content, x: origin.x, y: origin.y)
            let top = pixel(0, 0)
            let bottom = pixel(Double(box.width), Double(box.height))
            let band = radius > 0 ? pixel(0, radius).y - top.y : 0
            cairo_rectangle(cr, top.x, top.y + band, bottom.x - top.x, bottom.y - top.y - band)
            cairo_fill(cr)
            guard band > 0 else { return }
            topCornersPath(cr, x: top.x, y: top.y, width: bottom.x - top.x, height: band, radius: radius)
            cairo_fill(cr)
            return
        }
        topCornersPath(cr, x: 0, y: 0, width: Double(box.width), height: Double(box.height), radius: radius)
        cairo_clip(cr)
        cairo_translate(cr, frame.minX, frame.minY)
        cairo_scale(cr, frame.width / image.width, frame.height / image.height)
        source(cr, content, x: 0, y: 0)
        cairo_paint(cr)
    }

    private static func source(_ cr: OpaquePointer, _ content: Content, x: Double, y: Double) {
        guard let surface = content.surface else { return }
        if content.isRepainted {
            cairo_set_source_surface(cr, surface, x, y)
        } else {
            CoverSurfaces.setSource(cr, surface, x: x, y: y)
        }
    }

    /// The user-space point on the whole display pixel nearest to (`x`, `y`), for a display of
    /// `scale` device pixels per point (the renderer scales what the area draws by it).
    private static func wholePixel(
        _ cr: OpaquePointer, _ x: Double, _ y: Double, scale: Double
    ) -> (x: Double, y: Double) {
        var x = x
        var y = y
        cairo_user_to_device(cr, &x, &y)
        x = (x * scale).rounded() / scale
        y = (y * scale).rounded() / scale
        cairo_device_to_user(cr, &x, &y)
        return (x, y)
    }

    /// A rectangle whose two top corners are quarter circles of `radius` (at most the height).
    private static func topCornersPath(
        _ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double
    ) {
        let r = min(radius, height, width / 2)
        cairo_new_path(cr)
        cairo_move_to(cr, x, y + height)
        cairo_line_to(cr, x, y + r)
        if r > 0 { cairo_arc(cr, x + r, y + r, r, .pi, 1.5 * .pi) }
        cairo_line_to(cr, x + width - r, y)
        if r > 0 { cairo_arc(cr, x + width - r, y + r, r, 1.5 * .pi, 2 * .pi) }
        cairo_line_to(cr, x + width, y + height)
        cairo_close_path(cr)
    }

    private func showSurface(_ image: DecodedImage) -> Bool {
        let scale = Int(clamping: max(1, gtk_widget_get_scale_factor(widget)))
        guard image.width > 0, image.height > 0,
            let surface = CoverDrawingCache.shared.form(
                of: image, kind: .surface(scale: scale), make: { CoverSurfaces.surface(of: image, scale: scale) })
        else {
            clear()
            return false
        }
        show(surface)
        return true
    }

    /// Fills a `width` × `height` surface of `format` with `fill(data, bytesPerRow)` and shows
    /// it: the one shown now when `reusing` and `canRepaint` allows it, else a new one.
    private func paintSurface(
        width: Int, height: Int, format: cairo_format_t, reusing: Bool,
        _ fill: (UnsafeMutablePointer<UInt8>, Int) -> Void
    ) -> Bool {
        if reusing, let surface = content.surface,
            CoverSurfaces.canRepaint(surface, width: width, height: height, format: format),
            let data = cairo_image_surface_get_data(surface)
        {
            cairo_surface_flush(surface)
            fill(data, Int(clamping: cairo_image_surface_get_stride(surface)))
            cairo_surface_mark_dirty(surface)
            gtk_widget_queue_draw(area)
            return true
        }
        let scale = Int(clamping: max(1, gtk_widget_get_scale_factor(widget)))
        guard let surface = CoverSurfaces.make(width: width, height: height, format: format, scale: scale, fill) else {
            return false
        }
        show(surface)
        content.isRepainted = reusing
        return true
    }

    /// Shows `surface` (a reference handed over) instead of the picture.
    private func show(_ surface: OpaquePointer) {
        if let picture {
            gtk_picture_set_paintable(picture, nil)
            gtk_widget_set_visible(picture.widget, 0)
        }
        replace(with: surface)
    }

    /// The picture used under GL renderers, made on first use (the drawing area is hidden).
    private func pictureWidget() -> OpaquePointer {
        if let picture { return picture }
        let made = OpaquePointer(gtk_picture_new())!
        gtk_picture_set_content_fit(made, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(made, 1)
        made.widget.expand()
        gtk_box_append(widget.as(GtkBox.self), made.widget)
        picture = made
        return made
    }

    private func replace(with surface: OpaquePointer?) {
        if let old = content.surface { cairo_surface_destroy(old) }
        content.surface = surface
        content.isRepainted = false
        // Shown only with a surface: a drawing area always adds a cairo node as large as itself,
        // which the GL renderers rasterize (and cannot, past their largest texture).
        gtk_widget_set_visible(area, surface == nil ? 0 : 1)
        gtk_widget_queue_draw(area)
    }

    /// Whether the window draws with GTK's cairo renderer (false while not yet realized, and
    /// then decided again at the next cover).
    private func usesCairoRenderer() -> Bool {
        if let known = Self.cairoRenderer { return known }
        guard let cairo = Renderer.isCairo(widget) else { return false }
        Self.cairoRenderer = cairo
        return cairo
    }
}
