import CascadeFeed
import CascadeLayout
import Foundation

/// The app window's logic, with no UI: loading the channel list (its errors, the alert and the
/// retry, a catalog opened later), which feed each channel gets (its loader, its persisted
/// first page, its columns, whether it shows the banner), the channel to start on, navigation
/// between the channel page and the player, which banner may run, the one alert shown at a
/// time, and the window's key map (`AppKeyCommand`).
///
/// The window implements `AppHosting` and only does what it is told:
///
/// ```swift
/// let model = AppModel(options: options, catalog: catalog, cacheDirectory: cache)
/// model.host = window
/// model.start()                                  // then host.showChannels(pager, selected: 0)
/// model.handleKey("Page_Down", modifiers: [])    // host.scrollFeed(.pageDown)
/// ```
@MainActor
public final class AppModel {
    /// Which page the window shows.
    public enum Screen: String, Sendable {
        /// The channel page.
        case feed
        /// The player page.
        case player
    }

    // MARK: State

    /// The window that shows what this model decides (not retained).
    public weak var host: (any AppHosting)?
    /// The channels shown: the catalog's, then "Continue watching" while it has a video (empty
    /// until the catalog's loaded).
    public internal(set) var channels: [Channel] = []
    /// The catalog's own channels.
    public internal(set) var catalogChannels: [Channel] = []
    /// The "Continue watching" videos of the catalog shown, newest first (`ContinueWatching`).
    public internal(set) var continueWatching: [VideoItem] = []
    /// The channel page's model (nil until the channel list loaded).
    public private(set) var pager: ChannelPagerModel?
    /// The page shown.
    public private(set) var screen = Screen.feed
    /// The alert shown, or nil.
    public private(set) var alert: FeedAlert?
    /// The videos the player page pages through, from the feed it was last opened from (nil
    /// before a video opened); kept after going back, so the host can show where the user was.
    public private(set) var playerQueue: PlayerQueue?
    /// Whether the channel list is loading.
    public private(set) var isLoadingChannels = false
    /// The window's presence as its host last reported it.
    public private(set) var windowPresence = WindowPresence()
    /// Names the persisted first pages of the catalog shown.
    public private(set) var catalogKey: String
    /// Whether the feed's hover previews are on: off for a `--no-previews` run or when the
    /// previous run turned them off, until the user turns them on (Ctrl+Shift+P).
    public private(set) var hoverPreviews: Bool
    /// Whether the keyboard focus is in a text entry (the search bar's): set by the host.
    public var isTyping = false
    /// Which side feeds start at (set before `start()`; `InterfaceDirection` decides it).
    public var layoutDirection: LayoutDirection = .leftToRight
    /// The host's title measurer, for the `.fitted` cells feeds made from now on get (set
    /// before `start()`; without one cells keep the reference proportions).
    public var titleMeasurer: (any TitleMeasuring)?
    /// The cells' style, as the launch options ask (`--cell-style`).
    public var cellStyle: CellStyle { options.cellStyle }

    private let options: LaunchOptions
    private let cacheDirectory: URL
    private(set) var source: ChannelSource
    private let preferredColumns: Int?
    private let lastChannel: String?
    private var columnsOverride: Int??
    private var alertAction: (() -> Void)?
    private var loadGeneration = 0
    private var channelTask: Task<Void, Never>?
    /// Where videos were left, as the host last gave them (least recently watched first).
    var resumeEntries: [(key: String, label: String?)] = []
    /// The "Continue watching" channel's loader, given the videos as they change.
    let continueLoader = ContinueWatchingLoader(items: [])

    // MARK: Lifecycle

    /// Creates the model for `catalog`; feeds persist their first page under `cacheDirectory`.
    /// `preferredColumns` and `lastChannel` are what the previous run remembered.
    public convenience init(
        options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL, preferredColumns: Int? = nil,
        lastChannel: String? = nil, hoverPreviews: Bool = true
    ) {
        self.init(
            options: options, cacheDirectory: cacheDirectory, source: ChannelSource(catalog: catalog),
            preferredColumns: preferredColumns, lastChannel: lastChannel, hoverPreviews: hoverPreviews)
    }

    /// Creates the model over a channel source (tests pass one made of closures).
    public init(
        options: LaunchOptions, cacheDirectory: URL, source: ChannelSource, preferredColumns: Int? = nil,
        lastChannel: String? = nil, hoverPreviews: Bool = true
    ) {
        self.options = options
        self.cacheDirectory = cacheDirectory
        self.source = source
        self.preferredColumns = preferredColumns
        self.lastChannel = lastChannel
        self.hoverPreviews = options.previews && hoverPreviews
        catalogKey = Self.catalogKey(for: options.source)
    }

