import CGtk

/// The window's modal alert (a failed load, a file that cannot be opened): libadwaita's
/// `AdwMessageDialog` over the window, with the title as its heading, the message as its body
/// and one OK response, the default (Enter) and the close response (Esc). One at a time: a new
/// alert replaces the one shown.
@MainActor
package final class AlertDialog {
    /// The dialog shown, nil while none is.
    package private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    /// The text shown (title and message joined), or nil when hidden.
    package private(set) var text: String?

    private let parent: UnsafeMutablePointer<GtkWidget>
    private var onDismiss: (() -> Void)?
    /// The id of the only response.
    private static let ok = "ok"

    /// Creates a hidden alert for `parent` (the app window).
    package init(parent: UnsafeMutablePointer<GtkWidget>) {
        self.parent = parent
    }

    // MARK: API

    /// Shows `title` and `message` (English message ids, translated); `onDismiss` runs when the
    /// user answers (OK, Enter, Esc, closing the dialog).
    package func show(title english: String, message englishMessage: String, onDismiss: (() -> Void)? = nil) {
        close()
        let title = Localization.text(english)
        let message = Localization.text(englishMessage)
        let dialog = adw_message_dialog_new(parent.as(GtkWindow.self), title, message.isEmpty ? nil : message)!
        Accessible.setRole(dialog, GTK_ACCESSIBLE_ROLE_ALERT_DIALOG)
        let alert = dialog.as(AdwMessageDialog.self)
        adw_message_dialog_add_response(alert, Self.ok, Localization.text("OK"))
        adw_message_dialog_set_response_appearance(alert, Self.ok, ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(alert, Self.ok)
        adw_message_dialog_set_close_response(alert, Self.ok)
        Accessible.setLabel(dialog, title)
        Accessible.setDescription(dialog, message)
        Signal.connectSequence(dialog.raw, "response") { [weak self, dialog] in
            // Only the dialog shown answers for the alert (a replaced one is already gone).
            guard let self, self.dialog == dialog else { return }
            self.dialog = nil  // libadwaita closes it after the response
            self.dismiss()
        }
        self.dialog = dialog
        text = message.isEmpty ? title : "\(title) — \(message)"
        self.onDismiss = onDismiss
        gtk_window_present(dialog.as(GtkWindow.self))
    }

    /// Hides the alert as if OK was pressed.
    package func dismiss() {
        guard text != nil else { return }
        let action = onDismiss
        onDismiss = nil
        close()
        action?()
    }

    // MARK: Private

    /// Destroys the dialog shown, without answering for it.
    private func close() {
        text = nil
        guard let dialog else { return }
        self.dialog = nil
        gtk_window_destroy(dialog.as(GtkWindow.self))
    }
}
