import CascadeCollection
import CascadeFeed
import CascadeLayout
import CascadeNumerics
import Foundation

/// Everything one feed screen shows and how it reacts, with no UI: the pager's items laid out
/// in a waterfall, virtualized by a viewport, with pull-to-refresh, the load-more footer and
/// failure alerts. A host feeds it sizes, scroll positions and gestures, and draws what it
/// publishes (the GTK host's `FeedView` does).
///
/// ```swift
/// let model = FeedScreenModel(pager: FeedPager(loader: loader))
/// model.onItemsChanged = { change in host.reload(change) }
/// model.onChromeChanged = { host.renderRefreshFooterAndAlert() }
/// model.setContainerSize(size)           // returns the offset to show after a relayout
/// model.start()
/// let update = model.scroll(to: visibleRect)   // every frame while scrolling
/// ```
@MainActor
public final class FeedScreenModel {
    /// How the screen is laid out.
    public struct Configuration: Sendable {
        /// Columns: fixed, or adaptive from a minimum width.
        public var columns: ColumnCount
        /// Edge insets, column and row spacing (10 in the reference).
        public var spacing: CGFloat
        /// The load-more footer's height.
        public var footerHeight: CGFloat
        /// The smallest cell height over width: keeps the title band (11 % of the cell) tall
        /// enough for a line of text when a cover is very wide (16:9 covers get 0.75 × the
        /// column width instead of 0.5625 ×). 0 follows the reference rule strictly.
        public var minimumAspectRatio: CGFloat
        /// Display scale for rounding heights to device pixels.
        public var displayScale: CGFloat
        /// Which side the first column is on (`InterfaceDirection` decides it from the language).
        public var direction: LayoutDirection = .leftToRight
        /// Whether featured items also show in a banner carousel at the top (a full-span item).
        public var showsBanner: Bool = false
        /// The most banners shown.
        public var maximumBanners: Int = 5
        /// The banner's height over its width.
        public var bannerAspectRatio: CGFloat = 0.36
        /// The tallest content the host can scroll through. Items below it are not reachable:
        /// the footer says so (`footerText`) and no more pages load. The default, 2^23 points,
        /// keeps every coordinate exact in the 32-bit floats renderers use and far inside GTK's
        /// `int` sizes (a feed of 110,000 items 1000× taller than wide would otherwise pass
        /// `Int32.max`).
        public var maximumContentHeight: CGFloat = Configuration.defaultMaximumContentHeight
        /// `maximumContentHeight`'s default: 2^23 points.
        public static let defaultMaximumContentHeight: CGFloat = 8_388_608
        /// How a cell divides its height between cover and title. `.fitted` takes effect only
        /// with a `titleMeasurer`; without one cells keep the reference proportions.
        public var cellStyle: CellStyle = .reference

        /// The defaults: adaptive columns at least 170 wide (2 at the reference's 375 pt width), spacing 10.
        public init(
            columns: ColumnCount = .adaptive(minimumWidth: 170), spacing: CGFloat = 10, footerHeight: CGFloat = 56,
            minimumAspectRatio: CGFloat = 0.75, displayScale: CGFloat = 1
        ) {
            self.columns = columns
            self.spacing = spacing
            self.footerHeight = footerHeight
            self.minimumAspectRatio = minimumAspectRatio
            self.displayScale = displayScale
        }
    }

    /// How the item list changed, so a host can keep its cells.
    public enum ItemsChange: Equatable, Sendable {
        /// Items were appended at these indices; existing items kept their frames.
        case appended(Range<Int>)
        /// The list was replaced (the banners changed, or the first items arrived) or relaid
        /// out: the host calls `viewport.reset()`, drops the cells of what it says
        /// disappeared, and scrolls again (every visible element then appears with its new
        /// frame).
        case replaced
        /// The list changed by `changes` (a refresh that brought new items, a folder's file
        /// added or removed): the layout applied them in place, and `scrollOffset` keeps the
        /// item at the top of the screen where it was (at the top of the feed it stays 0, so
        /// what arrived there is seen). The host moves the cells of kept items
        /// (`Changeset.newPositions(oldCount:)`) to their new frames, drops the others, resets
        /// the viewport and scrolls to `scrollOffset`.
        case updated(Changeset<Int>)
    }

