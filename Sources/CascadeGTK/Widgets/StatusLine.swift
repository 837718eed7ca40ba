import CGtk

/// A centred spinner and a line of text (refresh header, load-more footer); for screen readers
/// a status whose label is the text, busy while the spinner runs.
@MainActor
final class StatusLine {
    /// The row (spinner, then text), centred in whatever holds it.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let label: OpaquePointer

    /// Creates an empty line.
    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        Accessible.setRole(widget, GTK_ACCESSIBLE_ROLE_STATUS)
        widget.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        spinner = gtk_spinner_new()
        label = OpaquePointer(gtk_label_new(nil))
        gtk_box_append(widget.as(GtkBox.self), spinner)
        gtk_box_append(widget.as(GtkBox.self), label.widget)
    }

    /// Shows `text` (an English message id, shown translated), with a running spinner when `busy`.
    func show(_ text: String, busy: Bool) {
        let translated = Localization.text(text)
        gtk_label_set_text(label, translated)
        Accessible.setLabel(widget, translated)
        Accessible.setBusy(widget, busy)
        gtk_widget_set_visible(spinner, busy ? 1 : 0)
        if busy { gtk_spinner_start(OpaquePointer(spinner)) } else { gtk_spinner_stop(OpaquePointer(spinner)) }
    }
}
