import CGtk
import CascadeImages
import CascadeNumerics
import Foundation

/// A cover's duration ("0:13"): white text on a dark pill with rounded corners, drawn from one
/// texture per distinct text, font and scale, made once (`textures`). Not a GtkLabel with a
/// rounded CSS background, which the cairo renderer draws through a rounded clip and a text run
/// in every frame it repaints, about 50,000 instructions a badge (Docs/BENCHMARKS.md). A widget
/// of its own (`CascadeDurationBadge`) whose measure is the pill's size and whose snapshot
/// appends the texture; its font and text colour are `.badge`'s.
@MainActor
final class DurationBadge {
    /// The badge widget.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let content = Content()

    /// The pill around the text, in points.
    nonisolated static let padding = (horizontal: 5.0, vertical: 1.0)
    nonisolated static let cornerRadius = 4.0
    /// The pill's colour, black at 60 %, in both styles (it sits on covers).
    nonisolated static let fill = (red: 0.0, green: 0.0, blue: 0.0, alpha: 0.6)

    /// What the widget draws; the widget holds it and releases it when finalized.
    private final class Content {
        var text = ""
        /// The texture shown and what it was made for (`key`).
        var texture: OpaquePointer?
        var key = ""
        var size = (width: 0.0, height: 0.0)
        deinit { if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) } }
    }

    private nonisolated static let contentKey = g_quark_from_static_string("cascade-duration-badge-content")

    /// A GtkWidget subclass overriding `measure` and `snapshot`; registered once.
    private static let widgetType = WidgetSubclass.register("CascadeDurationBadge") { widgetClass, _ in
        guard let widgetClass else { return }
        let klass = widgetClass.assumingMemoryBound(to: GtkWidgetClass.self)
        klass.pointee.measure = { widget, orientation, _, minimum, natural, minimumBaseline, naturalBaseline in
            // A pointer is not Sendable: it enters the main actor as its bits.
            let bits = Int(bitPattern: widget)
            let size = MainActor.assumeIsolated { () -> (width: Double, height: Double)? in
                guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: bits) else { return nil }
                return DurationBadge.ensureTexture(of: widget)?.size
            }
            let length = Int32(
                saturatingRounded: (orientation == GTK_ORIENTATION_HORIZONTAL ? size?.width : size?.height) ?? 0)
            minimum?.pointee = length
            natural?.pointee = length
            minimumBaseline?.pointee = -1
            naturalBaseline?.pointee = -1
        }
        klass.pointee.snapshot = { widget, snapshot in
            let bits = (widget: Int(bitPattern: widget), snapshot: Int(bitPattern: snapshot))
            MainActor.assumeIsolated {
                guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: bits.widget),
                    let snapshot = OpaquePointer(bitPattern: bits.snapshot)
                else { return }
                DurationBadge.append(widget, to: snapshot)
            }
        }
        // The cell's own accessible label carries the duration (`describeForAccessibility`).
        gtk_widget_class_set_accessible_role(klass, GTK_ACCESSIBLE_ROLE_PRESENTATION)
    }

    init() {
        widget = WidgetSubclass.make(Self.widgetType, cssClass: "badge", keeping: content, under: Self.contentKey)
    }

    /// The text shown.
    var text: String { content.text }

    /// Shows `text` from the next frame on.
    func show(_ text: String) {
        guard text != content.text else { return }
        content.text = text
        gtk_widget_queue_resize(widget)
    }

    /// The texture drawn now (shared by every badge of the same text, font and scale), for tests.
    var texture: OpaquePointer? { Self.ensureTexture(of: widget)?.texture }

    /// Draws the badge into `cr` as its snapshot does (for tests).
    func draw(into cr: OpaquePointer) {
        guard let snapshot = gtk_snapshot_new() else { return }
        Self.append(widget, to: snapshot)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
        gsk_render_node_draw(node, cr)
        gsk_render_node_unref(node)
    }

    // MARK: Drawing

    /// The textures made so far, by `key`; emptied when it holds `textureLimit` (a feed shows a
    /// few hundred distinct durations at most).
    private static var textures: [String: OpaquePointer] = [:]
    private static let textureLimit = 512

    private static func content(of widget: UnsafeMutablePointer<GtkWidget>) -> Content? {
        WidgetSubclass.object(of: widget, under: contentKey)
    }

    private static func append(_ widget: UnsafeMutablePointer<GtkWidget>, to snapshot: OpaquePointer) {
        guard let content = ensureTexture(of: widget), let texture = content.texture else { return }
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(content.size.width), Float(content.size.height))
        gtk_snapshot_append_texture(snapshot, texture, &bounds)
    }

    /// The widget's content with the texture of its text in its current font, colour and scale
    /// (made or taken from `textures`); nil for an empty text.
    @discardableResult
    private static func ensureTexture(of widget: UnsafeMutablePointer<GtkWidget>) -> Content? {
        guard let content = content(of: widget), !content.text.isEmpty else { return nil }
        let style = gtk_widget_get_style_context(widget)
        var color = GdkRGBA()
        gtk_style_context_get_color(style, &color)
        let font = pango_context_get_font_description(gtk_widget_get_pango_context(widget))
        let fontName = font.flatMap { pango_font_description_to_string($0) }
        defer { g_free(fontName) }
        let scale = max(1, Int(gtk_widget_get_scale_factor(widget)))
        let cairo = Renderer.isCairo(widget) ?? true
        let key = [
            content.text, fontName.map { String(cString: $0) } ?? "",
            "\(color.red),\(color.green),\(color.blue),\(color.alpha)",
            "\(scale)", cairo ? "cairo" : "gl",
        ].joined(separator: "\u{1F}")
        guard key != content.key || content.texture == nil else { return content }
        let made = textures[key] ?? render(widget, text: content.text, color: color, scale: scale, forCairo: cairo)
        guard let made else { return nil }
        if textures[key] == nil {
            if textures.count >= textureLimit {
                for texture in textures.values { g_object_unref(UnsafeMutableRawPointer(texture)) }
                textures.removeAll()
            }
            textures[key] = made
        }
        g_object_ref(UnsafeMutableRawPointer(made))
        if let old = content.texture { g_object_unref(UnsafeMutableRawPointer(old)) }
        content.texture = made
        content.key = key
        content.size = (
            Double(gdk_texture_get_width(made)) / Double(scale), Double(gdk_texture_get_height(made)) / Double(scale)
        )
        return content
    }

    /// The pill with `text` on it at `scale` device pixels per point, as a texture (+1 reference).
    private static func render(
        _ widget: UnsafeMutablePointer<GtkWidget>, text: String, color: GdkRGBA, scale: Int, forCairo: Bool
    ) -> OpaquePointer? {
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        let size = (
            width: Double(logical.width) + 2 * padding.horizontal, height: Double(logical.height) + 2 * padding.vertical
        )
        let pixels = (
            width: Int32(saturatingRounded: size.width * Double(scale)),
            height: Int32(saturatingRounded: size.height * Double(scale))
        )
        guard pixels.width > 0, pixels.height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixels.width, pixels.height)
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        cairo_scale(cr, Double(scale), Double(scale))
        let radius = min(cornerRadius, size.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, size.width - radius, radius, radius, -.pi / 2, 0)
        cairo_arc(cr, size.width - radius, size.height - radius, radius, 0, .pi / 2)
        cairo_arc(cr, radius, size.height - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, radius, radius, radius, .pi, 1.5 * .pi)
        cairo_close_path(cr)
        cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, fill.alpha)
        cairo_fill(cr)
        cairo_move_to(cr, padding.horizontal - Double(logical.x), padding.vertical - Double(logical.y))
        cairo_set_source_rgba(cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        pango_cairo_show_layout(cr, layout)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return texture(of: surface, forCairo: forCairo)
    }

    /// `surface`'s pixels (cairo's premultiplied BGRA) as a texture made by `TextureFactory`, in
    /// the format the renderer draws fastest.
    private static func texture(of surface: OpaquePointer, forCairo: Bool) -> OpaquePointer? {
        let width = Int(clamping: cairo_image_surface_get_width(surface))
        let height = Int(clamping: cairo_image_surface_get_height(surface))
        let stride = Int(clamping: cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        // Straight RGBA, what `DecodedImage` holds.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = data + y * stride + x * 4
                let alpha = Int(clamping: pixel[3])
                guard alpha > 0 else { continue }
                let target = (y * width + x) * 4
                // BGRA to RGBA.
                for offset in 0..<3 {
                    let channel = Int(clamping: pixel[2 - offset])
                    pixels[target + offset] = UInt8(clamping: (channel * 255 + alpha / 2) / alpha)
                }
                pixels[target + 3] = pixel[3]
            }
        }
        let image = DecodedImage(width: width, height: height, bytesPerRow: width * 4, pixels: pixels, hasAlpha: true)
        return TextureFactory.texture(from: image, forCairo: forCairo)
    }
}