    // MARK: Properties

    /// The paging state machine feeding this screen.
    public let pager: FeedPager
    /// The layout of the items; section 0 holds them, its footer is the load-more footer.
    public let layout: WaterfallLayout
    /// Which elements are visible, and what to prefetch.
    public let viewport: CollectionViewport
    /// The configuration.
    public let configuration: Configuration
    /// Measures titles for `.fitted` cells (`FeedScreenModel+Fitting.swift`).
    public let titleMeasurer: (any TitleMeasuring)?
    /// How the cells are laid out: `.fitted` when the configuration asks for it and there is a
    /// measurer, else `.reference`.
    public var cellStyle: CellStyle { titleMeasurer != nil ? configuration.cellStyle : .reference }
    /// Per item, the lines its title wrapped to when the layout last sized it (fitted cells).
    var titleLineCounts: [UInt8] = []
    /// A page waiting for its titles to be measured (`FeedScreenModel+Landing`).
    var landing: TitleLanding?
    /// The lines a parked page's titles were measured to, by item id, while it is laid out.
    var premeasuredLines: (cellWidth: CGFloat, lines: [String: UInt8])?

    /// The items shown, in layout order.
    public internal(set) var items: [VideoItem] = []
    /// The pager's `itemsRevision` that `items` were last brought to.
    private var appliedItemsRevision: Int?
    /// The featured items the banner carousel shows (empty: no banner).
    public private(set) var banners: [VideoItem] = []
    /// The layout section of the items: 1 below a banner, else 0.
    public var itemSection: Int { banners.isEmpty ? 0 : 1 }
    /// The banner's element, when there is one.
    public var bannerElement: ElementID? { banners.isEmpty ? nil : .item(0, section: 0) }
    /// How many columns the feed shows (its widest section's), which the column keys step from.
    public var shownColumns: Int { max(layout.columnCount(inSection: 0), layout.columnCount(inSection: 1)) }
    /// The pull-to-refresh control.
    public private(set) var refresh = RefreshControl()
    /// The load-more footer.
    public private(set) var footer = LoadMoreFooter(
        trigger: LoadMoreTrigger(thresholdScreens: 1, firesWhenContentFits: true))
    /// The alert to show, or nil.
    public private(set) var alert: FeedAlert?
    /// The pager's state as last seen.
    public private(set) var feedState: FeedPagerState = .idle
    /// The container size given by the host.
    public private(set) var containerSize: CGSize = .zero

    /// The last scroll offset a host showed: restored when a page view is rebuilt.
    public var scrollOffset: Double = 0

    /// Items were appended or replaced; the host rebinds cells (then calls `scroll(to:)`).
    public var onItemsChanged: ((ItemsChange) -> Void)?
    /// The refresh control, footer or alert changed.
    public var onChromeChanged: (() -> Void)?
    /// The user asked to open an item.
    public var onOpenItem: ((VideoItem) -> Void)?

    private var visibleRect: CGRect = .null
    /// Whether the last scrolled rect starts at the top of the content (or above it, pulling).
    var isShowingTop: Bool { !visibleRect.isNull && visibleRect.minY <= 0.5 }
    /// When the user last scrolled down at the bottom (for `scrolledDownAtEnd(at:)`).
    private var lastScrollAtEnd: Double?

    // MARK: Lifecycle

