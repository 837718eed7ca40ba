import CGtk
import CascadeCollection
import CascadeFeed
import CascadeImages
import CascadeLayout
import CascadeNumerics
import CascadePlayer
import CascadeScreens
import Foundation

/// The GTK rendering of a `FeedScreenModel`: a kinetic `GtkScrolledWindow` over a `GtkFixed` of
/// the cells near the viewport (recycled), the pull-to-refresh header and the load-more footer.
/// Every scroll, size, pull and click goes to the model; what it publishes is drawn.
@MainActor
package final class FeedView {
    /// The root widget (an overlay holding the scroller and the refresh header).
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The screen model drawn.
    package let model: FeedScreenModel
    /// The cells on screen (and pooled).
    package let recycler = CellRecycler<VideoCellWidget>(
        pool: ReusePool(capacityPerIdentifier: CacheBudgets.pooledCells))

    package let scrolled: UnsafeMutablePointer<GtkWidget>
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    let content: UnsafeMutablePointer<GtkWidget>
    let refreshHeader: UnsafeMutablePointer<GtkWidget>
    let refreshStatus = StatusLine()
    /// The load-more footer (focusable while a failed load can be retried).
    let footer: UnsafeMutablePointer<GtkWidget>
    let footerStatus = StatusLine()
    let images: ImageBinder
    let prefetcher: ImagePrefetcher
    var pull = PullTracker()
    var pullReleaseTimer: MainLoopTimer?
    /// Puts the scroll offset on a whole device pixel once it rests (`FeedView+Rest`).
    var restSnapTimer: MainLoopTimer?
    /// When the offset last changed, for the rest-snap wait.
    var restSnap = RestSnap()
    var closingTicker: MotionAnimation?
    /// The cells sliding and fading after a diff (`FeedView+Diff.swift`).
    var updateAnimation: UpdateAnimation?
    /// How many cells the last diff slid (kept after the slide ends, for tests).
    var lastUpdateSlideCount = 0
    /// An animated scroll to an item (`FeedView+ScrollToItem.swift`).
    package var scrollAnimation: MotionAnimation?
    /// Where `bind` last placed each cell in the content, by cell.
    var cellOrigins: [ObjectIdentifier: (x: Double, y: Double)] = [:]
    var topInset: Double = 0
    private let probe = SizeProbe()
    private var lastSize = CGSize.zero
    private(set) var scale: CGFloat = 1
    var placedFooter: CGRect?
    /// Whether the page is the one shown (set by the owner); the banner runs only then.
    var bannerActive = false
    /// Seconds between the banner's automatic advances (0: never); set before it is made.
    package var bannerInterval: Double = 4
    /// The banner carousel, made when the feed first has banners.
    package internal(set) var banner: BannerCarouselView?
    /// The vertical drag under way, if any (`FeedView+Drag`).
    var drag: FeedDrag?
    /// The glide after a drag's release, while it runs.
    var glideTicker: FrameTicker?
    /// The window's hover previews (nil: none); set before cells are made.
    package var previews: FeedPreviews?

    /// Called when the user opens an item.
    package var onOpenItem: ((VideoItem) -> Void)? {
        get { model.onOpenItem }
        set { model.onOpenItem = newValue }
    }
    /// Called when the refresh, footer or alert state changed (after redrawing them).
    package var onChromeChanged: (() -> Void)?
    /// Called with the covers' width in device pixels whenever the layout changes it, so folder
    /// feeds make thumbnails at that size; set after the page was laid out, it is called at once.
    package var onCoverPixelWidth: ((Int) -> Void)? {
        didSet {
            reportedCoverWidth = 0
            reportCoverWidth()
        }
    }
    private var reportedCoverWidth = 0
    /// The banner's cover URL for an item's cover URL and the box the banner fills in device
    /// pixels (a folder feed's thumbnail of the size covering it); nil keeps the item's.
    package var bannerCoverURL: ((URL, PixelSize) -> URL)?
    /// Where an item's video was left, for the cover's progress bar (nil: no bars).
    package var watchProgress: ((VideoItem) -> ResumePoint?)?
    /// The status page over the feed when it has nothing to draw (the window decides which).
    package let status = StatusPageView()

    // MARK: Lifecycle

    /// Creates the view; call `start()` once it is in a window.
    package init(model: FeedScreenModel, pipeline: ImagePipeline) {
        self.model = model
        images = ImageBinder(pipeline: pipeline)
        prefetcher = ImagePrefetcher(pipeline: pipeline)

        root = gtk_overlay_new()
        scrolled = gtk_scrolled_window_new()
        // External, not never, horizontally: never makes the content's last width the feed's minimum,
        // so a shrinking window kept the old layout, clipped.
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_kinetic_scrolling(OpaquePointer(scrolled), 1)
        scrolled.expand()
        content = gtk_fixed_new()
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), content)
        adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
        gtk_overlay_set_child(OpaquePointer(root), scrolled)
        gtk_overlay_add_overlay(OpaquePointer(root), probe.widget)

        // The header grows with the pull above the content; its status line sits centred in it.
        refreshHeader = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(refreshHeader, "refresh-header")
        gtk_widget_set_valign(refreshHeader, GTK_ALIGN_START)
        gtk_widget_set_can_target(refreshHeader, 0)
        gtk_widget_set_hexpand(refreshStatus.widget, 1)
        gtk_box_append(refreshHeader.as(GtkBox.self), refreshStatus.widget)
        gtk_overlay_add_overlay(OpaquePointer(root), refreshHeader)
        gtk_overlay_add_overlay(OpaquePointer(root), status.root)

        // The footer spans the layout's footer frame; an overlay, so it can join the Tab chain when a
        // failed load-more can be retried (a focusable box never does).
        footer = gtk_overlay_new()
        gtk_widget_add_css_class(footer, "load-footer")
        gtk_widget_set_hexpand(footerStatus.widget, 1)
        gtk_overlay_set_child(footer.opaque, footerStatus.widget)
        gtk_fixed_put(content.as(GtkFixed.self), footer, 0, 0)

        connectInput()
        model.attachHost()
        model.onItemsChanged = { [weak self] change in self?.itemsChanged(change) }
        model.onChromeChanged = { [weak self] in self?.renderChrome() }
        renderChrome()
    }

    /// Follows the widget's size (restoring the model's offset once sized); loading is `model.start()`.
    package func start() {
        probe.onResize = { [weak self] _, _ in self?.checkSize() }
        checkSize()
    }

    /// Stops following the size; call before dropping the view.
    package func stop() {
        probe.onResize = nil
        closingTicker?.stop()
        closingTicker = nil
        finishUpdateAnimation()
        stopGlide()
        drag = nil
        pullReleaseTimer?.cancel()
        restSnapTimer?.cancel()
        restSnapTimer = nil
        images.unbindAll()
        prefetcher.stopAll()
        bannerActive = false
        previews?.feedStopped(self)
        banner?.setOnScreen(false)
        banner?.stopAnimating()
        // The model outlives this view: leave it with no visible set, so nothing reports cells no widget draws.
        model.detachHost()
    }

    // MARK: Queries (for the script report)

    /// The scroll offset in content coordinates.
    package var offset: Double { gtk_adjustment_get_value(adjustment) }
    /// The visible height.
    package var viewportHeight: Double { gtk_adjustment_get_page_size(adjustment) }
    /// The largest scroll offset.
    package var maxOffset: Double { max(0, gtk_adjustment_get_upper(adjustment) - viewportHeight) }
    /// Cell widgets alive: visible plus pooled.
    package var liveCells: Int { recycler.liveCellCount }
    /// The items the model's viewport counts as visible, with their layout frames, sorted by
    /// index. What is drawn is `drawnItems`; the two agree unless the host failed to draw.
    package var modelVisibleItems: [(index: Int, item: VideoItem, frame: CGRect)] {
        model.viewport.visibleElements.compactMap { element in
            guard let index = model.itemIndex(of: element.id) else { return nil }
            return (index, model.items[index], element.frame)
        }.sorted { $0.index < $1.index }
    }
    /// Where content coordinate (0, `offset`) is drawn, in `ancestor`'s coordinates: a content
    /// frame maps to `origin + (x, y - offset)` in the window.
    package func contentOrigin(in ancestor: UnsafeMutablePointer<GtkWidget>) -> CGPoint {
        scrolled.point(y: topInset, in: ancestor)
    }

    /// The cell widget showing item `index`, if on screen.
    package func cell(forItem index: Int) -> VideoCellWidget? {
        recycler.visibleCells[.item(index, section: model.itemSection)]
    }
    /// Whether image loads are bound but not finished.
    package var hasPendingImages: Bool {
        recycler.visibleCells.values.contains { cell in
            if case .loading = images.state(for: ObjectIdentifier(cell)) { return true }
            return false
        }
    }
    /// Whether a pull (wheel, touchpad or drag) is under way.
    var isPulling: Bool { pull.isPulling }
    /// Whether a pull or the refresh header's closing animation is running.
    package var isAnimating: Bool {
        pull.isPulling || closingTicker != nil || pullReleaseTimer != nil || glideTicker != nil
            || restSnapTimer != nil || banner?.isAnimating == true || updateAnimation != nil || scrollAnimation != nil
    }

    // MARK: Actions (the same paths real input takes)

    /// Scrolls to `offset` (clamped), as a wheel or scrollbar would.
    package func scroll(to offset: Double) {
        gtk_adjustment_set_value(adjustment, min(max(0, offset), maxOffset))
    }

    /// A click on the load-more footer (retries a failed load); false when the footer is not on screen.
    @discardableResult
    package func tapFooter() -> Bool {
        guard let frame = model.footerFrame, Double(frame.maxY) > offset, Double(frame.minY) < offset + viewportHeight
        else { return false }
        model.footerActivated()
        return true
    }

    // MARK: Private

    private func connectInput() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        Signal.connectScroll(UnsafeMutableRawPointer(scroll)) { [weak self, scroll] _, dy in
            guard let self else { return false }
            let unit = gtk_event_controller_scroll_get_unit(scroll)
            return self.scrollGestureMoved(
                PointerInput.points(forScrollDelta: dy, isWheel: unit == GDK_SCROLL_UNIT_WHEEL))
        }
        Signal.connect(UnsafeMutableRawPointer(scroll), "scroll-end") { [weak self] in self?.scrollGestureEnded() }
        gtk_widget_add_controller(scrolled, scroll)
        Signal.connect(adjustment.raw, "value-changed") { [weak self] in
            guard let self else { return }
            self.model.scrollOffset = self.offset
            self.previews?.scrolled(self)
            self.updateViewport()
            self.scheduleRestSnap()
        }

        // Arrow keys move the focus between cells by the layout (GTK's directional focus does not move
        // between a GtkFixed's children); they bubble here from the focused cell.
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] key, state in
            guard let self, state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
                let direction = Self.focusDirection(forKey: key)
            else { return false }
            return self.moveFocus(direction)
        }
        gtk_widget_add_controller(scrolled, keys)

        let footerClick = gtk_gesture_click_new()!
        Signal.connectPress(UnsafeMutableRawPointer(footerClick), "released") { [weak self] _, _, _ in
            self?.tapFooter()
        }
        gtk_widget_add_controller(footer, footerClick)
        ActivationKeys.attach(to: footer) { [weak self] in self?.model.footerActivated() }
        AccessibleAction.attach(to: footer, prefix: "footer") { [weak self] in self?.model.footerActivated() }
    }

    private func checkSize() {
        let size = CGSize(width: Double(gtk_widget_get_width(scrolled)), height: viewportHeight)
        scale = CGFloat(gtk_widget_get_scale_factor(scrolled))
        guard size.width > 0, size != lastSize else { return }
        let firstSizing = lastSize == .zero
        lastSize = size
        // The model keeps the first visible item in place across a relayout; a rebuilt page comes back as left.
        let anchored = model.setContainerSize(size)
        updateViewport()
        if let offset = anchored ?? (firstSizing && model.scrollOffset > 0 ? model.scrollOffset : nil) {
            gtk_adjustment_set_upper(adjustment, Double(model.scrollableContentHeight))
            scroll(to: offset)
        }
    }

    private func itemsChanged(_ change: FeedScreenModel.ItemsChange) {
        switch change {
        case .appended: break
        case .replaced:
            previews?.itemsReplaced(in: self)
            // Every frame may have changed: drop the on-screen cells so they rebind.
            recycler.apply(model.viewport.reset(), make: { _ in VideoCellWidget() }, bind: { _, _ in }, hide: hide)
        case .updated(let changes):
            previews?.itemsReplaced(in: self)
            let before = cellPositions()
            let departing = departingCells(deleted: changes.deletes)
            let offsetBefore = offset
            keepCells(through: changes)
            updateViewport()
            // Kept cells of items now off screen: nothing reported them as disappeared.
            recycler.hideCells(notIn: Set(model.viewport.visibleElements.map(\.id)), hide: hide)
            animateUpdate(from: before, scrolledBy: offset - offsetBefore, departing: departing)
            return
        }
        updateViewport()
    }

    private func updateViewport() {
        // A scroll or a new update ends the slide where it was going: cells are placed afresh.
        finishUpdateAnimation()
        // GTK sizes are `int`: the model caps the height (and says so in the footer).
        gtk_widget_set_size_request(
            content, Int32(saturating: model.layout.contentSize.width),
            Int32(saturating: model.scrollableContentHeight.rounded(.up)))
        reportCoverWidth()
        let rect = CGRect(x: 0, y: offset, width: lastSize.width, height: max(1, viewportHeight))
        var update = model.scroll(to: rect)
        placeBanner(&update)
        recycler.apply(update, make: { [weak self] _ in self?.makeCell() ?? VideoCellWidget() }, bind: bind, hide: hide)
        if !update.appeared.isEmpty || !update.moved.isEmpty { orderCellsForReading() }
        prefetch(update)
        placeFooter()
    }

    private func reportCoverWidth() {
        let width = Int(saturating: (model.layout.columnWidth(inSection: model.itemSection) * scale).rounded(.up))
        guard width > 0, width != reportedCoverWidth, let onCoverPixelWidth else { return }
        reportedCoverWidth = width
        onCoverPixelWidth(width)
    }
}
