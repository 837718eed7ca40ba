import CGtk
import CascadeScreens

/// The Preferences row of the caches: the size they take on disk now (`AppCaches`, formatted by
/// `g_format_size`) and "Clear cache", which empties them (the image cache through its live
/// instance, so its index forgets the files too), shows the new size and confirms in a toast.
/// The covers in memory stay. Both walk the cache folders off the main thread: a full image
/// cache is thousands of files (20,000 took 105 ms of CPU to measure).
@MainActor
package final class CacheRow {
    /// The `AdwActionRow`.
    let row: UnsafeMutablePointer<GtkWidget>
    /// The size as drawn in the row's subtitle ("Calculating…" until the first is known).
    package private(set) var sizeText = ""
    /// The toasts this row showed, oldest first.
    package private(set) var toasts: [String] = []
    private let button: UnsafeMutablePointer<GtkWidget>
    private let window: UnsafeMutablePointer<GtkWidget>
    private weak var app: AppWindow?
    private var measuring: Task<Void, Never>?

    // MARK: Lifecycle

    /// A row over `app`'s caches, in the Preferences window `window` (its toasts show there).
    init(app: AppWindow, window: UnsafeMutablePointer<GtkWidget>) {
        self.app = app
        self.window = window
        row = adw_action_row_new()
        adw_preferences_row_set_title(row.as(AdwPreferencesRow.self), Localization.text("Cache"))
        button = gtk_button_new_with_label(Localization.text("Clear cache"))
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "destructive-action")
        adw_action_row_add_suffix(row.as(AdwActionRow.self), button)
        Signal.connect(button.raw, "clicked") { [weak self] in self?.clear() }
        showSize()
    }

    // MARK: Package API

    /// The button's frame in the Preferences window, `[x, y, width, height]` (nil before it is laid out).
    package var clearFrame: [Double]? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(button, window, &bounds) != 0, bounds.size.width > 0 else { return nil }
        return [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height].map(Double.init)
    }

    // MARK: Private

    /// Measures the caches' size off the main thread and shows it; a newer call replaces one
    /// still measuring.
    func showSize() {
        guard let app else { return }
        let caches = app.caches
        measuring?.cancel()
        if sizeText.isEmpty { show(Localization.text("Calculating…")) }
        measuring = Task { [weak self] in
            let size = await Task.detached(priority: .utility) { caches.size() }.value
            guard let self, !Task.isCancelled else { return }
            self.measuring = nil
            self.show(bytes: size)
        }
    }

    /// Empties the caches off the main thread, the button insensitive meanwhile; then shows
    /// what is left and confirms in a toast.
    private func clear() {
        guard let app else { return }
        let caches = app.caches
        let disk = app.pipeline.diskCache
        measuring?.cancel()
        measuring = nil
        gtk_widget_set_sensitive(button, 0)
        Task { [weak self] in
            let left = await Task.detached(priority: .utility) {
                disk?.removeAll()
                return caches.clear()
            }.value
            guard let self else { return }
            gtk_widget_set_sensitive(self.button, 1)
            self.show(bytes: left)
            let notice = Localization.text("Cache cleared")
            self.toasts.append(notice)
            adw_preferences_window_add_toast(self.window.as(AdwPreferencesWindow.self), adw_toast_new(notice))
        }
    }

    private func show(bytes: Int64) {
        let text = g_format_size(guint64(truncatingIfNeeded: max(0, bytes)))
        show(text.map { String(cString: $0) } ?? "\(bytes)")
        g_free(text)
    }

    private func show(_ text: String) {
        sizeText = text
        adw_action_row_set_subtitle(row.as(AdwActionRow.self), text)
    }
}