    /// Creates the model over `pager`; `titleMeasurer` sizes `.fitted` cells' titles.
    public init(
        pager: FeedPager, configuration: Configuration = Configuration(), titleMeasurer: (any TitleMeasuring)? = nil
    ) {
        self.pager = pager
        self.configuration = configuration
        self.titleMeasurer = titleMeasurer
        let spacing = configuration.spacing
        let style = WaterfallSectionStyle(
            columns: configuration.columns, columnSpacing: spacing, rowSpacing: spacing,
            insets: LayoutInsets(all: spacing), footerHeight: configuration.footerHeight)
        var waterfall = WaterfallConfiguration(
            section: style, direction: configuration.direction, displayScale: configuration.displayScale)
        // A title measured again moves only the cells below it in its column.
        waterfall.keepsColumnsOnHeightChange = titleMeasurer != nil && configuration.cellStyle == .fitted
        layout = WaterfallLayout(configuration: waterfall)
        layout.replaceAll(sections: [[]])
        viewport = CollectionViewport(layout: layout)
        installHeightProvider()
        pager.onChange = { [weak self] snapshot in self?.apply(snapshot) }
        apply(pager.snapshot)
    }

    // MARK: Inputs

    /// Prepares the feed: shows the persisted first page at once if there is one, then
    /// refreshes. Only the first call loads.
    public func start() {
        pager.prepare()
    }

    /// A host starts drawing this screen. The model outlives its views (a channel page's view
    /// is dropped and rebuilt while its data stays), so a new host starts from an empty visible
    /// set: its first `scroll(to:)` reports every visible element as appeared, even when the
    /// container size and the rect are the same as the previous host's.
    public func attachHost() {
        forgetVisibleSet()
    }

    /// The host stopped drawing this screen (its view is being dropped): the visible set it
    /// was shown is forgotten, so nothing reports cells that no widget draws any more. The
    /// scroll offset stays, for the next host to restore.
    public func detachHost() {
        forgetVisibleSet()
    }

    /// The host's scrollable area changed size. Relayouts (reusing cached heights) when the
    /// width changed, keeping the first visible item where it was on screen: returns the scroll
    /// offset that does so (clamped to the new content), which becomes `scrollOffset`, or nil
    /// when the layout did not change. Without a visible item the offset is the last one,
    /// clamped.
    ///
    /// ```swift
    /// if let offset = model.setContainerSize(newSize) { host.scroll(to: offset) }
    /// ```
    @discardableResult
    public func setContainerSize(_ size: CGSize) -> Double? {
        let widthChanged = size.width != containerSize.width
        let anchor = widthChanged ? firstVisibleAnchor() : nil
        containerSize = size
        guard widthChanged else { return nil }
        layout.setContainerWidth(size.width)
        let maxOffset = max(0, Double(layout.contentSize.height) - Double(size.height))
        var offset = scrollOffset
        if let anchor, let frame = frame(ofItem: anchor.index) {
            offset = Double(frame.minY) - anchor.offsetOnScreen
        }
        scrollOffset = offset.isFinite ? min(max(0, offset), maxOffset) : 0
        onItemsChanged?(.replaced)
        return scrollOffset
    }

    /// Moves the viewport to `rect` (content coordinates): returns what appeared, disappeared,
    /// moved and should be prefetched, and loads the next page when the end is near.
    ///
    /// - Complexity: O(log n + k) for k elements in and near the rect.
    @discardableResult
    public func scroll(to rect: CGRect) -> ViewportUpdate {
        visibleRect = rect
        let update = viewport.setVisibleRect(rect)
        checkLoadMore()
        return update
    }

    /// The user pulls `distance` points past the top (0 when not pulling).
    public func pull(distance: Double) {
        let before = refresh.state
        refresh.pull(distance: distance)
        if refresh.state != before { onChromeChanged?() }
    }

    /// The pull ended: refreshes if the control was armed.
    public func releasePull() {
        let before = refresh.state
        if refresh.release() {
            pager.refresh()
        }
        if refresh.state != before { onChromeChanged?() }
    }

    /// The host finished the refresh control's closing animation.
    public func refreshClosingFinished() {
        refresh.finishEnding()
        onChromeChanged?()
    }

