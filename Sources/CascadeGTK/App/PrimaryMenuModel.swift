import CGtk
import CascadeScreens

/// The `GMenu` of `PrimaryMenu`, its labels translated.
@MainActor
enum PrimaryMenuModel {
    /// A new menu model (a full reference: unref it once handed over).
    static func make() -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        for section in PrimaryMenu.sections {
            let part = g_menu_new()!
            for item in section {
                g_menu_append(part, Localization.text(item.label), item.action)
            }
            g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(part))
            g_object_unref(UnsafeMutableRawPointer(part))
        }
        return UnsafeMutablePointer<GMenuModel>(menu)
    }
}
