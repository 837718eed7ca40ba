import CGtk
import CascadeScreens

extension AppWindow {
    /// The window's keys go to the model first (`AppModel.handleKey`), with the modifiers held.
    func connectKeys() {
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] key, state in
            guard let self, let name = gdk_keyval_name(key) else { return false }
            var modifiers: KeyModifiers = []
            if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
            if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
            if state.rawValue & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alt) }
            let shown = self.feed?.model.shownColumns ?? 0
            return self.model.handleKey(String(cString: name), modifiers: modifiers, shownColumns: shown)
        }
        // Capture phase: GtkWindow's own Ctrl+Tab focus binding would run before a bubble-phase handler;
        // keys the model does not use still reach the focused widget.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(window, keys)
    }
}
