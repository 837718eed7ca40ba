/// What a key does in the app window outside the player's own controls: a pure mapping from
/// key names and modifiers to app actions, as `PlayerKeyCommand` is for the player.
///
/// - With an alert shown: Esc or Enter dismisses it; other keys do nothing.
/// - On the player page: Esc, Backspace or Alt+← goes back to the feed; `]` / `[` play one
///   speed step faster / slower, `.` / `,` show the next / previous frame while paused
///   (`PlaybackAdjustment`); PgDn or `n` moves to the next video of the feed, PgUp or `p` to the
///   previous one (`PlayerQueue`).
/// - On the channel page: Ctrl + `+` / `-` / `0` change the columns (`ColumnShortcut`);
///   Ctrl+Tab / Ctrl+PgDn goes to the next channel (with Shift, or Ctrl+PgUp, to the previous one); PgDn / PgUp scroll the feed by 0.9 of its height, Home /
///   End to its top / bottom; Ctrl+Shift+P turns hover previews on or off; Ctrl+F opens the search bar. Arrow keys and Enter are the feed's: arrows move the focus
///   between cells (`FeedScreenModel.focusTarget(from:direction:)`), Enter opens the focused one.
///
/// `name` is a GDK key name (`gdk_keyval_name`: `Escape`, `Return`, `Page_Down`...); the X
/// aliases (`Next`, `Prior`) and keypad names count too.
public enum AppKeyCommand: Equatable, Sendable {
    /// Dismiss the alert (as its OK button does).
    case dismissAlert
    /// Leave the player page for the feed.
    case back
    /// Go to the next (or previous) channel, as a completed swipe does.
    case switchChannel(forward: Bool)
    /// Scroll the feed.
    case scroll(FeedScrollCommand)
    /// Change the feed's columns.
    case columns(ColumnShortcut)
    /// Turn hover previews on or off (remembered).
    case toggleHoverPreviews
    /// Open the search bar (Ctrl+F).
    case search
    /// A speed or frame step of the player.
    case adjustPlayback(PlaybackAdjustment)
    /// Move the player to the next (or previous) video of the feed it was opened from.
    case moveVideo(forward: Bool)

    /// Where the key arrives.
    public enum Context: Equatable, Sendable {
        /// An alert covers the window.
        case alert
        /// The player page is shown.
        case player
        /// The channel page is shown.
        case feed
    }

    /// Whether the command applies where keys arrive now: dismissing only over an alert, going
    /// back only on the player page, the rest only on the channel page. `command(forKey:)` gives
    /// only commands that apply; the window's GActions are enabled by this.
    public func isAvailable(in context: Context) -> Bool {
        switch self {
        case .dismissAlert: context == .alert
        case .back, .adjustPlayback, .moveVideo: context == .player
        case .switchChannel, .scroll, .columns, .toggleHoverPreviews, .search: context == .feed
        }
    }

    /// Every command, for tables and tests that must cover them all.
    public static let all: [AppKeyCommand] =
        [.dismissAlert, .back, .switchChannel(forward: true), .switchChannel(forward: false)]
        + [FeedScrollCommand.pageDown, .pageUp, .top, .bottom].map { .scroll($0) }
        + [ColumnShortcut.more, .fewer, .adaptive].map { .columns($0) } + [.toggleHoverPreviews, .search]
        + PlaybackAdjustment.allCases.map { .adjustPlayback($0) } + [
            .moveVideo(forward: true), .moveVideo(forward: false),
        ]

    /// The command for a key, or nil for keys the app leaves to the focused widget.
    public static func command(forKey name: String, modifiers: KeyModifiers, in context: Context) -> AppKeyCommand? {
        switch context {
        case .alert:
            return ["Escape", "Return", "KP_Enter"].contains(name) ? .dismissAlert : nil
        case .player:
            if name == "Escape" || name == "BackSpace" { return .back }
            if modifiers.contains(.alt), ["Left", "KP_Left"].contains(name) { return .back }
            guard !modifiers.contains(.control), !modifiers.contains(.alt) else { return nil }
            switch name {
            case "Page_Down", "Next", "KP_Page_Down", "KP_Next", "n", "N": return .moveVideo(forward: true)
            case "Page_Up", "Prior", "KP_Page_Up", "KP_Prior", "p", "P": return .moveVideo(forward: false)
            default: break
            }
            return PlaybackAdjustment(keyName: name).map { .adjustPlayback($0) }
        case .feed:
            if modifiers.contains(.control) {
                if let shortcut = ColumnShortcut(keyName: name) { return .columns(shortcut) }
                if modifiers.contains(.shift), name == "P" || name == "p" { return .toggleHoverPreviews }
                if !modifiers.contains(.shift), name == "f" { return .search }
                switch name {
                case "Tab", "Page_Down", "Next", "KP_Page_Down", "KP_Next":
                    return .switchChannel(forward: !modifiers.contains(.shift))
                case "ISO_Left_Tab", "Page_Up", "Prior", "KP_Page_Up", "KP_Prior":
                    return .switchChannel(forward: false)
                default: break
                }
            }
            switch name {
            case "Page_Down", "Next", "KP_Page_Down", "KP_Next": return .scroll(.pageDown)
            case "Page_Up", "Prior", "KP_Page_Up", "KP_Prior": return .scroll(.pageUp)
            case "Home", "KP_Home": return .scroll(.top)
            case "End", "KP_End": return .scroll(.bottom)
            default: return nil
            }
        }
    }
}

/// The modifier keys held with a key.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Creates modifiers from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control.
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt.
    public static let alt = KeyModifiers(rawValue: 1 << 2)
}

/// A keyboard scroll of the feed, resolved against the feed's current geometry.
public enum FeedScrollCommand: Equatable, Sendable {
    /// Down by `pageFraction` of the visible height.
    case pageDown
    /// Up by `pageFraction` of the visible height.
    case pageUp
    /// To the top.
    case top
    /// To the bottom.
    case bottom

    /// How much of the visible height a page key scrolls: the rest stays in view as context.
    public static let pageFraction = 0.9

    /// The offset to scroll to from `offset`, clamped to `0...maxOffset`.
    public func targetOffset(from offset: Double, viewportHeight: Double, maxOffset: Double) -> Double {
        let maxOffset = maxOffset.isFinite ? max(0, maxOffset) : 0
        let page = viewportHeight.isFinite ? max(0, viewportHeight) * Self.pageFraction : 0
        let offset = offset.isFinite ? offset : 0
        let target: Double
        switch self {
        case .pageDown: target = offset + page
        case .pageUp: target = offset - page
        case .top: target = 0
        case .bottom: target = maxOffset
        }
        return min(max(0, target), maxOffset)
    }
}
