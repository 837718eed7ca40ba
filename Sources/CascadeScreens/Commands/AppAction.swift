/// A command of the application or its window as a GAction: its name (`app.about`,
/// `win.columns-more`), the accelerators GTK registers for it, the label the menu and the
/// shortcuts window show, and the key command it performs. `AppAction.table` is the one list:
/// the host registers every entry (`g_action_map_add_action`,
/// `gtk_application_set_accels_for_action`), builds the shortcuts window from it, and the
/// primary menu and D-Bus activation (`org.gtk.Actions`) reach the same actions.
///
/// A window action is enabled only where its key command applies (`AppKeyCommand.isAvailable(in:)`),
/// so its accelerators do nothing elsewhere and the key reaches the focused widget, as before.
public struct AppAction: Equatable, Sendable {
    /// Where the action lives: the application (`app.`) or each window (`win.`).
    public enum Scope: String, Sendable {
        /// `app.NAME`, on the application's object path.
        case app
        /// `win.NAME`, on the window's (`/org/cascade/Feed/window/N`).
        case win
    }

    /// The shortcuts window's sections, in their order.
    public enum Group: String, CaseIterable, Sendable {
        /// The application.
        case general = "General"
        /// The channel page.
        case feed = "Feed"
        /// The player page.
        case player = "Player"
    }

    /// The action's name without its scope (`columns-more`).
    public let name: String
    /// Application or window.
    public let scope: Scope
    /// What the menu and the shortcuts window call it (English; the host translates it).
    public let label: String
    /// GTK accelerators (`<Control>plus`), registered and shown in the shortcuts window; none for
    /// actions reached only through the menu or the bus.
    public let accelerators: [String]
    /// Further accelerators registered but not shown: keypad and shifted twins of a shown one
    /// (`<Control>KP_Add`, `<Control>equal`).
    public let aliases: [String]
    /// The shortcuts window's section.
    public let group: Group
    /// The key command a window action performs (nil for application actions).
    public let command: AppKeyCommand?

    /// Every accelerator GTK registers for it: the shown ones, then the aliases.
    public var registered: [String] { accelerators + aliases }

    /// The detailed name GTK uses (`win.columns-more`).
    public var detailedName: String { "\(scope.rawValue).\(name)" }

    /// Creates an entry.
    public init(
        _ scope: Scope, _ name: String, _ label: String, accelerators: [String] = [], aliases: [String] = [],
        group: Group = .general, command: AppKeyCommand? = nil
    ) {
        self.aliases = aliases
        self.scope = scope
        self.name = name
        self.label = label
        self.accelerators = accelerators
        self.group = group
        self.command = command
    }

    /// Every action, in the shortcuts window's order.
    public static let table: [AppAction] = [
        AppAction(.app, "preferences", "Preferences", accelerators: ["<Control>comma"]),
        AppAction(.app, "shortcuts", "Keyboard Shortcuts", accelerators: ["<Control>question"]),
        AppAction(.app, "about", "About Cascade"),
        // The style: a stateful action whose state is a `ColorScheme`'s raw value (radio items).
        AppAction(.app, "color-scheme", "Style"),
        AppAction(.app, "quit", "Quit", accelerators: ["<Control>q"]),
        AppAction(
            .win, "next-channel", "Next channel", accelerators: ["<Control>Tab", "<Control>Page_Down"], group: .feed,
            command: .switchChannel(forward: true)),
        AppAction(
            .win, "prev-channel", "Previous channel", accelerators: ["<Control><Shift>Tab", "<Control>Page_Up"],
            group: .feed, command: .switchChannel(forward: false)),
        AppAction(.win, "search", "Search", accelerators: ["<Control>f"], group: .feed, command: .search),
        AppAction(
            .win, "scroll-page-down", "Scroll down a page", accelerators: ["Page_Down"], group: .feed,
            command: .scroll(.pageDown)),
        AppAction(
            .win, "scroll-page-up", "Scroll up a page", accelerators: ["Page_Up"], group: .feed,
            command: .scroll(.pageUp)),
        AppAction(.win, "scroll-top", "To the top", accelerators: ["Home"], group: .feed, command: .scroll(.top)),
        AppAction(
            .win, "scroll-bottom", "To the bottom", accelerators: ["End"], group: .feed, command: .scroll(.bottom)),
        AppAction(
            .win, "columns-more", "One column more",
            accelerators: ["<Control>plus"], aliases: ["<Control>equal", "<Control>KP_Add"], group: .feed,
            command: .columns(.more)),
        AppAction(
            .win, "columns-less", "One column fewer",
            accelerators: ["<Control>minus"], aliases: ["<Control>underscore", "<Control>KP_Subtract"],
            group: .feed,
            command: .columns(.fewer)),
        AppAction(
            .win, "columns-adaptive", "Columns from the window width", accelerators: ["<Control>0"],
            aliases: ["<Control>KP_0"],
            group: .feed, command: .columns(.adaptive)),
        AppAction(
            .win, "toggle-previews", "Hover previews on or off", accelerators: ["<Control><Shift>p"], group: .feed,
            command: .toggleHoverPreviews),
        AppAction(
            .win, "back", "Back to the feed", accelerators: ["Escape", "BackSpace", "<Alt>Left"], group: .player,
            command: .back),
        AppAction(
            .win, "speed-up", "Faster", accelerators: ["bracketright"], group: .player,
            command: .adjustPlayback(.faster)),
        AppAction(
            .win, "slow-down", "Slower", accelerators: ["bracketleft"], group: .player,
            command: .adjustPlayback(.slower)),
        AppAction(
            .win, "next-frame", "Next frame (paused)", accelerators: ["period"], group: .player,
            command: .adjustPlayback(.nextFrame)),
        AppAction(
            .win, "previous-frame", "Previous frame (paused)", accelerators: ["comma"], group: .player,
            command: .adjustPlayback(.previousFrame)),
        AppAction(
            .win, "next-subtitles", "Next subtitles", accelerators: ["v"], group: .player,
            command: .adjustPlayback(.nextSubtitles)),
        AppAction(
            .win, "next-audio", "Next audio track", accelerators: ["b"], group: .player,
            command: .adjustPlayback(.nextAudio)),
        AppAction(
            .win, "next-video", "Next video", accelerators: ["Page_Down", "n"], aliases: ["KP_Page_Down", "<Shift>n"],
            group: .player, command: .moveVideo(forward: true)),
        AppAction(
            .win, "previous-video", "Previous video", accelerators: ["Page_Up", "p"],
            aliases: ["KP_Page_Up", "<Shift>p"], group: .player, command: .moveVideo(forward: false)),
        // The alert's own keys (Esc, Enter) dismiss it; the action is the bus's way to it.
        AppAction(.win, "dismiss-alert", "Dismiss the alert", group: .general, command: .dismissAlert),
    ]

    /// The entry named `detailedName` (`app.about`), if any.
    public static func named(_ detailedName: String) -> AppAction? {
        table.first { $0.detailedName == detailedName }
    }

    /// The window action that performs `command`.
    public static func action(for command: AppKeyCommand) -> AppAction? {
        table.first { $0.command == command }
    }
}
