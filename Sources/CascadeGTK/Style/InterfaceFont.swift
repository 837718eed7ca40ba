import CGtk

/// The font GTK draws the interface in (`GtkSettings:gtk-font-name`, a Pango description such
/// as `Cantarell 11`), for text drawn outside GTK's widgets: the player's subtitles.
@MainActor
package enum InterfaceFont {
    /// The description, nil without a display's settings.
    package static var name: String? {
        guard let settings = gtk_settings_get_default() else { return nil }
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        g_object_get_property(
            UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-font-name", &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }
}