    /// The user scrolled down while the feed was at its bottom (a wheel click, a touchpad
    /// delta, a drag past the end), at `time` seconds on a monotonic clock. After a failed
    /// load-more, the first such scroll of a *new* gesture retries, as MJRefresh's footer does:
    /// deltas less than `PointerInput.gestureEndDelay` apart belong to the gesture under way, so
    /// the gesture that met the failure does not retry, and nothing retries while nobody
    /// scrolls. Returns whether a retry started.
    @discardableResult
    public func scrolledDownAtEnd(at time: Double) -> Bool {
        guard time.isFinite else { return false }
        let startsGesture = lastScrollAtEnd.map { time - $0 > PointerInput.gestureEndDelay || time < $0 } ?? true
        lastScrollAtEnd = time
        guard startsGesture, case .failed = footer.state else { return false }
        footerActivated()
        return true
    }

    /// A drag (mouse or touch) pulled the content `distance` points past its end, upwards at
    /// the bottom, at `time` seconds on a monotonic clock: MJRefresh's footer gesture. Past
    /// `PointerInput.dragPastEndDistance` it counts as a scroll down at the end, so a new drag
    /// after a failed load-more retries once, and a drag still under way does not retry again.
    /// Returns whether a retry started.
    @discardableResult
    public func draggedPastEnd(by distance: Double, at time: Double) -> Bool {
        guard distance.isFinite, distance >= PointerInput.dragPastEndDistance else { return false }
        return scrolledDownAtEnd(at: time)
    }

    /// The user clicked the footer: retries a failed load.
    public func footerActivated() {
        if footer.retry() || footer.beginLoading() {
            pager.loadMore()
            onChromeChanged?()
        }
    }

    /// The user dismissed the alert.
    public func dismissAlert() {
        guard alert != nil else { return }
        alert = nil
        onChromeChanged?()
    }

    /// The user activated item `index` (click, Enter).
    public func activateItem(at index: Int) {
        guard items.indices.contains(index) else { return }
        onOpenItem?(items[index])
    }

    /// The user activated banner `index`.
    public func activateBanner(at index: Int) {
        guard banners.indices.contains(index) else { return }
        onOpenItem?(banners[index])
    }

    // MARK: Queries

    /// The frame of item `index` in content coordinates.
    public func frame(ofItem index: Int) -> CGRect? {
        layout.frame(for: .item(index, section: itemSection))
    }

    /// The footer's frame.
    public var footerFrame: CGRect? { layout.frame(for: .footer(section: itemSection)) }

    /// The banner's frame, when there is one.
    public var bannerFrame: CGRect? { bannerElement.flatMap { layout.frame(for: $0) } }

    /// The index of the item an element shows, or nil for the banner, headers and footers.
    public func itemIndex(of id: ElementID) -> Int? {
        guard id.kind == .item, id.path.section == itemSection, items.indices.contains(id.path.item) else { return nil }
        return id.path.item
    }

    /// Whether the content is taller than the host can scroll (`Configuration.maximumContentHeight`).
    public var isBeyondScrollLimit: Bool {
        !(layout.contentSize.height <= configuration.maximumContentHeight)
    }

    /// The content height the host scrolls: the layout's, at most `maximumContentHeight`.
    public var scrollableContentHeight: CGFloat {
        isBeyondScrollLimit ? configuration.maximumContentHeight : max(0, layout.contentSize.height)
    }

    /// Where the host draws the footer: the layout's frame, or the last `footerHeight` points of
    /// the scrollable content when the content is taller than that.
    public var displayedFooterFrame: CGRect? {
        guard let frame = footerFrame else { return nil }
        guard isBeyondScrollLimit else { return frame }
        let height = min(frame.height, scrollableContentHeight)
        return CGRect(x: frame.minX, y: scrollableContentHeight - height, width: frame.width, height: height)
    }

