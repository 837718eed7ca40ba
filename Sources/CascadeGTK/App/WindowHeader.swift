import CGtk
import CascadeScreens

/// The window's header bar (`AdwHeaderBar`): the title "Cascade" with the catalog's status as
/// its subtitle (`AdwWindowTitle`), and the primary menu (a `GtkMenuButton` with
/// `open-menu-symbolic` over the `PrimaryMenuModel`). Hidden while the window is fullscreen.
@MainActor
package final class WindowHeader {
    /// The `AdwHeaderBar`.
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The primary menu's button.
    package let menuButton: UnsafeMutablePointer<GtkWidget>

    private let title: OpaquePointer

    // MARK: Lifecycle

    init() {
        root = adw_header_bar_new()
        let title = adw_window_title_new("Cascade", "")!
        self.title = OpaquePointer(title)
        adw_header_bar_set_title_widget(OpaquePointer(root), title)

        menuButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_primary(OpaquePointer(menuButton), 1)
        gtk_widget_set_tooltip_text(menuButton, Localization.text("Main Menu"))
        Accessible.setLabel(menuButton, Localization.text("Main Menu"))
        let model = PrimaryMenuModel.make()
        gtk_menu_button_set_menu_model(OpaquePointer(menuButton), model)
        g_object_unref(UnsafeMutableRawPointer(model))
        adw_header_bar_pack_end(OpaquePointer(root), menuButton)
    }

    // MARK: Internal

    /// Sets the subtitle (empty hides it).
    func setSubtitle(_ text: String) {
        adw_window_title_set_subtitle(title, text)
    }

    /// The title and the subtitle when not empty, for the report.
    var texts: [String] {
        [adw_window_title_get_title(title), adw_window_title_get_subtitle(title)].compactMap { text in
            guard let text else { return nil }
            let string = String(cString: text)
            return string.isEmpty ? nil : string
        }
    }
}
