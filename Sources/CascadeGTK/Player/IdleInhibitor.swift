import CGtk
import CascadePlayer

/// Keeps the screen on while a video plays: performs what `IdleInhibition` decides with
/// `gtk_application_inhibit` (IDLE, for the window) and `gtk_application_uninhibit`.
///
/// GTK asks the session manager (`org.gnome.SessionManager.Inhibit`) on the application's bus
/// connection; without one, or when the call fails, the cookie is 0 and nothing is held.
@MainActor
final class IdleInhibitor {
    private let application: UnsafeMutablePointer<GtkApplication>
    private let window: UnsafeMutablePointer<GtkWidget>
    private var decision = IdleInhibition()
    private var cookie: guint = 0

    /// Creates the inhibitor of `window`; it holds nothing yet.
    init(application: UnsafeMutablePointer<GtkApplication>, window: UnsafeMutablePointer<GtkWidget>) {
        self.application = application
        self.window = window
    }

    /// The player is in `state` on a page shown or not.
    func update(state: PlayerState, pageShown: Bool) {
        decision.update(state: state, pageShown: pageShown).map(perform)
    }

    /// The window closes: releases the inhibition for good.
    func close() {
        guard let action = decision.close() else { return }
        perform(action)
        // GTK sends Uninhibit without waiting; the process may end right after its window.
        let gApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
        if let connection = g_application_get_dbus_connection(gApplication) {
            g_dbus_connection_flush_sync(connection, nil, nil)
        }
    }

    private func perform(_ action: IdleInhibition.Action) {
        switch action {
        case .inhibit:
            cookie = gtk_application_inhibit(
                application, window.as(GtkWindow.self), GTK_APPLICATION_INHIBIT_IDLE,
                Localization.text("Playing a video"))
        case .uninhibit:
            if cookie != 0 { gtk_application_uninhibit(application, cookie) }
            cookie = 0
        }
    }
}
