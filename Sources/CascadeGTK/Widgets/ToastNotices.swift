import CGtk

/// Passing notices as libadwaita toasts (`AdwToastOverlay`): a line at the bottom of the window
/// that goes away by itself, for what the user should know but need not answer (a drop that
/// left files out, a folder that changed, a video that could not be opened).
@MainActor
package final class ToastNotices {
    /// The `AdwToastOverlay`; its child is the window's content below the header bar.
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The notices shown, as drawn (translated), oldest first (the last 16), for the report.
    package private(set) var shown: [String] = []

    /// Creates an overlay around `child`.
    package init(around child: UnsafeMutablePointer<GtkWidget>) {
        root = adw_toast_overlay_new()
        adw_toast_overlay_set_child(OpaquePointer(root), child)
    }

    /// Shows `english` (a message id, translated) as a toast for libadwaita's default time.
    package func show(_ english: String) {
        let text = Localization.text(english)
        adw_toast_overlay_add_toast(OpaquePointer(root), adw_toast_new(text))
        shown = Array((shown + [text]).suffix(16))
    }
}
