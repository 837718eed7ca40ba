import CGtk
import CascadeScreens

/// The Preferences row of the default folder (what `cascade` with no arguments opens): the
/// folder chosen, or that the demo videos open, with Choose… (a `GtkFileChooserNative`: GTK 4.8
/// has no `GtkFileDialog`) and Reset. The choice is the preferences file's; it applies from the
/// next start (`DefaultFolderLaunch`).
@MainActor
package final class DefaultFolderRow {
    /// The `AdwActionRow`.
    let row: UnsafeMutablePointer<GtkWidget>
    private let choose: UnsafeMutablePointer<GtkWidget>
    private let reset: UnsafeMutablePointer<GtkWidget>
    private let window: UnsafeMutablePointer<GtkWidget>
    private weak var preferences: PreferencesFile?
    /// The open chooser, held until it answers.
    private var chooser: OpaquePointer?

    // MARK: Lifecycle

    /// A row showing and changing `preferences`' default folder; choosers open over `window`.
    init(preferences: PreferencesFile?, window: UnsafeMutablePointer<GtkWidget>) {
        self.preferences = preferences
        self.window = window
        row = adw_action_row_new()
        adw_preferences_row_set_title(row.as(AdwPreferencesRow.self), Localization.text("Default folder"))
        choose = gtk_button_new_with_label(Localization.text("Choose…"))
        reset = gtk_button_new_with_label(Localization.text("Reset"))
        for button in [choose, reset] {
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(row.as(AdwActionRow.self), button)
        }
        Signal.connect(choose.raw, "clicked") { [weak self] in self?.choose(over: window) }
        Signal.connect(reset.raw, "clicked") { [weak self] in self?.set(nil) }
        show()
    }

    // MARK: Package API

    /// The default folder as remembered (nil: the demo opens).
    package var folder: String? { preferences?.preferences.defaultFolder }

    /// The Choose… and Reset buttons' frames in the Preferences window, `[x, y, width, height]`.
    package var buttonFrames: (choose: [Double]?, reset: [Double]?) {
        func frame(_ widget: UnsafeMutablePointer<GtkWidget>) -> [Double]? {
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, window, &bounds) != 0, bounds.size.width > 0 else { return nil }
            return [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height].map(Double.init)
        }
        return (frame(choose), frame(reset))
    }

    // MARK: Private

    private func show() {
        let folder = preferences?.preferences.defaultFolder
        let text = folder ?? Localization.text("None: the demo videos open")
        let escaped = g_markup_escape_text(text, -1)
        adw_action_row_set_subtitle(row.as(AdwActionRow.self), escaped)
        g_free(escaped)
        gtk_widget_set_sensitive(reset, folder != nil ? 1 : 0)
    }

    private func set(_ folder: String?) {
        preferences?.update { $0.defaultFolder = folder }
        show()
    }

    private func choose(over window: UnsafeMutablePointer<GtkWidget>) {
        guard chooser == nil else { return }
        let dialog = gtk_file_chooser_native_new(
            Localization.text("Default folder"), window.as(GtkWindow.self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
            Localization.text("Select"), Localization.text("Cancel"))!
        chooser = dialog
        let native = UnsafeMutablePointer<GtkNativeDialog>(dialog)
        gtk_native_dialog_set_modal(native, 1)
        Signal.connectResponse(UnsafeMutableRawPointer(dialog)) { [weak self] response in
            guard let self, let dialog = self.chooser else { return }
            self.chooser = nil
            if response == Int(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(dialog) {
                if let path = g_file_get_path(file) {
                    self.set(String(cString: path))
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            g_object_unref(UnsafeMutableRawPointer(dialog))
        }
        gtk_native_dialog_show(native)
    }
}
