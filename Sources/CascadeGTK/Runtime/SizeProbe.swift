import CGtk

/// Reports the size of the area it covers without polling: a transparent, input-less drawing
/// area (`resize` fires on every allocation change) overlaid on the widget to measure. GTK 4 has
/// no size signal on other widgets, and a frame tick would wake the idle app every frame.
@MainActor
package final class SizeProbe {
    /// The probe widget: add it with `gtk_overlay_add_overlay` over the measured child.
    package let widget: UnsafeMutablePointer<GtkWidget>
    /// Called after each size allocation that changed the size (outside the allocation).
    package var onResize: ((Int, Int) -> Void)?

    /// Creates a probe.
    package init() {
        widget = gtk_drawing_area_new()
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_can_focus(widget, 0)
        widget.expand()
        // The signal runs inside size allocation: act after it, so moving or resizing children
        // does not queue another allocation mid-way.
        Signal.connectSize(UnsafeMutableRawPointer(widget), "resize") { [weak self] width, height in
            _ = MainLoopTimer.after(0) { [weak self] in self?.onResize?(width, height) }
        }
    }

    /// The current size of the probe.
    package var size: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
    }
}