    /// The footer's sentence when the feed is longer than the host can scroll.
    public static let scrollLimitText = "This feed is longer than the app can scroll; the rest is not shown"

    /// The footer's text for the current state.
    public var footerText: String {
        if isBeyondScrollLimit { return Self.scrollLimitText }
        return switch footer.state {
        case .idle: items.isEmpty ? "" : "Pull up to load more"
        case .loading: "Loading…"
        case .noMoreData: "No more videos"
        case .failed: "Couldn't load — click to retry"
        }
    }

    /// The refresh header's text for the current state.
    public var refreshText: String {
        switch refresh.state {
        case .idle: ""
        case .pulling: "Pull to refresh"
        case .armed: "Release to refresh"
        case .refreshing: "Refreshing…"
        case .ending: "Updated"
        }
    }

    /// The duration badge text of an item ("m:ss" / "h:mm:ss"), nil when unknown; durations
    /// past `VideoItem.maximumDuration` read "99:59:59", never negative.
    public static func durationText(_ seconds: Double?) -> String? {
        guard let seconds = VideoItem.clampedDuration(seconds) else { return nil }
        let total = Int(saturatingRounded: seconds)
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        // Interpolated, not `String(format:)`: a cell formats its badge on every bind.
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return h > 0 ? "\(h):\(twoDigits(m)):\(twoDigits(s))" : "\(m):\(twoDigits(s))"
    }

    // MARK: Private

    private func forgetVisibleSet() {
        viewport.reset()
        visibleRect = .null
    }

    /// The first item visible at the top of the last scrolled rect (the first one starting at
    /// or below its top edge, else the first one showing) and how far below that edge it starts.
    func firstVisibleAnchor() -> (index: Int, offsetOnScreen: Double)? {
        guard !visibleRect.isNull else { return nil }
        let top = Double(visibleRect.minY)
        let visible = viewport.visibleElements.compactMap { element in
            itemIndex(of: element.id).map { (index: $0, minY: Double(element.frame.minY)) }
        }.sorted { $0.index < $1.index }
        guard let first = visible.first(where: { $0.minY >= top - 1 }) ?? visible.first else { return nil }
        return (first.index, first.minY - top)
    }

    /// The banner's section: the items' insets without the bottom one, and no footer.
    private func bannerStyle() -> WaterfallSectionStyle {
        var style = layout.configuration.section
        style.insets.bottom = 0
        style.footerHeight = 0
        return style
    }

    /// The layout item of a video: a fitted cell's height is provided (`fittedHeight`); the
    /// reference's is column width × cover height ÷ width (the layout rounds it to the device
    /// pixel), with the minimum ratio applied; a bad size (NaN, zero, negative) gives a square.
    func layoutItem(for item: VideoItem) -> WaterfallItem {
        if cellStyle == .fitted { return .provided() }
        let ratio = item.aspectRatio.isFinite && item.aspectRatio > 0 ? CGFloat(item.aspectRatio) : 1
        return WaterfallItem(sizing: .aspectRatio(max(ratio, configuration.minimumAspectRatio)))
    }

    /// The layout's sections for `items`: the banner's (when there are banners), then the videos.
    func layoutSections() -> [[WaterfallItem]] {
        let videos = items.map(layoutItem(for:))
        let banner = WaterfallItem(sizing: .aspectRatio(configuration.bannerAspectRatio), spansAllColumns: true)
        return banners.isEmpty ? [videos] : [[banner], videos]
    }

    /// Shows `snapshot` (`apply(_:)` may park it first: `FeedScreenModel+Landing`).
    func applyNow(_ snapshot: FeedPager.Snapshot) {
        // A snapshot that only changes the state (a load-more starting) skips comparing every
        // item: O(n) on the main thread as a fling reaches the end of a long feed.
        if snapshot.itemsRevision != appliedItemsRevision {
            applyItems(snapshot.items)
            appliedItemsRevision = snapshot.itemsRevision
        }
        applyState(snapshot.state)
    }

