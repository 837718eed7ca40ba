import CGtk

/// Enter, keypad Enter and Space on a focused widget, which activate it as they would a button:
/// for the host's activatable widgets that are not GtkButtons (cells, tabs, the load-more footer).
@MainActor
enum ActivationKeys {
    /// Calls `body` when one of the keys is pressed while `widget` has the focus.
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Void) {
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(UnsafeMutableRawPointer(keys)) { key, _ in
            guard [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space].contains(Int32(bitPattern: key)) else {
                return false
            }
            body()
            return true
        }
        gtk_widget_add_controller(widget, keys)
    }
}
