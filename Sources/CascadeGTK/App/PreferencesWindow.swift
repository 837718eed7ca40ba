import CGtk
import CascadeScreens

/// The Preferences window (`AdwPreferencesWindow`, Ctrl+comma): the columns (adaptive or 1…12),
/// hover previews, "Autoplay next" and the style, each bound to what the window's model and `StyleChoice`
/// remember, so a change here is a change of the same setting the keys and the menu make; and
/// the caches' size and "Clear cache" (`CacheRow`); the default folder (`DefaultFolderRow`),
/// which applies from the next start.
@MainActor
enum PreferencesWindow {
    /// Shows a new Preferences window over `app`'s window.
    static func present(over app: AppWindow, style: StyleChoice) {
        let widget = adw_preferences_window_new()!
        gtk_window_set_title(widget.as(GtkWindow.self), Localization.text("Preferences"))
        let page = adw_preferences_page_new()!
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(group.as(AdwPreferencesGroup.self), Localization.text("Feed"))

        // Columns: "Adaptive", then 1…12.
        let counts = Array(Preferences.columnRange)
        let columns = comboRow(
            title: "Columns", options: [Localization.text("Adaptive")] + counts.map(String.init),
            selected: app.columns.flatMap { counts.firstIndex(of: $0).map { $0 + 1 } } ?? 0)
        Signal.connectNotify(columns.raw, "selected") { [weak app] in
            let index = Int(adw_combo_row_get_selected(columns.as(AdwComboRow.self)))
            app?.setColumns(index == 0 ? nil : counts[safe: index - 1])
        }
        adw_preferences_group_add(group.as(AdwPreferencesGroup.self), columns)

        // Hover previews: a switch.
        let previews = adw_action_row_new()!
        adw_preferences_row_set_title(previews.as(AdwPreferencesRow.self), Localization.text("Hover previews"))
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_switch_set_active(OpaquePointer(toggle), app.model.hoverPreviews ? 1 : 0)
        adw_action_row_add_suffix(previews.as(AdwActionRow.self), toggle)
        adw_action_row_set_activatable_widget(previews.as(AdwActionRow.self), toggle)
        Signal.connectNotify(toggle.raw, "active") { [weak app] in
            app?.model.setHoverPreviews(gtk_switch_get_active(OpaquePointer(toggle)) != 0)
        }
        adw_preferences_group_add(group.as(AdwPreferencesGroup.self), previews)
        adw_preferences_group_add(group.as(AdwPreferencesGroup.self), autoplayRow(app))

        // The style, as the primary menu's radio items choose it.
        let schemes = ColorScheme.allCases
        let styleRow = comboRow(
            title: "Style", options: schemes.map { Localization.text($0.label) },
            selected: schemes.firstIndex(of: style.scheme) ?? 0)
        Signal.connectNotify(styleRow.raw, "selected") { [weak style] in
            let index = Int(adw_combo_row_get_selected(styleRow.as(AdwComboRow.self)))
            if let picked = schemes[safe: index] { style?.select(picked) }
        }
        adw_preferences_group_add(group.as(AdwPreferencesGroup.self), styleRow)

        adw_preferences_page_add(page.as(AdwPreferencesPage.self), group.as(AdwPreferencesGroup.self))

        let storage = adw_preferences_group_new()!
        adw_preferences_group_set_title(storage.as(AdwPreferencesGroup.self), Localization.text("Storage"))
        let cache = CacheRow(app: app, window: widget)
        app.cacheRow = cache
        adw_preferences_group_add(storage.as(AdwPreferencesGroup.self), cache.row)
        // The image cache's budget, as remembered; a smaller one evicts at once.
        let budgets = Preferences.imageCacheChoices
        let budgetRow = comboRow(
            title: "Image cache limit", options: budgets.map { Localization.text("\($0) MB") },
            selected: budgets.firstIndex(of: app.imageCacheMegabytes) ?? 0)
        Signal.connectNotify(budgetRow.raw, "selected") { [weak app, weak cache] in
            let index = Int(adw_combo_row_get_selected(budgetRow.as(AdwComboRow.self)))
            guard let megabytes = budgets[safe: index] else { return }
            app?.setImageCacheMegabytes(megabytes)
            cache?.showSize()
        }
        adw_preferences_group_add(storage.as(AdwPreferencesGroup.self), budgetRow)
        adw_preferences_page_add(page.as(AdwPreferencesPage.self), storage.as(AdwPreferencesGroup.self))

        let startup = adw_preferences_group_new()!
        adw_preferences_group_set_title(startup.as(AdwPreferencesGroup.self), Localization.text("Startup"))
        let folder = DefaultFolderRow(preferences: app.preferences, window: widget)
        app.folderRow = folder
        adw_preferences_group_add(startup.as(AdwPreferencesGroup.self), folder.row)
        adw_preferences_page_add(page.as(AdwPreferencesPage.self), startup.as(AdwPreferencesGroup.self))
        // The rows live as long as their window.
        let kept = (Unmanaged.passRetained(folder), Unmanaged.passRetained(cache))
        Signal.connect(widget.raw, "destroy") {
            kept.0.release()
            kept.1.release()
        }
        adw_preferences_window_add(widget.as(AdwPreferencesWindow.self), page.as(AdwPreferencesPage.self))
        gtk_window_set_transient_for(widget.as(GtkWindow.self), app.window.as(GtkWindow.self))
        // Tall enough for every group at once (Feed, Storage, Startup): nothing to scroll to.
        gtk_window_set_default_size(widget.as(GtkWindow.self), 640, 760)
        gtk_window_present(widget.as(GtkWindow.self))
    }

    /// "Autoplay next": a switch for `AppWindow.autoplayNext`.
    private static func autoplayRow(_ app: AppWindow) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(row.as(AdwPreferencesRow.self), Localization.text("Autoplay next"))
        adw_action_row_set_subtitle(
            row.as(AdwActionRow.self), Localization.text("At the end of a video, play the next one in the feed"))
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_switch_set_active(OpaquePointer(toggle), app.autoplayNext ? 1 : 0)
        adw_action_row_add_suffix(row.as(AdwActionRow.self), toggle)
        adw_action_row_set_activatable_widget(row.as(AdwActionRow.self), toggle)
        Signal.connectNotify(toggle.raw, "active") { [weak app] in
            app?.autoplayNext = gtk_switch_get_active(OpaquePointer(toggle)) != 0
        }
        return row
    }

    private static func comboRow(title: String, options: [String], selected: Int) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(row.as(AdwPreferencesRow.self), Localization.text(title))
        let list = gtk_string_list_new(nil)!
        for option in options { gtk_string_list_append(list, option) }
        adw_combo_row_set_model(row.as(AdwComboRow.self), OpaquePointer(UnsafeMutableRawPointer(list)))
        g_object_unref(UnsafeMutableRawPointer(list))
        adw_combo_row_set_selected(row.as(AdwComboRow.self), guint(max(0, selected)))
        return row
    }
}
