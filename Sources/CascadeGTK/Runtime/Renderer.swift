import CGtk

/// Which GSK renderer draws a widget's window: the host draws some things differently for GTK
/// 4.8's cairo renderer, which draws in software every frame, and its GL ones, which keep
/// textures and shadows on the GPU.
@MainActor
package enum Renderer {
    /// The class name of the renderer of `widget`'s window (`GskCairoRenderer`, …), nil until realized.
    package static func name(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else {
            return nil
        }
        return String(
            cString: g_type_name_from_instance(
                UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// Whether `widget`'s window draws with the cairo renderer; nil until it is realized.
    package static func isCairo(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool? {
        name(of: widget).map { $0 == "GskCairoRenderer" }
    }
}