    /// Starts loading the channel list (a load in progress is abandoned).
    public func start() {
        let generation = beginLoad()
        channelTask = Task { [weak self] in await self?.finishLoad(generation) }
    }

    // MARK: Channels

    /// Loads the channel list and shows it: the channel page on the remembered channel (else
    /// the first), a note when channels were left out, 'No channels' for an empty catalog, or
    /// the error's alert, whose dismissal tries again. A load in progress is abandoned.
    public func loadChannels() async {
        await finishLoad(beginLoad())
    }

    /// Shows another catalog's channels in place of the current ones (leaving the player);
    /// `key` names its persisted first pages.
    public func reload(catalog: FeedCatalog, key: String) {
        reload(source: ChannelSource(catalog: catalog), key: key)
    }

    /// Shows another source's channels in place of the current ones (leaving the player).
    public func reload(source newSource: ChannelSource, key: String) {
        back()
        source = newSource
        catalogKey = key
        channels = []
        catalogChannels = []
        start()
    }

    /// The feed model of `channel`: its loader (a failing one when the source cannot make one,
    /// so the page shows the error), its persisted first page, the columns in effect, the
    /// launch options' page size, and the banner on the first channel only.
    public func makeFeed(for channel: Channel) -> FeedScreenModel {
        if showsContinueWatching(channel) {
            return FeedScreenModel(
                pager: FeedPager(loader: continueLoader, pageSize: options.pageSize),
                configuration: feedConfiguration(showsBanner: false), titleMeasurer: titleMeasurer)
        }
        let loader: any FeedLoading
        do {
            loader = try source.loader(channel)
        } catch {
            loader = FailingLoader(error: FeedError(error))
        }
        let cache = FeedPageCache(
            directory: cacheDirectory.appendingPathComponent("feeds"), key: pageCacheKey(for: channel),
            policy: source.referencePolicy)
        return FeedScreenModel(
            pager: FeedPager(loader: loader, pageSize: options.pageSize, cache: cache),
            configuration: feedConfiguration(showsBanner: showsBanner(channel)), titleMeasurer: titleMeasurer)
    }

    /// A feed's configuration: the columns in effect, the layout direction and the launch
    /// options' cell style.
    func feedConfiguration(showsBanner: Bool) -> FeedScreenModel.Configuration {
        var configuration = FeedScreenModel.Configuration()
        if let columns { configuration.columns = .fixed(columns) }
        configuration.showsBanner = showsBanner
        configuration.direction = layoutDirection
        configuration.cellStyle = options.cellStyle
        return configuration
    }

    /// Whether `channel`'s feed shows its featured items in a banner carousel: the first
    /// channel's does.
    public func showsBanner(_ channel: Channel) -> Bool {
        channel.id == channels.first?.id
    }

    /// Where a channel's first page is persisted: one file per catalog and channel.
    public func pageCacheKey(for channel: Channel) -> String {
        "\(catalogKey)-\(channel.id)"
    }

    /// The catalog key of a launch source: one per demo catalog folder or feed address.
    public nonisolated static func catalogKey(for source: LaunchOptions.Source) -> String {
        switch source {
        case .demoCatalog(let directory): "demo-\(directory.map(StableID.derived(fromText:)) ?? "default")"
        case .http(let url), .server(let url): "http-\(StableID.derived(fromText: url))"
        case .folder(let path):
            "folder-\(StableID.derived(fromText: URL(fileURLWithPath: path).standardizedFileURL.path))"
        }
    }

    /// The channel page settled on channel `index`.
    public func channelSelected(_ index: Int) {
        guard channels.indices.contains(index) else { return }
        host?.runBanner(ofChannel: bannerChannel(index))
        host?.rememberChannel(channels[index], isFirst: index == 0)
    }

    // MARK: Columns

    /// The fixed column count in effect (nil: adaptive): the one chosen in this run, else the
    /// launch option, else the remembered one.
    public var columns: Int? {
        if let override = columnsOverride { return override }
        return options.columns ?? preferredColumns
    }

    /// Sets the column count (nil: adaptive), remembers it, and rebuilds the channel pages on
    /// the channel shown.
    public func setColumns(_ newColumns: Int?) {
        columnsOverride = .some(newColumns)
        host?.rememberColumns(newColumns)
        guard !channels.isEmpty else { return }
        showChannels(selecting: pager?.selectedIndex ?? 0)
    }

    /// Turns hover previews on or off and remembers the choice.
    public func setHoverPreviews(_ enabled: Bool) {
        hoverPreviews = enabled
        host?.showHoverPreviews(enabled)
        host?.rememberHoverPreviews(enabled)
    }

    // MARK: Navigation

