import CGtk
import CascadeFeed
import CascadeImages
import CascadePixbuf
import CascadeScreens
import Foundation

/// The app's window: a top bar and the feed, the player page, and the in-window alert.
///
/// It wires models to widgets and routes input; the decisions are the models'.
@MainActor
public final class AppWindow {
    /// Which page is shown.
    public enum Screen: String {
        case feed
        case player
    }

    /// The GtkWindow.
    public let window: UnsafeMutablePointer<GtkWidget>
    /// The alert shown over everything.
    public let alert = AlertOverlay()
    /// The player page.
    public let playerPage: PlayerPage
    /// Frame times of this window.
    public let frameStats = FrameStats()
    /// The channels of the catalog (empty until loaded).
    public private(set) var channels: [Channel] = []
    /// The channel page (nil until the channel list loaded).
    public private(set) var channelPager: ChannelPagerView?
    /// The feed of the selected channel (nil until it is built).
    public var feed: FeedView? { channelPager?.currentPage }
    /// The page shown.
    public private(set) var screen = Screen.feed
    /// What `open(paths:)` was asked to open, oldest first (at most 32).
    public internal(set) var opened: [OpenTarget] = []
    /// The remembered settings (nil: none are read or written).
    public let preferences: PreferencesFile?

    private let options: LaunchOptions
    private var catalog: FeedCatalog
    /// Names the persisted first pages of the catalog shown (see `cacheKey(for:)`).
    private var catalogKey: String
    private var started = false
    private var preparation: CatalogPreparation?
    private let generation: DemoCatalogGeneration?
    private let pipeline: ImagePipeline
    private let cacheDirectory: URL
    private let stack: OpaquePointer
    private let feedHolder: UnsafeMutablePointer<GtkWidget>
    private let subtitle: OpaquePointer
    private var channelTask: Task<Void, Never>?
    private var columnsOverride: Int??

    // MARK: Lifecycle

    /// Creates the window for `application`.
    public init(
        application: OpaquePointer, options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL,
        preferences: PreferencesFile? = nil, generating generation: DemoCatalogGeneration? = nil
    ) {
        self.generation = generation
        self.options = options
        self.catalog = catalog
        self.cacheDirectory = cacheDirectory
        self.preferences = preferences
        catalogKey = Self.catalogKey(for: options.source)
        let disk = try? DiskImageCache(directory: cacheDirectory.appendingPathComponent("images"))
        // 32 MB of decoded covers holds about four screens of cells (a cover is ~0.3 MB), keeps a
        // 10,000-item fling's memory growth bounded, and the disk cache makes re-decoding cheap.
        pipeline = ImagePipeline(
            decoder: PixbufImageDecoder(), memoryCache: MemoryImageCache(costLimit: 32 << 20), diskCache: disk)
        playerPage = PlayerPage(pipeline: pipeline)

        window = gtk_application_window_new(UnsafeMutablePointer<GtkApplication>(application))
        gtk_window_set_title(window.as(GtkWindow.self), "Cascade")
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 760)
        gtk_widget_add_css_class(window, "cascade")

