import CGtk
import CascadeScreens

extension AppWindow {
    /// Follows the window's presence (mapped, minimized, active) for the model, which pauses the
    /// banner in the background. Connected at realize: the minimized state lives on the surface.
    func followPresence() {
        Signal.connect(window.raw, "map") { [weak self] in self?.reportPresence() }
        Signal.connect(window.raw, "unmap") { [weak self] in self?.reportPresence() }
        Signal.connectNotify(window.raw, "is-active") { [weak self] in self?.reportPresence() }
        if let surface = gtk_native_get_surface(OpaquePointer(window)) {
            Signal.connectNotify(UnsafeMutableRawPointer(surface), "state") { [weak self] in self?.reportPresence() }
        }
        reportPresence()
    }

    /// The window's presence now, as GTK knows it.
    package var presence: WindowPresence {
        var minimized = false
        if let surface = gtk_native_get_surface(OpaquePointer(window)) {
            let state = gdk_toplevel_get_state(surface)
            minimized = state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
        }
        return WindowPresence(
            isMapped: gtk_widget_get_mapped(window) != 0, isMinimized: minimized,
            isActive: gtk_window_is_active(window.as(GtkWindow.self)) != 0)
    }

    /// One reading for the banner (through the model) and the hover preview, which stops in the background.
    private func reportPresence() {
        let presence = presence
        model.windowPresenceChanged(presence)
        previews.controller.windowActiveChanged(presence.isForeground)
    }
}
