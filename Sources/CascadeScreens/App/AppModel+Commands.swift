extension AppModel {
    // MARK: Commands

    /// Where keys and window commands arrive now: over an alert, on the player page, or on the
    /// channel page.
    public var commandContext: AppKeyCommand.Context {
        alert != nil ? .alert : screen == .player ? .player : .feed
    }

    /// Whether `command` would do something now (the window's GAction for it is enabled then).
    public func canPerform(_ command: AppKeyCommand) -> Bool {
        guard command.isAvailable(in: commandContext) else { return false }
        switch command {
        case .switchChannel, .scroll: return pager != nil
        case .dismissAlert, .back, .columns, .toggleHoverPreviews: return true
        }
    }

    /// Performs `command` (a key's or a GAction's) with the feed's current column count
    /// `shownColumns`; returns false, doing nothing, when it does not apply now.
    @discardableResult
    public func perform(_ command: AppKeyCommand, shownColumns: Int = 0) -> Bool {
        guard canPerform(command) else { return false }
        switch command {
        case .dismissAlert: dismissAlert()
        case .back: back()
        case .columns(let shortcut): setColumns(shortcut.columns(after: columns, shown: shownColumns))
        case .toggleHoverPreviews: setHoverPreviews(!hoverPreviews)
        case .switchChannel(let forward): host?.switchChannel(forward: forward)
        case .scroll(let scroll): host?.scrollFeed(scroll)
        }
        return true
    }

    // MARK: Keys

    /// Handles a key pressed in the window (`name` as `gdk_keyval_name` gives it) with the
    /// feed's current column count `shownColumns`. Returns whether the key was used; unused
    /// keys go on to the focused widget.
    @discardableResult
    public func handleKey(_ name: String, modifiers: KeyModifiers, shownColumns: Int = 0) -> Bool {
        guard let command = AppKeyCommand.command(forKey: name, modifiers: modifiers, in: commandContext) else {
            return false
        }
        return perform(command, shownColumns: shownColumns)
    }
}
