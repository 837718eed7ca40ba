/// Which style the window uses: the desktop's light or dark preference, or one forced by the
/// user (the primary menu's style choice, the preferences window, `--color-scheme`).
///
/// The raw values are the `app.color-scheme` action's states and the preferences file's values.
public enum ColorScheme: String, CaseIterable, Equatable, Sendable {
    /// Follow the desktop (libadwaita's `ADW_COLOR_SCHEME_DEFAULT`).
    case `default`
    /// Always light.
    case light
    /// Always dark.
    case dark

    /// The label the menu and the preferences window show for the choice.
    public var label: String {
        switch self {
        case .default: "Follow System Style"
        case .light: "Light Style"
        case .dark: "Dark Style"
        }
    }
}
