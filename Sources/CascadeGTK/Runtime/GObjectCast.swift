import CGtk
import Foundation

/// Casts between GObject pointer types. GTK's cast macros (`GTK_WIDGET()`, `G_OBJECT()`) are
/// not imported into Swift; every GObject pointer is a plain pointer underneath.
@inline(__always)
func cast<T>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T>? {
    pointer.map { $0.assumingMemoryBound(to: T.self) }
}

extension UnsafeMutablePointer {
    /// This pointer seen as a `GtkWidget *`.
    var widget: UnsafeMutablePointer<GtkWidget> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWidget.self)
    }
    /// This pointer as an untyped `gpointer`.
    var raw: gpointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer {
    /// This pointer seen as a `GtkWidget *` (for types with private structs such as GtkLabel).
    var widget: UnsafeMutablePointer<GtkWidget> { UnsafeMutablePointer<GtkWidget>(self) }
    /// This pointer as an untyped `gpointer`.
    var raw: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// This widget as an `OpaquePointer`, for functions taking private-struct types.
    var opaque: OpaquePointer { OpaquePointer(self) }

    /// Adds the style class `name` when `on`, else removes it.
    func setCSSClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(self, name) } else { gtk_widget_remove_css_class(self, name) }
    }

    /// Sets the horizontal and vertical alignment.
    func align(_ horizontal: GtkAlign, _ vertical: GtkAlign) {
        gtk_widget_set_halign(self, horizontal)
        gtk_widget_set_valign(self, vertical)
    }

    /// Makes the widget take any extra space, both ways.
    func expand() {
        gtk_widget_set_hexpand(self, 1)
        gtk_widget_set_vexpand(self, 1)
    }

    /// Where this widget's point (`x`, `y`) is drawn in `ancestor`'s coordinates (zero when the
    /// two are not in one widget tree).
    func point(x: Double = 0, y: Double = 0, in ancestor: UnsafeMutablePointer<GtkWidget>) -> CGPoint {
        var point = graphene_point_t(x: Float(x), y: Float(y))
        var result = graphene_point_t()
        guard gtk_widget_compute_point(self, ancestor, &point, &result) != 0 else { return .zero }
        return CGPoint(x: Double(result.x), y: Double(result.y))
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// This widget as a pointer to a public-struct GTK type (GtkBox, GtkFixed, GtkWindow...).
    package func `as`<T>(_: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}
