import CGtk

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
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// This widget as a pointer to a public-struct GTK type (GtkBox, GtkFixed, GtkWindow...).
    package func `as`<T>(_: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}