    /// Opens the player page for `item`, one of `feedItems` (the feed's loaded items in feed
    /// order, which PgDn and PgUp then page through; none: `item` alone).
    public func open(_ item: VideoItem, in feedItems: [VideoItem] = []) {
        playerQueue = PlayerQueue(items: feedItems, current: item)
        screen = .player
        host?.runBanner(ofChannel: nil)
        host?.showPlayer(item)
    }

    /// Moves the player page to the neighbour in `step` (nothing off the player page or
    /// without one); returns the item now shown.
    @discardableResult
    public func moveVideo(_ step: PlayerQueue.Step) -> VideoItem? {
        guard screen == .player, alert == nil, let item = playerQueue?.move(step) else { return nil }
        host?.moveToVideo(item, step: step)
        return item
    }

    /// What the end of the shown video does, with "Autoplay next" `autoplayNext`; `.advance`
    /// has already moved to the next video.
    @discardableResult
    public func videoEnded(autoplayNext: Bool) -> PlayerQueue.EndAction {
        guard screen == .player, let queue = playerQueue else { return .stop }
        let action = queue.endAction(autoplayNext: autoplayNext)
        if action == .advance, moveVideo(.forward) == nil { return .stop }
        return action
    }

    /// Returns from the player page to the channel page (nothing when it is shown).
    public func back() {
        guard screen == .player else { return }
        screen = .feed
        host?.showChannelPage()
        host?.runBanner(ofChannel: bannerChannel(pager?.selectedIndex))
    }

    // MARK: Window

    /// The window's presence changed (shown, minimized, focused): the banner runs only while the
    /// window is in the foreground.
    public func windowPresenceChanged(_ presence: WindowPresence) {
        guard presence != windowPresence else { return }
        windowPresence = presence
        host?.runBanner(ofChannel: bannerChannel(pager?.selectedIndex))
    }

    /// The channel whose banner may run: the one shown, on the channel page, in a foreground window.
    private func bannerChannel(_ index: Int?) -> Int? {
        screen == .feed && windowPresence.isForeground ? index : nil
    }

    // MARK: Alerts

    /// Shows `message` (replacing an alert shown); dismissing it does nothing more.
    public func present(_ message: FeedAlert) {
        present(message, then: nil)
    }

    /// A feed's refresh, footer or alert changed: its alert is shown when it is the channel
    /// shown and no other alert is; dismissing it clears the feed's alert.
    public func feedChromeChanged(_ feed: FeedScreenModel) {
        guard let message = feed.alert, alert == nil, let pager, pager.feed(at: pager.selectedIndex) === feed else {
            return
        }
        present(message) { [weak feed] in feed?.dismissAlert() }
    }

    /// The user dismissed the alert (OK, Esc, Enter): hides it and runs what follows it (a
    /// retry, or clearing the feed's alert). Does nothing without an alert.
    public func dismissAlert() {
        guard alert != nil else { return }
        alert = nil
        let action = alertAction
        alertAction = nil
        host?.hideAlert()
        action?()
    }

    // MARK: Private

    private func beginLoad() -> Int {
        channelTask?.cancel()
        channelTask = nil
        loadGeneration += 1
        isLoadingChannels = true
        return loadGeneration
    }

    private func finishLoad(_ generation: Int) async {
        let result: Result<ChannelListDecoder.ChannelList, FeedError>
        do { result = .success(try await source.channelList()) } catch { result = .failure(FeedError(error)) }
        // A reload started meanwhile: this answer is for a catalog no longer shown.
        guard generation == loadGeneration else { return }
        isLoadingChannels = false
        channelTask = nil
        switch result {
        case .success(let list) where !list.channels.isEmpty:
            catalogChannels = list.channels
            continueWatching = continueWatchingItems()
            continueLoader.items = continueWatching
            channels = channelsWithContinueWatching()
            showChannels(selecting: channels.firstIndex { $0.id == lastChannel } ?? 0)
            if let message = list.message { present(FeedAlert(title: "Too many channels", message: message)) }
        case .success:
            present(FeedAlert(title: "No channels", message: "The catalog lists no channels."))
        case .failure(let error):
            let alert = FeedAlert(error: error) ?? FeedAlert(title: "Couldn't load channels", message: "")
            present(alert) { [weak self] in self?.start() }
        }
    }

    private func showChannels(selecting selected: Int) {
        let pager = ChannelPagerModel(channels: channels) { [weak self] channel in
            self?.makeFeed(for: channel) ?? FeedScreenModel(pager: FeedPager(loader: FailingLoader()))
        }
        self.pager = pager
        host?.showChannels(pager, selected: selected)
    }

    private func present(_ message: FeedAlert, then action: (() -> Void)?) {
        alert = message
        alertAction = action
        host?.showAlert(message)
    }
}
