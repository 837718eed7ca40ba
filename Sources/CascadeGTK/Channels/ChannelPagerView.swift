import CGtk
import CascadeCollection
import CascadeFeed
import CascadeImages
import CascadeLayout
import CascadeNumerics
import CascadeScreens
import Foundation

/// The channel page: a tab strip (selected tab centred, indicator following a swipe) above a paging
/// container of `FeedView`s; swipes, tabs and keys go to `ChannelPagerModel`, which places them.
@MainActor
package final class ChannelPagerView {
    /// The root widget.
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The model.
    package let model: ChannelPagerModel
    /// Built page views by channel index.
    package private(set) var pages: [Int: FeedView] = [:]
    /// Called to configure a newly built page view (open handlers, alerts).
    package var onPageBuilt: ((FeedView) -> Void)?
    /// Called when the selected channel changed.
    package var onSelectionChanged: ((Int) -> Void)?

    private let pipeline: ImagePipeline
    let stripScroller: UnsafeMutablePointer<GtkWidget>
    /// The tab list.
    let strip: UnsafeMutablePointer<GtkWidget>
    private let indicator: UnsafeMutablePointer<GtkWidget>
    /// The tabs, in channel order.
    package private(set) var tabs: [UnsafeMutablePointer<GtkWidget>] = []
    private var tabFrames: [CGRect] = []
    /// The tabs' frames left to right, the strip's content width and height.
    private var laidOutTabs: (frames: [CGRect], contentWidth: CGFloat, height: Int32) = ([], 0, 0)
    private let container: UnsafeMutablePointer<GtkWidget>
    /// The pages' panel.
    let containerScroller: UnsafeMutablePointer<GtkWidget>
    private let probe = SizeProbe()
    private(set) var size = CGSize.zero
    private var animation: MotionAnimation?
    private(set) var swipeEndTimer: MainLoopTimer?
    /// The mouse or touch drag under way (`ChannelPagerView+Drag`).
    var pointerDrag: PointerDragSession?
    /// The pointer's last position over the container.
    var pointer = CGPoint(x: -1, y: -1)

    // MARK: Lifecycle

    /// Creates the view over `model` (call `start()` once it is in a window).
    package init(model: ChannelPagerModel, pipeline: ImagePipeline) {
        self.model = model
        self.pipeline = pipeline
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)

        stripScroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(OpaquePointer(stripScroller), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_widget_add_css_class(stripScroller, "tab-strip")
        gtk_widget_set_focusable(stripScroller, 0)  // the tabs take the focus, not their scroller
        strip = gtk_fixed_new()
        Accessible.setRole(strip, GTK_ACCESSIBLE_ROLE_TAB_LIST)
        Accessible.setLabel(strip, AccessibleText.channels(translate: Localization.text))
        gtk_scrolled_window_set_child(OpaquePointer(stripScroller), strip)
        indicator = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(indicator, "tab-indicator")
        gtk_widget_set_can_target(indicator, 0)

        // A GtkFixed in a scroller with external policies: the pages' combined width never becomes the
        // window's minimum (Docs/PLATFORM_NOTES.md), and its adjustments report the size.
        container = gtk_fixed_new()
        containerScroller = gtk_scrolled_window_new()
        Accessible.setRole(containerScroller, GTK_ACCESSIBLE_ROLE_TAB_PANEL)
        gtk_scrolled_window_set_policy(OpaquePointer(containerScroller), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        gtk_widget_set_focusable(containerScroller, 0)
        gtk_scrolled_window_set_child(OpaquePointer(containerScroller), container)
        containerScroller.expand()
        let area = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(area), containerScroller)
        gtk_overlay_add_overlay(OpaquePointer(area), probe.widget)
        gtk_box_append(root.as(GtkBox.self), stripScroller)
        gtk_box_append(root.as(GtkBox.self), area)

        buildTabs()
        connectSwipes()
        connectDrags()
        connectStripScrolling()
        model.onBuild = { [weak self] index, feed in self?.buildPage(index, feed) }
        model.onDiscard = { [weak self] index in self?.discardPage(index) }
        model.onChannelsChanged = { [weak self] old in self?.channelsChanged(from: old) }
        model.onVisibilityChanged = { [weak self] index, visible in
            guard let self, visible else { return }
            self.onSelectionChanged?(index)
        }
    }

    /// Builds the first pages and starts following the size.
    package func start() {
        model.start()
        probe.onResize = { [weak self] _, _ in self?.checkSize() }
        checkSize()
    }

    // MARK: Queries

    /// The page view of the selected channel, if built.
    package var currentPage: FeedView? { pages[model.selectedIndex] }
    /// The width of one page.
    package var pageWidth: Double { Double(size.width) }
    /// Whether the container is animating or a swipe is in progress.
    package var isMoving: Bool { animation != nil || swipeEndTimer != nil || pointerDrag?.owner == .channels }
    /// The selection indicator's frame in strip coordinates (for tests).
    package var indicatorFrame: CGRect? { model.indicatorFrame(tabFrames: tabFrames) }
    /// The tab frames in strip coordinates.
    package var tabStripFrames: [CGRect] { tabFrames }
    /// The tab strip's scroll offset.
    package var stripOffset: Double {
        gtk_adjustment_get_value(gtk_scrolled_window_get_hadjustment(OpaquePointer(stripScroller)))
    }
    /// Where strip coordinate (0, 0) is drawn in `ancestor`'s coordinates (the strip's scroll
    /// offset included): tab `i` is drawn at `origin.x + tabStripFrames[i].minX`.
    package func stripOrigin(in ancestor: UnsafeMutablePointer<GtkWidget>) -> CGPoint {
        strip.point(in: ancestor)
    }
    /// Scrolls the tab strip to `offset` (clamped to its content), as a drag or wheel does.
    package func scrollStrip(to offset: Double) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(OpaquePointer(stripScroller)), offset)
    }
    /// The tab strip's visible width.
    package var stripWidth: Double { Double(gtk_widget_get_width(stripScroller)) }

    // MARK: Actions (the paths real input takes)

    /// A tab click: selects the page and slides the container there.
    package func selectTab(_ index: Int) {
        guard model.channels.indices.contains(index) else { return }
        dropPendingSwipe()
        let from = model.position
        model.selectTab(index)
        animate(from: from, to: Double(index), reporting: false)
    }

    /// Moves to the next (or previous) page as a completed swipe does.
    package func swipe(forward: Bool) {
        let target = model.selectedIndex + (forward ? 1 : -1)
        guard model.channels.indices.contains(target) else { return }
        dropPendingSwipe()
        animate(from: model.position, to: Double(target), reporting: true)
    }

    /// Forgets a pending touchpad swipe end, so its timer cannot snap away from the page just chosen.
    private func dropPendingSwipe() {
        swipeEndTimer?.cancel()
        swipeEndTimer = nil
        model.cancelSwipe()
    }

    /// Feeds a horizontal scroll delta in points (touchpad swipe).
    package func swipeDelta(_ dx: Double) {
        guard size.width > 0, animation == nil else { return }
        model.swipe(byPages: Double(pageSign) * dx / size.width, at: MonotonicClock.seconds)
        layout()
        swipeEndTimer?.cancel()
        swipeEndTimer = MainLoopTimer.after(seconds: PointerInput.gestureEndDelay) { [weak self] in self?.endSwipe() }
    }

    /// The swipe ended: snap to a page.
    package func endSwipe() {
        swipeEndTimer?.cancel()
        swipeEndTimer = nil
        animate(from: model.position, to: Double(model.endSwipe()), reporting: true)
    }

    // MARK: Private

    /// Each tab is a focusable overlay around its title (a focusable GtkBox is never in the Tab
    /// chain), a screen-reader tab controlling the pages, chosen by a click, Enter or Space.
    private func buildTabs() {
        for (index, channel) in model.channels.enumerated() {
            let tab = gtk_overlay_new()!
            Accessible.setRole(tab, GTK_ACCESSIBLE_ROLE_TAB)
            gtk_widget_add_css_class(tab, "tab")
            gtk_widget_set_focusable(tab, 1)
            // "Continue watching" is the app's own channel: its title is translated.
            let title = channel.id == ContinueWatching.channelID ? Localization.text(channel.title) : channel.title
            gtk_overlay_set_child(tab.opaque, gtk_label_new(title))
            Accessible.setLabel(tab, title)
            Accessible.setPosition(tab, index + 1, of: model.channels.count)
            Accessible.relate(tab, GTK_ACCESSIBLE_RELATION_CONTROLS, to: containerScroller)
            let click = gtk_gesture_click_new()!
            Signal.connectPress(UnsafeMutableRawPointer(click), "released") { [weak self] _, _, _ in
                self?.selectTab(index)
            }
            gtk_widget_add_controller(tab, click)
            ActivationKeys.attach(to: tab) { [weak self] in self?.selectTab(index) }
            AccessibleAction.attach(to: tab, prefix: "tab") { [weak self] in self?.selectTab(index) }
            gtk_fixed_put(strip.as(GtkFixed.self), tab, 0, 0)
            tabs.append(tab)
        }
        gtk_fixed_put(strip.as(GtkFixed.self), indicator, 0, 0)
        measureTabs()
    }

    /// The channels changed: the tabs are made again, and each built page moves to its
    /// channel's new index (those of channels gone were discarded already).
    private func channelsChanged(from old: [Channel]) {
        animation?.stop()
        animation = nil
        dropPendingSwipe()
        for tab in tabs { gtk_fixed_remove(strip.as(GtkFixed.self), tab) }
        // The indicator is put back after the new tabs (drawn over them): kept alive meanwhile.
        g_object_ref(UnsafeMutableRawPointer(indicator))
        defer { g_object_unref(UnsafeMutableRawPointer(indicator)) }
        gtk_fixed_remove(strip.as(GtkFixed.self), indicator)
        tabs = []
        tabFrames = []
        var moved: [Int: FeedView] = [:]
        for (index, page) in pages {
            guard let id = old[safe: index]?.id, let newIndex = model.channels.firstIndex(where: { $0.id == id })
            else { continue }
            moved[newIndex] = page
        }
        pages = moved
        buildTabs()
        layout()
    }

    private func measureTabs() {
        var widths: [CGFloat] = []
        var height: Int32 = 0
        for tab in tabs {
            var natural: Int32 = 0
            var naturalHeight: Int32 = 0
            gtk_widget_measure(tab, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
            gtk_widget_measure(tab, GTK_ORIENTATION_VERTICAL, -1, nil, &naturalHeight, nil, nil)
            widths.append(CGFloat(natural))
            height = max(height, naturalHeight)
        }
        let stripLayout = ChannelPagerModel.tabStrip(widths: widths, height: CGFloat(height))
        laidOutTabs = (stripLayout.frames, stripLayout.contentWidth, height + 3)
        placeTabs()
    }

    /// Moves the tabs to their frames, mirrored right to left (to the right end of the visible strip
    /// when they fit); `tabFrames` keeps them as drawn, for the indicator and the scrolling.
    private func placeTabs() {
        let (frames, width) = Accessible.layoutDirection(of: strip).placed(
            laidOutTabs.frames, contentWidth: laidOutTabs.contentWidth, visibleWidth: CGFloat(stripWidth))
        guard frames != tabFrames else { return }
        tabFrames = frames
        for (tab, frame) in zip(tabs, tabFrames) {
            gtk_fixed_move(strip.as(GtkFixed.self), tab, frame.minX, frame.minY)
        }
        gtk_widget_set_size_request(strip, Int32(saturating: width), laidOutTabs.height)
    }

    private func connectSwipes() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        Signal.connectScroll(UnsafeMutableRawPointer(scroll)) { [weak self, scroll] dx, _ in
            guard let self, dx != 0 else { return false }
            let unit = gtk_event_controller_scroll_get_unit(scroll)
            return self.routeHorizontalScroll(
                PointerInput.points(forScrollDelta: dx, isWheel: unit == GDK_SCROLL_UNIT_WHEEL))
        }
        Signal.connect(UnsafeMutableRawPointer(scroll), "scroll-end") { [weak self] in
            guard let self, self.swipeEndTimer != nil else { return }
            self.endSwipe()
        }
        gtk_widget_add_controller(containerScroller, scroll)
    }

    /// +1, or −1 right to left: the next page is then to the left of the current one.
    private var pageSign: CGFloat { Accessible.layoutDirection(of: containerScroller).horizontalSign }

    private func checkSize() {
        let newSize = CGSize(width: probe.size.width, height: probe.size.height)
        guard newSize.width > 0, newSize != size else { return }
        size = newSize
        for page in pages.values {
            gtk_widget_set_size_request(page.root, Int32(saturating: size.width), Int32(saturating: size.height))
        }
        layout()
    }

    private func buildPage(_ index: Int, _ feed: FeedScreenModel) {
        let view = FeedView(model: feed, pipeline: pipeline)
        pages[index] = view
        if size.width > 0 {
            gtk_widget_set_size_request(view.root, Int32(saturating: size.width), Int32(saturating: size.height))
        }
        gtk_fixed_put(container.as(GtkFixed.self), view.root, Double(index) * size.width, 0)
        onPageBuilt?(view)
        view.start()
        layout()
    }

    private func discardPage(_ index: Int) {
        guard let view = pages.removeValue(forKey: index) else { return }
        view.stop()
        gtk_fixed_remove(container.as(GtkFixed.self), view.root)
    }

    func animate(from: Double, to: Double, reporting: Bool) {
        animation?.stop()
        animation = MotionAnimation(
            widget: containerScroller, motion: .pageSnap, from: from, to: to,
            onFrame: { [weak self] position in
                guard let self else { return }
                if reporting { self.model.swiped(to: position) } else { self.model.animate(to: position) }
                self.layout()
            },
            onFinish: { [weak self] in
                guard let self else { return }
                self.animation = nil
                self.model.settled(at: Int(saturatingRounded: to))
                self.layout()
                self.followFocus()
            })
    }

    /// Moves a focus left on another tab or a page that slid away (GTK drops it) to the selected tab.
    private func followFocus() {
        guard let window = gtk_widget_get_root(root), let selectedTab = tabs[safe: model.selectedIndex] else { return }
        let focus = gtk_root_get_focus(window)
        let onPage = currentPage.map { page in focus.map { gtk_widget_is_ancestor($0, page.root) != 0 } ?? false }
        if let focus, focus == selectedTab || onPage == true || gtk_widget_is_ancestor(focus, root) == 0 { return }
        gtk_widget_grab_focus(selectedTab)
    }

    func layout() {
        placeTabs()
        for (index, page) in pages {
            let x = (Double(index) - model.position) * size.width * Double(pageSign)
            gtk_fixed_move(container.as(GtkFixed.self), page.root, x.rounded(), 0)
            gtk_widget_set_visible(page.root, abs(Double(index) - model.position) < 1 ? 1 : 0)
        }
        let selected = model.visuallySelectedIndex
        for (index, tab) in tabs.enumerated() {
            tab.setCSSClass("selected", index == selected)
            Accessible.setSelected(tab, index == selected)
        }
        if let frame = model.indicatorFrame(tabFrames: tabFrames) {
            gtk_widget_set_size_request(indicator, Int32(saturatingRounded: frame.width), 3)
            gtk_fixed_move(strip.as(GtkFixed.self), indicator, frame.minX, frame.maxY)
        }
        let offset = model.stripOffset(tabFrames: tabFrames, stripWidth: CGFloat(stripWidth))
        gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(OpaquePointer(stripScroller)), Double(offset))
    }
}
