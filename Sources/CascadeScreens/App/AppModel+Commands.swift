import CascadeFeed
import CascadeSearch

extension AppModel {
    // MARK: Commands

    /// Where keys and window commands arrive now: over an alert, on the player page, or on the
    /// channel page.
    public var commandContext: AppKeyCommand.Context {
        alert != nil ? .alert : screen == .player ? .player : .feed
    }

    /// Whether `command` would do something now (the window's GAction for it is enabled then).
    /// While the user types in the search entry (`isTyping`), PgUp, PgDn, Home and End are the
    /// entry's, so the feed's scroll commands do not apply.
    public func canPerform(_ command: AppKeyCommand) -> Bool {
        guard command.isAvailable(in: commandContext) else { return false }
        switch command {
        case .scroll: return pager != nil && !isTyping
        case .switchChannel, .search: return pager != nil
        case .moveVideo(let forward): return playerQueue?.neighbour(forward ? .forward : .backward) != nil
        case .dismissAlert, .back, .columns, .toggleHoverPreviews, .adjustPlayback: return true
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
        case .search: host?.startSearch()
        case .adjustPlayback(let adjustment): host?.adjustPlayback(adjustment)
        case .moveVideo(let forward): moveVideo(forward ? .forward : .backward)
        }
        return true
    }

    // MARK: Search

    /// What a search finds, of the videos whose titles match `query` (`TitleMatcher`): every
    /// one of the library for a source that can search it whole (a folder), else the loaded
    /// items of every channel prepared so far, in channel order, each once; nil for an empty
    /// query or before the channels loaded.
    public func searchResults(query: String) -> SearchResults? {
        let matcher = TitleMatcher(query: query)
        guard !matcher.isEmpty, let pager else { return nil }
        if let library = source.librarySearch({ matcher.matches($0) }) { return SearchResults(library: library) }
        let loaded = channels.indices.flatMap { pager.feed(at: $0)?.items ?? [] }
        return SearchResults(items: loaded, matcher: matcher)
    }

    /// The feed that shows `results`, in the channels' columns and direction, without a banner.
    /// With `current` (the feed of the query before) that feed is returned, its list changed to
    /// the new results through its diff: cells that still match stay and slide, the others go,
    /// and as many pages are shown as it had loaded.
    public func searchFeed(_ results: SearchResults, reusing current: FeedScreenModel? = nil) -> FeedScreenModel {
        if let current, current.pager.loader is SearchResults {
            let pages = max(1, current.pager.pagesLoaded)
            if let shown = results.firstPages(pages, size: current.pager.pageSize) {
                current.pager.replace(loader: results, showing: shown, pages: pages)
            } else {
                // A folder's matches load page by page: the first one replaces the list when it lands.
                current.pager.reload(from: results)
            }
            return current
        }
        return FeedScreenModel(
            pager: FeedPager(loader: results, pageSize: 10), configuration: feedConfiguration(showsBanner: false),
            titleMeasurer: titleMeasurer)
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
