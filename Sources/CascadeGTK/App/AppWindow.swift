import CGtk
import CascadeFeed
import CascadeFolder
import CascadeGStreamer
import CascadeImages
import CascadePixbuf
import CascadePlayer
import CascadeScreens
import Foundation

/// The app's window (an `AdwApplicationWindow`): the header bar with the primary menu, then the
/// channel page or the player page, toasts over them, and the modal alert.
/// It draws what its `AppModel` decides (`AppHosting`), passes it the input and keeps the preferences file.
@MainActor
public final class AppWindow: AppHosting {
    /// Which page is shown.
    package typealias Screen = AppModel.Screen

    /// The window (an `AdwApplicationWindow`).
    package let window: UnsafeMutablePointer<GtkWidget>
    /// The app's logic.
    package let model: AppModel
    /// The modal alert (`AdwMessageDialog`) over the window.
    package let alert: AlertDialog
    /// Passing notices (toasts) over the pages; set up with the window's content.
    package let toasts: ToastNotices
    /// Files and folders dropped on the window open as `cascade PATH` does.
    var dropTarget: WindowDropTarget?
    /// The player page.
    package let playerPage: PlayerPage
    /// The channels of the catalog (empty until loaded).
    package var channels: [Channel] { model.channels }
    /// The channel page (nil until the channel list loaded).
    package private(set) var channelPager: ChannelPagerView?
    /// Whether the window has gone away (unrealized on its close): its widgets must not be read.
    package private(set) var isClosed = false
    /// The feed shown: a search's results while the search bar shows them (none while it says
    /// it found nothing), else the selected channel's (nil until it is built).
    package var feed: FeedView? {
        search.showsNoResults ? nil : search.results ?? channelPager?.currentPage
    }
    /// The search bar and its results.
    package let search = FeedSearch()
    /// Whether the search says it found nothing (no feed is shown then).
    package var showsNoSearchResults: Bool { search.showsNoResults }
    /// The page shown.
    package var screen: Screen { model.screen }
    /// Whether loading the channel list is still going on.
    package var isLoadingChannels: Bool { model.isLoadingChannels || isPreparingCatalog }
    /// Whether the first run's catalog is still being generated.
    package var isPreparingCatalog: Bool { preparation?.isRunning == true }
    /// The first run's catalog generation, if one is going on or ended.
    package var catalogProgress: (done: Int, total: Int, message: String, running: Bool)? {
        preparation.map { ($0.progress.done, $0.progress.total, $0.message, $0.isRunning) }
    }
    /// The first run's generation progress line as shown, if one is going on or ended.
    package var catalogProgressMessage: String? { preparation?.message }
    /// The column count in effect (nil: adaptive).
    package var columns: Int? { model.columns }
    /// What `open(paths:)` was asked to open, oldest first (at most 32).
    package internal(set) var opened: [OpenTarget] = []
    /// The remembered settings (nil: none are read or written).
    package let preferences: PreferencesFile?
    /// Where videos were left (nil: nothing is remembered), for the resume offer and the progress bars.
    package let resumeStore: ResumeStore?
    /// The feed's hover previews (at most one live in the window).
    package let previews: FeedPreviews

    let options: LaunchOptions
    /// The caches Preferences' "Clear cache" counts and empties.
    let caches: AppCaches
    /// The open Preferences window's cache row, for the script report (nil while none is open).
    package internal(set) weak var cacheRow: CacheRow?
    /// The open Preferences window's default folder row, for the script report.
    package internal(set) weak var folderRow: DefaultFolderRow?
    /// "Autoplay next" when there is no preferences file to keep it in.
    var autoplayNextUnsaved = false
    private var started = false
    private let generation: DemoCatalogGeneration?
    private var preparation: CatalogPreparation?
    let pipeline: ImagePipeline
    private let stack: OpaquePointer
    private let feedHolder: UnsafeMutablePointer<GtkWidget>
    /// The header bar.
    package let header = WindowHeader()
    /// The window's GActions (`win.*`), enabled where their commands apply.
    private var actions: WindowActions?
    /// The catalog's status line (a folder's scan progress), nil for none.
    package internal(set) var catalogStatus: String?
    /// Whether the catalog says its source changed since it was read (a folder feed's watcher
    /// saw a file arrive): the status line then asks for a pull.
    package internal(set) var catalogStale = false
    var statusTask: Task<Void, Never>?

    // MARK: Lifecycle

