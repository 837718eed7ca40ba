import CGtk
import CascadeScreens
import Foundation

/// A cell's title: plain text, centred, wrapped to at most `lines` lines and ellipsized, shaped
/// once per bind into one kept Pango layout. Not a GtkLabel, which shapes wrapped text for every
/// size request, nor a drawing area, whose cairo node the cairo renderer replays into a new
/// surface every frame: a widget of its own whose snapshot appends the layout as text nodes
/// (Docs/PLATFORM_NOTES.md). Its font and colour are `.title`'s.
@MainActor
final class CellTitleView {
    /// The title widget (`CascadeCellTitle`).
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What the snapshot draws; the widget holds it and releases it when finalized.
    private let content: Content

    /// The layout and how to fit it; read by the snapshot.
    private final class Content {
        /// Set once, by `init`, from the widget's Pango context.
        var layout: OpaquePointer!
        var lines: Int32 = 2
        deinit { if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) } }
    }

    /// Where a title widget keeps its `Content`.
    private nonisolated static let contentKey = g_quark_from_static_string("cascade-cell-title-content")

    /// A GtkWidget subclass whose only override is `snapshot`; registered once.
    private static let widgetType = WidgetSubclass.register("CascadeCellTitle") { widgetClass, _ in
        guard let widgetClass else { return }
        let klass = widgetClass.assumingMemoryBound(to: GtkWidgetClass.self)
        klass.pointee.snapshot = { widget, snapshot in
            guard let widget, let snapshot else { return }
            CellTitleView.snapshot(widget, snapshot)
        }
        // The cell's own accessible label carries the title (`describeForAccessibility`).
        gtk_widget_class_set_accessible_role(klass, GTK_ACCESSIBLE_ROLE_PRESENTATION)
    }

    init() {
        content = Content()
        widget = WidgetSubclass.make(Self.widgetType, cssClass: "title", keeping: content, under: Self.contentKey)
        // On the widget's Pango context, which follows its CSS font.
        let layout = gtk_widget_create_pango_layout(widget, nil)!
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        content.layout = layout
    }

    /// The layout as drawn (its font, wrapping and text).
    var layout: OpaquePointer { content.layout }
    /// The most lines the title wraps to.
    var lines: Int { Int(clamping: content.lines) }

    /// The text shown.
    var text: String { String(cString: pango_layout_get_text(content.layout)) }

    /// Shows `text` from the next frame on.
    func show(_ text: String) {
        pango_layout_set_text(content.layout, text, -1)
        gtk_widget_queue_draw(widget)
    }

    /// Wraps to at most `lines` lines (1…`VideoCellGeometry.maximumFittedTitleLines`; the last
    /// one ellipsized).
    func setLines(_ lines: Int) {
        let lines = Int32(clamping: min(max(1, lines), VideoCellGeometry.maximumFittedTitleLines))
        guard lines != content.lines else { return }
        content.lines = lines
        gtk_widget_queue_draw(widget)
    }

    /// Draws the title into `cr` as the widget's snapshot does at `width` × `height` (for tests).
    func draw(into cr: OpaquePointer, width: Int32, height: Int32) {
        guard let snapshot = gtk_snapshot_new() else { return }
        Self.append(content, of: widget, to: snapshot, width: width, height: height)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
        gsk_render_node_draw(node, cr)
        gsk_render_node_unref(node)
    }

    // Called by GTK on the main thread; touches only the widget and its content.
    private nonisolated static func snapshot(_ widget: UnsafeMutablePointer<GtkWidget>, _ snapshot: OpaquePointer) {
        guard let content: Content = WidgetSubclass.object(of: widget, under: contentKey) else { return }
        append(
            content, of: widget, to: snapshot, width: gtk_widget_get_width(widget),
            height: gtk_widget_get_height(widget))
    }

    /// Appends the title, fitted to `width` × `height` and clipped to it, as text nodes.
    private nonisolated static func append(
        _ content: Content, of widget: UnsafeMutablePointer<GtkWidget>, to snapshot: OpaquePointer, width: Int32,
        height: Int32
    ) {
        let layout = content.layout
        guard width > 0, height > 0, pango_layout_get_character_count(layout) > 0 else { return }
        // Setters keep the shaped lines for unchanged values; a new font reshapes by itself (context serial).
        pango_layout_set_width(layout, width.multipliedReportingOverflow(by: PANGO_SCALE).partialValue)
        pango_layout_set_height(layout, -content.lines)
        var extents = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &extents)
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        gtk_snapshot_push_clip(snapshot, &bounds)
        gtk_snapshot_save(snapshot)
        // Centred on a whole pixel; a line taller than the band keeps its top and is clipped at the bottom.
        var origin = graphene_point_t(x: 0, y: Float(max(0, (height - extents.height) / 2) - extents.y))
        gtk_snapshot_translate(snapshot, &origin)
        gtk_snapshot_append_layout(snapshot, layout, &color)
        gtk_snapshot_restore(snapshot)
        gtk_snapshot_pop(snapshot)
    }
}
