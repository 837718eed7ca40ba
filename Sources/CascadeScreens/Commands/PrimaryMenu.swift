/// The primary menu (the header bar's menu button): the style choice as radio items of
/// `app.color-scheme`, then Preferences, Keyboard Shortcuts and About Cascade. Labels are
/// English (the host translates them); every action is one of `AppAction.table`.
public enum PrimaryMenu {
    /// One menu item: its label and the detailed action it activates (`app.color-scheme::dark`
    /// carries its target after `::`).
    public struct Item: Equatable, Sendable {
        /// The label.
        public let label: String
        /// The detailed action name.
        public let action: String
        /// The action's name without a target (`app.color-scheme`).
        public var actionName: String { action.components(separatedBy: "::")[0] }
    }

    /// The menu's sections, top to bottom (drawn with separators between them).
    public static let sections: [[Item]] = [
        ColorScheme.allCases.map { Item(label: $0.label, action: "app.color-scheme::\($0.rawValue)") },
        ["app.preferences", "app.shortcuts", "app.about"].compactMap { name in
            AppAction.named(name).map { Item(label: $0.label, action: name) }
        },
    ]
}
