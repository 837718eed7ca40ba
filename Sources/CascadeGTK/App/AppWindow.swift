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
    /// The feed shown (nil until the channel list loaded).
    public private(set) var feed: FeedView?
    /// The page shown.
    public private(set) var screen = Screen.feed

    private let options: LaunchOptions
    private let catalog: FeedCatalog
    private let pipeline: ImagePipeline
    private let cacheDirectory: URL
    private let stack: OpaquePointer
    private let feedHolder: UnsafeMutablePointer<GtkWidget>
    private let subtitle: OpaquePointer
    private var channelTask: Task<Void, Never>?

    // MARK: Lifecycle

    /// Creates the window for `application`.
    public init(application: OpaquePointer, options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL) {
        self.options = options
        self.catalog = catalog
        self.cacheDirectory = cacheDirectory
        let disk = try? DiskImageCache(directory: cacheDirectory.appendingPathComponent("images"))
        pipeline = ImagePipeline(decoder: PixbufImageDecoder(), memoryCache: MemoryImageCache(), diskCache: disk)
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

        playerPage.onBack = { [weak self] in self?.showFeed() }
        connectKeys()
        Signal.connect(window.raw, "realize") { [weak self] in
            guard let self else { return }
            self.frameStats.attach(to: self.window)
        }
    }

    /// Shows the window and starts loading the catalog.
    public func present() {
        Stylesheet.install()
        gtk_window_present(window.as(GtkWindow.self))
        loadChannels()
    }

    // MARK: Navigation

    /// Opens the player page for `item`.
    public func open(_ item: VideoItem) {
        playerPage.show(item)
        gtk_stack_set_visible_child_name(stack, Screen.player.rawValue)
        screen = .player
    }

    /// Returns to the feed.
    public func showFeed() {
        playerPage.stop()
        gtk_stack_set_visible_child_name(stack, Screen.feed.rawValue)
        screen = .feed
        if let feed { gtk_widget_grab_focus(feed.scrolled) }
    }

    /// Whether loading the channel list is still going on.
    public var isLoadingChannels: Bool { channelTask != nil }

    // MARK: Private

    private func loadChannels() {
        channelTask = Task { [weak self, catalog] in
            let result: Result<[Channel], FeedError>
            do { result = .success(try await catalog.channels()) } catch { result = .failure(FeedError(error)) }
            guard let self else { return }
            self.channelTask = nil
            switch result {
            case .success(let channels) where !channels.isEmpty:
                self.channels = channels
                self.showChannel(channels[0])
            case .success:
                self.alert.show(title: "No channels", message: "The catalog lists no channels.")
            case .failure(let error):
                let alert = FeedAlert(error: error) ?? FeedAlert(title: "Couldn't load channels", message: "")
                self.alert.show(title: alert.title, message: alert.message) { [weak self] in self?.loadChannels() }
            }
        }
    }

    private func showChannel(_ channel: Channel) {
        let loader: any FeedLoading
        do {
            loader = try catalog.loader(for: channel)
        } catch {
            alert.show(title: "Couldn't open the feed", message: FeedError(error).userMessage)
            return
        }
        let cache = FeedPageCache(
            directory: cacheDirectory.appendingPathComponent("feeds"), key: cacheKey(for: channel))
        var configuration = FeedScreenModel.Configuration()
        if let columns = options.columns { configuration.columns = .fixed(columns) }
        let model = FeedScreenModel(pager: FeedPager(loader: loader, cache: cache), configuration: configuration)
        let view = FeedView(model: model, pipeline: pipeline)
        view.onOpenItem = { [weak self] item in self?.open(item) }
        view.onChromeChanged = { [weak self, weak view] in
            guard let self, let view, let message = view.model.alert else { return }
            if self.alert.text == nil {
                self.alert.show(title: message.title, message: message.message) { [weak view] in
                    view?.model.dismissAlert()
                }
            }
        }
        while let child = gtk_widget_get_first_child(feedHolder) {
            gtk_box_remove(feedHolder.as(GtkBox.self), child)
        }
        gtk_box_append(feedHolder.as(GtkBox.self), view.root)
        gtk_label_set_text(subtitle, channel.title)
        feed = view
        view.start()
        gtk_widget_grab_focus(view.scrolled)
    }

    private func cacheKey(for channel: Channel) -> String {
        switch options.source {
        case .demoCatalog: "demo-\(channel.id)"
        case .http(let url):
            "http-\(StableID.derived(from: URL(string: url.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")) ?? URL(fileURLWithPath: "/")))-\(channel.id)"
        }
    }

    private func connectKeys() {
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] key, state in
            guard let self else { return false }
            return self.handleKey(Int32(bitPattern: key), alt: state.rawValue & GDK_ALT_MASK.rawValue != 0)
        }
        gtk_widget_add_controller(window, keys)
    }

    private func handleKey(_ key: Int32, alt: Bool) -> Bool {
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
