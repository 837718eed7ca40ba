import CGtk
import CascadeScreens

/// The search bar over the channel page (`GtkSearchBar` with a `GtkSearchEntry`): Ctrl+F or
/// typing on the channel page opens it; the query's results show as the model's search feed
/// (`AppModel.searchFeed(_:reusing:)`) in a `FeedView` in place of the channel pager, which
/// stays as it was; a new query changes the results shown through their diff; Esc (or an empty
/// query) shows the pager again at the same position.
@MainActor
package final class FeedSearch {
    /// The `GtkSearchBar`.
    let bar: UnsafeMutablePointer<GtkWidget>
    /// The feed of the results shown, nil while the pager is shown.
    private(set) var results: FeedView?
    /// Builds the results' view for a feed model (the window configures and starts it).
    var makeView: ((FeedScreenModel) -> FeedView)?
    /// The results' feed model for a query (nil: show the pager), and the status page shown in
    /// its place (nil: the results are drawn).
    var search: ((String) -> (feed: FeedScreenModel, status: StatusPage?)?)?
    /// Called after the pager is shown again (the window gives it the focus).
    var onClose: (() -> Void)?
    /// Called when the entry gains (true) or loses the keyboard focus.
    var onTyping: ((Bool) -> Void)?

    private let entry: UnsafeMutablePointer<GtkWidget>
    private var stack: OpaquePointer?
    /// "No Results Found" (`AdwStatusPage`), shown in place of an empty results feed.
    let empty = StatusPageView()

    // MARK: Lifecycle

    init() {
        bar = gtk_search_bar_new()
        entry = gtk_search_entry_new()
        gtk_widget_set_hexpand(entry, 1)
        Self.setString(entry, "placeholder-text", Localization.text("Search videos"))
        Accessible.setLabel(entry, Localization.text("Search videos"))
        gtk_search_bar_set_child(OpaquePointer(bar), entry)
        g_object_ref_sink(empty.root.raw)
        gtk_search_bar_connect_entry(OpaquePointer(bar), OpaquePointer(entry))
        gtk_search_bar_set_show_close_button(OpaquePointer(bar), 1)
        // GTK 4.8 names the bar's close button after its icon ("GtkImage"): a screen reader says that.
        if let close = Self.firstButton(in: bar) { Accessible.setLabel(close, Localization.text("Close search")) }
        Signal.connect(entry.raw, "search-changed") { [weak self] in self?.queryChanged() }
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in self?.onTyping?(true) }
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.onTyping?(false) }
        gtk_widget_add_controller(entry, focus)
        Signal.connect(entry.raw, "stop-search") { [weak self] in self?.close() }
        // Closed, the bar is not on screen, but GTK keeps its revealer's child in the AT-SPI tree.
        Accessible.setHidden(bar, true)
        Signal.connectNotify(bar.raw, "search-mode-enabled") { [weak self] in
            guard let self else { return }
            Accessible.setHidden(self.bar, !self.isOpen)
            guard !self.isOpen, self.results != nil || self.showsNoResults else { return }
            self.showPager()
            self.onClose?()
        }
    }

    // MARK: Internal

    /// Whether "No Results Found" is shown.
    var showsNoResults: Bool {
        guard let stack, let name = gtk_stack_get_visible_child_name(stack) else { return false }
        return String(cString: name) == "empty"
    }

    /// Whether the bar is open.
    package var isOpen: Bool { gtk_search_bar_get_search_mode(OpaquePointer(bar)) != 0 }

    /// The field's text.
    package var query: String { gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? "" }

    /// Typing on `widget` (the channel page) opens the bar with what was typed.
    func captureKeys(from widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_search_bar_set_key_capture_widget(OpaquePointer(bar), widget)
    }

    /// Puts `pager` (the channel pager's root) in a stack the results share, and returns the
    /// stack's widget for the window to show.
    func wrap(_ pager: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        results = nil
        if let old = self.stack, gtk_widget_get_parent(empty.root) != nil { gtk_stack_remove(old, empty.root) }
        let stack = OpaquePointer(gtk_stack_new())!
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_add_named(stack, pager, "channels")
        gtk_stack_add_named(stack, empty.root, "empty")
        Accessible.showPage("channels", of: stack)
        gtk_widget_set_vexpand(stack.widget, 1)
        self.stack = stack
        return stack.widget
    }

    /// Opens the bar with the focus in the entry, ready for keys at once: GTK drops a key when a
    /// widget above the focused one is not realized, and the bar's revealer maps the field only
    /// at its slide's first frame, after the keys a person typed right away (Docs/PLATFORM_NOTES.md).
    func open() {
        gtk_search_bar_set_search_mode(OpaquePointer(bar), 1)
        gtk_widget_grab_focus(entry)
        if let root = gtk_widget_get_root(entry), let focus = gtk_root_get_focus(root) { gtk_widget_realize(focus) }
    }

    /// Closes the bar and shows the pager again.
    func close() {
        gtk_search_bar_set_search_mode(OpaquePointer(bar), 0)
        showPager()
        onClose?()
    }

    // MARK: Private

    private func queryChanged() {
        guard let found = search?(query), let stack else {
            showPager()
            return
        }
        // The results shown before took the new ones through their diff.
        if found.status == nil, let view = results, view.model === found.feed { return }
        dropResults()
        if let status = found.status {
            empty.show(status)
            Accessible.showPage("empty", of: stack)
            return
        }
        guard let view = makeView?(found.feed) else { return }
        let model = found.feed
        results = view
        gtk_stack_add_named(stack, view.root, "search")
        Accessible.showPage("search", of: stack)
        view.start()
        model.start()
    }

    private func showPager() {
        guard results != nil || showsNoResults, let stack else { return }
        Accessible.showPage("channels", of: stack)
        dropResults()
    }

    /// The first `GtkButton` among `widget`'s descendants, depth first.
    static func firstButton(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current))
            if g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0 { return current }
            if let found = firstButton(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// A string property (GTK 4.8 has no setter for the entry's placeholder; `g_object_set` is variadic).
    private static func setString(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String, _ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        g_object_set_property(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), name, &value)
    }

    private func dropResults() {
        guard let view = results, let stack else { return }
        results = nil
        view.stop()
        gtk_stack_remove(stack, view.root)
    }
}