    /// Creates the window for `application`.
    package init(
        application: OpaquePointer, options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL,
        preferences: PreferencesFile? = nil, resumeStore: ResumeStore? = nil,
        generating generation: DemoCatalogGeneration? = nil
    ) {
        self.generation = generation
        self.options = options
        caches = AppCaches(root: cacheDirectory)
        self.preferences = preferences
        self.resumeStore = resumeStore
        model = AppModel(
            options: options, catalog: catalog, cacheDirectory: cacheDirectory,
            preferredColumns: preferences?.preferences.columns, lastChannel: preferences?.preferences.lastChannel,
            hoverPreviews: preferences?.preferences.hoverPreviews ?? Preferences().hoverPreviews)
        // Right-to-left languages mirror the window: GTK's own widgets through the default
        // direction (set before any widget exists), the feeds' columns through the model.
        let direction = InterfaceDirection.layoutDirection(environment: ProcessInfo.processInfo.environment)
        gtk_widget_set_default_direction(direction == .rightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        model.layoutDirection = direction
        let disk = try? DiskImageCache(
            directory: cacheDirectory.appendingPathComponent("images"),
            sizeLimit: preferences?.preferences.imageCacheBytes ?? DiskImageCache.defaultSizeLimit)
        // Folder feeds' covers are thumbnails made on demand; every other URL is fetched as before.
        pipeline = ImagePipeline(
            decoder: PixbufImageDecoder(), fetcher: FolderFeeds.fetcher(),
            memoryCache: MemoryImageCache(costLimit: CacheBudgets.decodedCoverBytes), diskCache: disk)
        playerPage = PlayerPage(pipeline: pipeline)
        playerPage.attachSeekPreviews(
            SeekPreviewSprites(store: SeekPreviewStore(cacheDirectory: cacheDirectory), maker: GStreamerSpriteMaker()))
        // Drawn over the whole player until the first frame: a folder video's larger thumbnail.
        playerPage.coverURL = { url, box in
            FolderFeeds.thumbnails.cover(replacing: url, coveringPixelWidth: box.width, height: box.height)
        }
        previews = FeedPreviews(enabled: model.hoverPreviews)

        window = adw_application_window_new(UnsafeMutablePointer<GtkApplication>(application))
        gtk_window_set_title(window.as(GtkWindow.self), "Cascade")
        gtk_window_set_default_size(window.as(GtkWindow.self), 1000, 760)
        gtk_widget_add_css_class(window, "cascade")
        alert = AlertDialog(parent: window)

        let overlay = gtk_overlay_new()!
        stack = OpaquePointer(gtk_stack_new())
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_NONE)

        let feedPage = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        feedHolder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_vexpand(feedHolder, 1)
        let loading = gtk_spinner_new()!
        gtk_spinner_start(OpaquePointer(loading))
        gtk_widget_set_vexpand(loading, 1)
        gtk_box_append(feedHolder.as(GtkBox.self), loading)
        gtk_box_append(feedPage.as(GtkBox.self), search.bar)
        gtk_box_append(feedPage.as(GtkBox.self), feedHolder)

        gtk_stack_add_named(stack, feedPage, Screen.feed.rawValue)
        gtk_stack_add_named(stack, playerPage.root, Screen.player.rawValue)
        Accessible.showPage(Screen.feed.rawValue, of: stack)
        gtk_overlay_set_child(OpaquePointer(overlay), stack.widget)
        gtk_widget_set_vexpand(overlay, 1)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        toasts = ToastNotices(around: overlay)
        gtk_widget_set_vexpand(toasts.root, 1)
        gtk_box_append(content.as(GtkBox.self), header.root)
        gtk_box_append(content.as(GtkBox.self), toasts.root)
        model.titleMeasurer = PangoTitleMeasurer(in: content)
        adw_application_window_set_content(window.as(AdwApplicationWindow.self), content)

        if let volume = preferences?.preferences.volume { playerPage.controller.setVolume(volume) }
        playerPage.controller.resumeStore = resumeStore
        // The tracks chosen per video are remembered when positions are, in the same folder.
        playerPage.engine.trackChoices = resumeStore.map { store in
            TrackChoiceStore(
                fileURL: store.fileURL?.deletingLastPathComponent().appendingPathComponent("track-choices"))
        }
        resumeStore?.onChange = { [weak self] in
            for feed in self?.channelPager?.pages.values.map({ $0 }) ?? [] { feed.refreshWatchProgress() }
            self?.reportResumeEntries()
        }
        reportResumeEntries()
        playerPage.onBack = { [weak self] in self?.model.back() }
        connectPaging()
        model.host = self
        actions = WindowActions(window: window) { [weak self] command in
            guard let self else { return }
            self.model.perform(command, shownColumns: self.feed?.model.shownColumns ?? 0)
        }
        refreshActions()
        connectSearch(capturingKeysFrom: feedPage)
        playerPage.attachDesktop(application: UnsafeMutablePointer(application), window: window)
        followStatus(of: catalog)
        connectKeys()
        connectDrop()
        Signal.connect(window.raw, "realize") { [weak self] in
            self?.followPresence()
        }
        Signal.connect(window.raw, "unrealize") { [weak self] in self?.isClosed = true }
        // A fullscreen video fills the screen: no header bar over it.
        Signal.connectNotify(window.raw, "fullscreened") { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(
                self.header.root, gtk_window_is_fullscreen(self.window.as(GtkWindow.self)) == 0 ? 1 : 0)
        }
    }

