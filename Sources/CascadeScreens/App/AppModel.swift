import CascadeFeed
import Foundation

/// The app window's logic, with no UI: loading the channel list (its errors, the alert and the
/// retry), which feed each channel gets (its loader, its page cache, whether it shows the
/// banner), navigation between the channel page and the player, which banner may run, the
/// one alert shown at a time, and the window's key map (`AppKeyCommand`).
///
/// The window implements `AppHosting` and only does what it is told:
///
/// ```swift
/// let model = AppModel(options: options, catalog: catalog, cacheDirectory: cache)
/// model.host = window
/// model.start()                     // loads the channels, then host.showChannels(pager)
/// model.handleKey("Page_Down", modifiers: [])   // host.scrollFeed(.pageDown)
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
    /// The channels of the catalog (empty until loaded).
    public private(set) var channels: [Channel] = []
    /// The channel page's model (nil until the channel list loaded).
    public private(set) var pager: ChannelPagerModel?
    /// The page shown.
    public private(set) var screen = Screen.feed
    /// The alert shown, or nil.
    public private(set) var alert: FeedAlert?
    /// Whether the channel list is loading.
    public private(set) var isLoadingChannels = false

    private let options: LaunchOptions
    private let cacheDirectory: URL
    private let loadChannelList: @Sendable () async throws -> [Channel]
    private let makeLoader: (Channel) throws -> any FeedLoading
    private var alertAction: (() -> Void)?

    // MARK: Lifecycle

    /// Creates the model for `catalog`; feeds persist their first page under `cacheDirectory`.
    public convenience init(options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL) {
        self.init(
            options: options, cacheDirectory: cacheDirectory, channels: { try await catalog.channels() },
            loader: { try catalog.loader(for: $0) })
    }

    /// Creates the model over a channel list source and a loader factory (tests inject both).
    public init(
        options: LaunchOptions, cacheDirectory: URL, channels: @escaping @Sendable () async throws -> [Channel],
        loader: @escaping (Channel) throws -> any FeedLoading
    ) {
        self.options = options
        self.cacheDirectory = cacheDirectory
        loadChannelList = channels
        makeLoader = loader
    }

    /// Starts loading the channel list.
    public func start() {
        Task { await loadChannels() }
    }

    // MARK: Channels

    /// Loads the channel list: shows the channel page when it has channels, else an alert
    /// (dismissing the alert of a failed load tries again). Ignored while a load is running.
    public func loadChannels() async {
        guard !isLoadingChannels else { return }
        isLoadingChannels = true
        let result: Result<[Channel], FeedError>
        do { result = .success(try await loadChannelList()) } catch { result = .failure(FeedError(error)) }
        isLoadingChannels = false
        switch result {
        case .success(let list) where !list.isEmpty:
            showChannels(list)
        case .success:
            present(FeedAlert(title: "No channels", message: "The catalog lists no channels."), then: nil)
        case .failure(let error):
            let alert = FeedAlert(error: error) ?? FeedAlert(title: "Couldn't load channels", message: "")
            present(alert) { [weak self] in self?.start() }
        }
    }

    /// The feed model of `channel`: its loader (a failing one when the catalog cannot make
    /// one, so the page shows the error), its persisted first page, the launch options'
    /// columns and page size, and the banner on the first channel only.
    public func makeFeed(for channel: Channel) -> FeedScreenModel {
        let loader: any FeedLoading
        do {
            loader = try makeLoader(channel)
        } catch {
            loader = FailingLoader(error: FeedError(error))
        }
        let cache = FeedPageCache(
            directory: cacheDirectory.appendingPathComponent("feeds"),
            key: Self.pageCacheKey(for: channel, source: options.source))
        var configuration = FeedScreenModel.Configuration()
        if let columns = options.columns { configuration.columns = .fixed(columns) }
        configuration.showsBanner = showsBanner(channel)
        return FeedScreenModel(
            pager: FeedPager(loader: loader, pageSize: options.pageSize, cache: cache), configuration: configuration)
    }

    /// Whether `channel`'s feed shows its featured items in a banner carousel: the first
    /// channel's does.
    public func showsBanner(_ channel: Channel) -> Bool {
        channel.id == channels.first?.id
    }

    /// Where a channel's first page is persisted: one file per source and channel.
    public static func pageCacheKey(for channel: Channel, source: LaunchOptions.Source) -> String {
        switch source {
        case .demoCatalog(let directory):
            "demo-\(directory.map(StableID.derived(fromText:)) ?? "default")-\(channel.id)"
        case .http(let url), .server(let url): "http-\(StableID.derived(fromText: url))-\(channel.id)"
        }
    }

    /// The channel page settled on channel `index`.
    public func channelSelected(_ index: Int) {
        host?.showSubtitle(channels.indices.contains(index) ? channels[index].title : "")
        host?.runBanner(ofChannel: screen == .feed ? index : nil)
    }

    // MARK: Navigation

    /// Opens the player page for `item`.
    public func open(_ item: VideoItem) {
        screen = .player
        host?.runBanner(ofChannel: nil)
        host?.showPlayer(item)
    }

    /// Returns from the player page to the channel page.
    public func back() {
        guard screen == .player else { return }
        screen = .feed
        host?.showChannelPage()
        host?.runBanner(ofChannel: pager?.selectedIndex)
    }

    // MARK: Alerts

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

    // MARK: Keys

    /// Handles a key pressed in the window (`name` as `gdk_keyval_name` gives it). Returns
    /// whether the key was used; unused keys go on to the focused widget.
    @discardableResult
    public func handleKey(_ name: String, modifiers: KeyModifiers) -> Bool {
        let context: AppKeyCommand.Context = alert != nil ? .alert : screen == .player ? .player : .feed
        guard let command = AppKeyCommand.command(forKey: name, modifiers: modifiers, in: context) else { return false }
        switch command {
        case .dismissAlert: dismissAlert()
        case .back: back()
        case .switchChannel(let forward):
            guard pager != nil else { return false }
            host?.switchChannel(forward: forward)
        case .scroll(let scroll):
            guard pager != nil else { return false }
            host?.scrollFeed(scroll)
        }
        return true
    }

    // MARK: Private

    private func showChannels(_ list: [Channel]) {
        channels = list
        let pager = ChannelPagerModel(channels: list) { [weak self] channel in
            self?.makeFeed(for: channel) ?? FeedScreenModel(pager: FeedPager(loader: FailingLoader()))
        }
        self.pager = pager
        host?.showChannels(pager)
        host?.showSubtitle(list[0].title)
    }

    private func present(_ message: FeedAlert, then action: (() -> Void)?) {
        alert = message
        alertAction = action
        host?.showAlert(message)
    }
}