    /// The banners `newItems` give: the first featured ones, no other item copied; the scan
    /// stops at the last banner (every landing of a page scans the whole list for them).
    private func banners(of newItems: [VideoItem]) -> [VideoItem] {
        let maximum = configuration.showsBanner ? configuration.maximumBanners : 0
        var found: [VideoItem] = []
        for index in newItems.indices {
            guard found.count < maximum else { break }
            if newItems[index].isFeatured { found.append(newItems[index]) }
        }
        return found
    }

    /// Whether `newItems` are the items shown and more after them, under the same banners
    /// (`newBanners`: `newItems`' banners when the caller has them already).
    /// - Complexity: O(*n*) id comparisons, which the shared storage of equal ids makes a
    ///   pointer comparison each; no item is copied.
    func isAppend(_ newItems: [VideoItem], banners newBanners: [VideoItem]? = nil) -> Bool {
        guard newItems.count > items.count, (newBanners ?? banners(of: newItems)) == banners else { return false }
        return items.withUnsafeBufferPointer { shown in
            newItems.withUnsafeBufferPointer { new in shown.indices.allSatisfy { shown[$0].id == new[$0].id } }
        }
    }

    private func applyItems(_ newItems: [VideoItem]) {
        guard newItems != items else { return }
        let newBanners = banners(of: newItems)
        let isAppend = isAppend(newItems, banners: newBanners)
        if !isAppend, newBanners == banners, applyThroughDiff(newItems) { return }
        if isAppend {
            // Into the model's own storage, not the snapshot's: the pager's list then stays the
            // only owner of its storage and appends its next page in place, and no landing copies
            // or frees every item held.
            let oldCount = items.count
            items.append(contentsOf: newItems[oldCount...])
            resizeTitleLineCounts()
            layout.appendItems(items[oldCount...].map(layoutItem(for:)), toSection: itemSection)
            onItemsChanged?(.appended(oldCount..<items.count))
        } else {
            items = newItems
            resizeTitleLineCounts()
            banners = newBanners
            var layoutConfiguration = layout.configuration
            layoutConfiguration.sectionOverrides = banners.isEmpty ? [:] : [0: bannerStyle()]
            layout.setConfiguration(layoutConfiguration)
            layout.replaceAll(sections: layoutSections())
            // The host resets the viewport itself (`.replaced`): resetting it here first left the
            // host's reset with nothing disappeared, and the cells of elements gone (items
            // dropped by a refresh, ids moved under a new banner) stayed drawn.
            onItemsChanged?(.replaced)
        }
    }

    private func applyState(_ state: FeedPagerState) {
        let previous = feedState
        feedState = state
        switch state {
        case .refreshing:
            if !refresh.isBusy { _ = refresh.beginRefreshing() }
        case .loadingMore:
            _ = footer.beginLoading()
        case .idle, .exhausted:
            if previous == .refreshing {
                refresh.endRefreshing()
                footer.reset()
            }
            if state == .exhausted { footer.endLoadingWithNoMoreData() } else { footer.endLoading() }
        case .failed(let error, _):
            if previous == .refreshing { refresh.endRefreshing() }
            if case .loadingMore = previous { footer.fail(reason: error.userMessage) }
            alert = FeedAlert(error: error)
        }
        onChromeChanged?()
        if !state.isLoading { checkLoadMore() }
    }

    private func checkLoadMore() {
        guard !visibleRect.isNull, !items.isEmpty, !feedState.isLoading, feedState != .exhausted else { return }
        guard !isBeyondScrollLimit else { return }  // nothing past the limit could be shown
        if case .failed = feedState { return }  // the footer's retry (or a refresh) loads again
        let fire = footer.scrolled(
            offset: Double(visibleRect.minY), viewportLength: Double(visibleRect.height),
            contentLength: Double(layout.contentSize.height))
        if fire { pager.loadMore() }
    }
}