        let overlay = gtk_overlay_new()!
        stack = OpaquePointer(gtk_stack_new())
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_NONE)

        let feedPage = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
        gtk_widget_add_css_class(bar, "top-bar")
        let title = gtk_label_new("Cascade")!
        gtk_widget_add_css_class(title, "app-title")
        subtitle = OpaquePointer(gtk_label_new(nil))
        gtk_widget_add_css_class(subtitle.widget, "dim-label")
        gtk_box_append(bar.as(GtkBox.self), title)
        gtk_box_append(bar.as(GtkBox.self), subtitle.widget)
        feedHolder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_vexpand(feedHolder, 1)
        let loading = gtk_spinner_new()!
        gtk_spinner_start(OpaquePointer(loading))
        gtk_widget_set_vexpand(loading, 1)
        gtk_box_append(feedHolder.as(GtkBox.self), loading)
        gtk_box_append(feedPage.as(GtkBox.self), bar)
        gtk_box_append(feedPage.as(GtkBox.self), feedHolder)

        gtk_stack_add_named(stack, feedPage, Screen.feed.rawValue)
        gtk_stack_add_named(stack, playerPage.root, Screen.player.rawValue)
        gtk_overlay_set_child(OpaquePointer(overlay), stack.widget)
        gtk_overlay_add_overlay(OpaquePointer(overlay), alert.root)
        gtk_window_set_child(window.as(GtkWindow.self), overlay)

        if let volume = preferences?.preferences.volume { playerPage.controller.setVolume(volume) }
        playerPage.onBack = { [weak self] in self?.showFeed() }
        connectKeys()
        Signal.connect(window.raw, "realize") { [weak self] in
            guard let self else { return }
            self.frameStats.attach(to: self.window)
        }
    }

    /// Shows the window (and the first time, starts loading the catalog).
    public func present() {
        gtk_window_present(window.as(GtkWindow.self))
        guard !started else { return }
        started = true
        Stylesheet.install()
        if let generation {
            prepare(generation)
        } else {
            loadChannels()
        }
    }

    /// The first run's catalog generation, if one is going on or ended: `{done, total, message,
    /// running}`.
    public var catalogProgress: [String: Any]? { preparation?.reportState }

    /// Whether the first run's catalog is still being generated.
    public var isPreparingCatalog: Bool { preparation?.isRunning == true }

    /// Shows another catalog's channels in place of the current ones; `key` names its
    /// persisted first pages.
    func reload(catalog: FeedCatalog, key: String) {
        if screen == .player { showFeed() }
        channelTask?.cancel()
        self.catalog = catalog
        catalogKey = key
        channels = []
        loadChannels()
    }

    /// Remembers what outlives the run (the volume); call when the window goes away.
    public func saveSession() {
        preparation?.cancel()
        let volume = playerPage.controller.snapshot.volume
        preferences?.update { $0.volume = volume }
    }

    /// Sets the column count (nil: adaptive), remembers it, and rebuilds the channel pages.
    public func setColumns(_ columns: Int?) {
        columnsOverride = .some(columns)
        preferences?.update { $0.columns = columns }
        guard !channels.isEmpty else { return }
        let selected = channelPager?.model.selectedIndex ?? 0
        showChannels(channels, select: selected)
    }

    /// The column count in effect (nil: adaptive).
    public var columns: Int? {
        if let override = columnsOverride { return override }
        return options.columns ?? preferences?.preferences.columns
    }

    // MARK: Navigation

    /// Opens the player page for `item`.
    public func open(_ item: VideoItem) {
        feed?.setBannerActive(false)
        playerPage.show(item)
        gtk_stack_set_visible_child_name(stack, Screen.player.rawValue)
        screen = .player
    }

    /// Returns to the feed.
    public func showFeed() {
        saveSession()
        playerPage.stop()
        gtk_stack_set_visible_child_name(stack, Screen.feed.rawValue)
        screen = .feed
        if let feed {
            feed.setBannerActive(true)
            gtk_widget_grab_focus(feed.scrolled)
        }
    }

    /// Whether loading the channel list is still going on.
    public var isLoadingChannels: Bool { channelTask != nil || isPreparingCatalog }

    // MARK: Private

    private func prepare(_ generation: DemoCatalogGeneration) {
        let preparation = CatalogPreparation(generation: generation)
        self.preparation = preparation
        while let child = gtk_widget_get_first_child(feedHolder) {
            gtk_box_remove(feedHolder.as(GtkBox.self), child)
        }
        gtk_box_append(feedHolder.as(GtkBox.self), preparation.root)
        preparation.start { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: self.loadChannels()
            case .failure(let failure):
                self.alert.show(title: "Couldn't generate the demo catalog", message: "\(failure)")
            }
        }
    }

    private func loadChannels() {
        channelTask = Task { [weak self, catalog] in
            let result: Result<ChannelListDecoder.ChannelList, FeedError>
            do { result = .success(try await catalog.channelList()) } catch { result = .failure(FeedError(error)) }
            guard let self else { return }
            self.channelTask = nil
            switch result.map(\.channels) {
            case .success(let channels) where !channels.isEmpty:
                self.channels = channels
                let last = self.preferences?.preferences.lastChannel
                self.showChannels(channels, select: channels.firstIndex { $0.id == last } ?? 0)
                if case .success(let list) = result, let message = list.message {
                    self.alert.show(title: "Too many channels", message: message)
                }
            case .success:
                self.alert.show(title: "No channels", message: "The catalog lists no channels.")
            case .failure(let error):
                let alert = FeedAlert(error: error) ?? FeedAlert(title: "Couldn't load channels", message: "")
                self.alert.show(title: alert.title, message: alert.message) { [weak self] in self?.loadChannels() }
            }
        }
    }

    private func showChannels(_ channels: [Channel], select selected: Int) {
        let pager = ChannelPagerModel(channels: channels) { [weak self] channel in
            self?.makeFeed(for: channel) ?? FeedScreenModel(pager: FeedPager(loader: FailingLoader()))
        }
        let view = ChannelPagerView(model: pager, pipeline: pipeline)
        view.onPageBuilt = { [weak self] page in self?.configure(page) }
        view.onSelectionChanged = { [weak self, weak view] index in
            guard let self, let view else { return }
            for (page, feed) in view.pages { feed.setBannerActive(page == index && self.screen == .feed) }
            gtk_label_set_text(self.subtitle, channels.indices.contains(index) ? channels[index].title : "")
            if channels.indices.contains(index) {
                self.preferences?.channelSelected(channels[index].id, isFirst: index == 0)
            }
        }
        while let child = gtk_widget_get_first_child(feedHolder) {
            gtk_box_remove(feedHolder.as(GtkBox.self), child)
        }
        gtk_box_append(feedHolder.as(GtkBox.self), view.root)
        gtk_label_set_text(subtitle, channels[0].title)
        channelPager = view
        view.start()
        if selected > 0 { view.selectTab(selected) }
        if let page = view.currentPage { gtk_widget_grab_focus(page.scrolled) }
    }

    private func makeFeed(for channel: Channel) -> FeedScreenModel {
        let loader: any FeedLoading
        do {
            loader = try catalog.loader(for: channel)
        } catch {
            loader = FailingLoader(error: FeedError(error))
        }
        let cache = FeedPageCache(
            directory: cacheDirectory.appendingPathComponent("feeds"), key: cacheKey(for: channel),
            policy: catalog.referencePolicy)
        var configuration = FeedScreenModel.Configuration()
        if let columns { configuration.columns = .fixed(columns) }
        // The first channel's featured items also run in a banner carousel at its top.
        configuration.showsBanner = channel.id == channels.first?.id
        return FeedScreenModel(
            pager: FeedPager(loader: loader, pageSize: options.pageSize, cache: cache), configuration: configuration)
    }

    private func configure(_ page: FeedView) {
        page.bannerInterval = options.carouselInterval
        page.onOpenItem = { [weak self] item in self?.open(item) }
        page.onChromeChanged = { [weak self, weak page] in
            guard let self, let page, let message = page.model.alert else { return }
            guard self.alert.text == nil, page === self.feed else { return }
            self.alert.show(title: message.title, message: message.message) { [weak page] in
                page?.model.dismissAlert()
            }
        }
    }

    /// Where a channel's first page is persisted: one file per source and channel.
    private func cacheKey(for channel: Channel) -> String { "\(catalogKey)-\(channel.id)" }

    private static func catalogKey(for source: LaunchOptions.Source) -> String {
        switch source {
        case .demoCatalog(let directory): "demo-\(directory.map(StableID.derived(fromText:)) ?? "default")"
        case .http(let url), .server(let url): "http-\(StableID.derived(fromText: url))"
        }
    }

    private func connectKeys() {
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] key, state in
            guard let self else { return false }
            return self.handleKey(Int32(bitPattern: key), state: state)
        }
        gtk_widget_add_controller(window, keys)
    }

    private func handleKey(_ key: Int32, state: GdkModifierType) -> Bool {
        let alt = state.rawValue & GDK_ALT_MASK.rawValue != 0
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        if alert.text != nil {
            if key == GDK_KEY_Escape || key == GDK_KEY_Return {
                alert.dismiss()
                return true
            }
            return false
        }
        if screen == .player {
            if key == GDK_KEY_Escape || (alt && key == GDK_KEY_Left) || key == GDK_KEY_BackSpace {
                showFeed()
                return true
            }
            return false
        }
        let ctrl = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        if ctrl, let name = gdk_keyval_name(UInt32(bitPattern: key)),
            let shortcut = ColumnShortcut(keyName: String(cString: name))
        {
            let layout = feed?.model.layout
            let shown = max(layout?.columnCount(inSection: 0) ?? 0, layout?.columnCount(inSection: 1) ?? 0)
            setColumns(shortcut.columns(after: columns, shown: shown))
            return true
        }
        if ctrl, let pager = channelPager {
            switch key {
            case GDK_KEY_Tab, GDK_KEY_Page_Down:
                pager.swipe(forward: !shift)
                return true
            case GDK_KEY_ISO_Left_Tab, GDK_KEY_Page_Up:
                pager.swipe(forward: false)
                return true
            default: break
            }
        }
        guard let feed else { return false }
        let page = feed.viewportHeight * 0.9
        switch key {
        case GDK_KEY_Page_Down: feed.scroll(to: feed.offset + page)
        case GDK_KEY_Page_Up: feed.scroll(to: feed.offset - page)
        case GDK_KEY_Home: feed.scroll(to: 0)
        case GDK_KEY_End: feed.scroll(to: feed.maxOffset)
        default: return false
        }
        return true
    }
}
