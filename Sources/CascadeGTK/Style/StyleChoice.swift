import CGtk
import CascadeScreens

/// The light or dark style: libadwaita's style manager follows the desktop's preference
/// (`ADW_COLOR_SCHEME_DEFAULT`) unless the user forces one. The choice is the stateful action
/// `app.color-scheme` (state and parameter `"default"`, `"light"` or `"dark"`), which the
/// primary menu's radio items and the preferences window share; `onChange` remembers it.
@MainActor
package final class StyleChoice {
    /// The action's name in the application's action map.
    package static let actionName = "color-scheme"

    /// The scheme in effect.
    package private(set) var scheme: ColorScheme
    /// Called after the user picked another scheme (not for the initial one).
    package var onChange: ((ColorScheme) -> Void)?
    /// The `GSimpleAction`.
    package let action: OpaquePointer

    // MARK: Lifecycle

    /// Creates the action in state `scheme`; `install(on:)` adds it and applies the scheme.
    package init(scheme: ColorScheme) {
        self.scheme = scheme
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        action = g_simple_action_new_stateful(Self.actionName, type, g_variant_new_string(scheme.rawValue))
        Signal.connectAction(UnsafeMutableRawPointer(action), "change-state") { [weak self] value in
            guard let self, let value, let text = g_variant_get_string(value, nil),
                let picked = ColorScheme(rawValue: String(cString: text))
            else { return }
            self.select(picked)
        }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(action)) }

    // MARK: Public API

    /// Adds the action to `application` and applies the scheme to the style manager; call once
    /// the application has started (libadwaita is initialised then).
    package func install(on application: UnsafeMutablePointer<GtkApplication>) {
        g_action_map_add_action(OpaquePointer(application), action)
        apply()
    }

    /// Switches to `picked` (as the action's `change-state` does) and tells `onChange`.
    package func select(_ picked: ColorScheme) {
        guard picked != scheme else { return }
        scheme = picked
        g_simple_action_set_state(action, g_variant_new_string(picked.rawValue))
        apply()
        onChange?(picked)
    }

    /// Whether the window is drawn dark now (forced, or the desktop prefers it).
    package var isDark: Bool {
        adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
    }

    // MARK: Private

    private func apply() {
        let adw: AdwColorScheme
        switch scheme {
        case .default: adw = ADW_COLOR_SCHEME_DEFAULT
        case .light: adw = ADW_COLOR_SCHEME_FORCE_LIGHT
        case .dark: adw = ADW_COLOR_SCHEME_FORCE_DARK
        }
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), adw)
    }
}