    /// Shows the window (and the first time, starts loading the catalog).
    package func present() {
        gtk_window_present(window.as(GtkWindow.self))
        guard !started else { return }
        started = true
        Stylesheet.install()
        Stylesheet.noteRenderer(of: window)
        if let generation {
            prepare(generation)
        } else {
            model.start()
        }
    }

    /// Remembers the volume and where the playing video was left; call when the window goes away.
    package func saveSession() {
        preparation?.cancel()
        playerPage.controller.recordPosition()
        let volume = playerPage.controller.snapshot.volume
        preferences?.update { $0.volume = volume }
    }

    /// Sets the column count (nil: adaptive), remembers it, and rebuilds the channel pages.
    package func setColumns(_ columns: Int?) {
        model.setColumns(columns)
    }

    // MARK: AppHosting

    public func showChannels(_ pager: ChannelPagerModel, selected: Int) {
        let view = ChannelPagerView(model: pager, pipeline: pipeline)
        view.onPageBuilt = { [weak self] page in self?.configure(page) }
        view.onSelectionChanged = { [weak self] index in self?.model.channelSelected(index) }
        search.close()
        showInFeedHolder(search.wrap(view.root))
        channelPager = view
        view.start()
        if selected > 0 { view.selectTab(selected) }
        if let page = view.currentPage { gtk_widget_grab_focus(page.scrolled) }
        refreshActions()
    }

    /// Enables the window's actions that apply now (after the page or the alert changed).
    func refreshActions() {
        actions?.refresh { [model] in model.canPerform($0) }
    }

    /// The header bar's subtitle: only the catalog's status (the tab strip below shows the channel).
    func updateSubtitle() {
        header.setSubtitle(catalogStatus ?? "")
    }

    /// The texts the header bar draws (its title, and its subtitle when there is one), for the report.
    package var topBarTexts: [String] { header.texts }

    public func showAlert(_ message: FeedAlert) {
        alert.show(title: message.title, message: message.message) { [weak self] in self?.model.dismissAlert() }
        refreshActions()
    }

    public func hideAlert() {
        alert.dismiss()
        refreshActions()
    }

    public func showPlayer(_ item: VideoItem) {
        describeForResume(item)
        previews.controller.playerOpened()
        playerPage.show(item)
        playerOpened()
        Accessible.showPage(Screen.player.rawValue, of: stack)
        playerPage.takeFocus()
        refreshActions()
    }

    public func showChannelPage() {
        saveSession()
        playerPage.stop()
        Accessible.showPage(Screen.feed.rawValue, of: stack)
        // The stack gives the focus back to the cell that was opened when it can; otherwise the
        // feed's scroller takes it (arrow keys then enter the cells).
        revealPlayedItem()
        if let feed, feed.focusedItem == nil { gtk_widget_grab_focus(feed.scrolled) }
        refreshActions()
    }

    public func runBanner(ofChannel index: Int?) {
        for (page, feed) in channelPager?.pages ?? [:] { feed.setBannerActive(page == index) }
    }

    public func scrollFeed(_ command: FeedScrollCommand) {
        guard let feed else { return }
        feed.scroll(
            to: command.targetOffset(from: feed.offset, viewportHeight: feed.viewportHeight, maxOffset: feed.maxOffset))
    }

    public func switchChannel(forward: Bool) {
        channelPager?.swipe(forward: forward)
    }

    public func rememberChannel(_ channel: Channel, isFirst: Bool) {
        preferences?.channelSelected(channel.id, isFirst: isFirst)
    }

    public func rememberColumns(_ columns: Int?) {
        preferences?.update { $0.columns = columns }
    }

    public func showHoverPreviews(_ enabled: Bool) {
        previews.controller.isEnabled = enabled
    }

    public func rememberHoverPreviews(_ enabled: Bool) {
        preferences?.update { $0.hoverPreviews = enabled }
    }

    public func startSearch() {
        search.open()
    }

    public func adjustPlayback(_ adjustment: PlaybackAdjustment) {
        playerPage.adjustPlayback(adjustment)
    }

    // MARK: Private

    /// A first run: the catalog's generation, its progress in place of the channel page, then the channels.
    private func prepare(_ generation: DemoCatalogGeneration) {
        let preparation = CatalogPreparation(generation: generation)
        self.preparation = preparation
        showInFeedHolder(preparation.root)
        preparation.start { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: self.model.start()
            case .failure(let failure):
                self.alert.show(title: "Couldn't generate the demo catalog", message: "\(failure)")
            }
        }
    }

    /// Puts `widget` in place of what the channel page's area shows.
    private func showInFeedHolder(_ widget: UnsafeMutablePointer<GtkWidget>) {
        while let child = gtk_widget_get_first_child(feedHolder) { gtk_box_remove(feedHolder.as(GtkBox.self), child) }
        gtk_box_append(feedHolder.as(GtkBox.self), widget)
    }
}
