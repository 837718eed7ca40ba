import CGtk

/// An in-window alert: a dimmed backdrop with a card (title, message, OK). GTK 4.8 has no
/// GtkAlertDialog, and a separate window would miss headless screenshots of the main window.
@MainActor
package final class AlertOverlay {
    /// The backdrop; add it as an overlay child of the window's root overlay.
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The card: an alert for screen readers, labelled by its title, described by its message.
    let card: UnsafeMutablePointer<GtkWidget>
    private let titleLabel: OpaquePointer
    private let messageLabel: OpaquePointer
    private let button: UnsafeMutablePointer<GtkWidget>
    private var onDismiss: (() -> Void)?

    /// The text shown (title and message joined), or nil when hidden.
    package private(set) var text: String?

    /// Creates a hidden alert.
    package init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(root, "alert-backdrop")
        root.expand()

        card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        Accessible.setRole(card, GTK_ACCESSIBLE_ROLE_ALERT)
        gtk_widget_add_css_class(card, "alert")
        card.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(card, 1)

        titleLabel = OpaquePointer(gtk_label_new(nil))
        gtk_widget_add_css_class(titleLabel.widget, "alert-title")
        messageLabel = OpaquePointer(gtk_label_new(nil))
        gtk_widget_add_css_class(messageLabel.widget, "alert-message")
        gtk_label_set_wrap(messageLabel, 1)
        gtk_label_set_max_width_chars(messageLabel, 40)
        gtk_label_set_justify(messageLabel, GTK_JUSTIFY_CENTER)

        button = gtk_button_new_with_label(Localization.text("OK"))
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(button, 8)
        gtk_widget_add_css_class(button, "suggested-action")

        gtk_box_append(card.as(GtkBox.self), titleLabel.widget)
        gtk_box_append(card.as(GtkBox.self), messageLabel.widget)
        gtk_box_append(card.as(GtkBox.self), button)
        gtk_box_append(root.as(GtkBox.self), card)
        gtk_widget_set_visible(root, 0)

        Accessible.relate(card, GTK_ACCESSIBLE_RELATION_LABELLED_BY, to: titleLabel.widget)
        Accessible.relate(card, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, to: messageLabel.widget)
        Signal.connect(button.raw, "clicked") { [weak self] in self?.dismiss() }
    }

    // MARK: API

    /// Shows `title` and `message` (English message ids, translated); `onDismiss` runs on OK.
    package func show(title english: String, message englishMessage: String, onDismiss: (() -> Void)? = nil) {
        let title = Localization.text(english)
        let message = Localization.text(englishMessage)
        gtk_label_set_text(titleLabel, title)
        gtk_label_set_text(messageLabel, message)
        gtk_widget_set_visible(messageLabel.widget, message.isEmpty ? 0 : 1)
        text = message.isEmpty ? title : "\(title) — \(message)"
        Accessible.setLabel(card, title)
        Accessible.setDescription(card, message)
        self.onDismiss = onDismiss
        gtk_widget_set_visible(root, 1)
        gtk_widget_grab_focus(button)
    }

    /// Hides the alert as if OK was pressed.
    package func dismiss() {
        guard text != nil else { return }
        text = nil
        gtk_widget_set_visible(root, 0)
        let action = onDismiss
        onDismiss = nil
        action?()
    }
}
