import CascadeCollection
import CascadeFeed
import CascadeLayout
import CascadeNumerics
import Foundation

/// The channel page's logic: a tab per channel above a horizontally paging container with
/// one feed page per channel, over `TabPagerModel`.
///
/// Each channel's `FeedScreenModel` (items, state, scroll position) is made once and kept for
/// the life of the screen: its first page is requested once, when the page is first prepared
/// (the selected page and, ahead of a swipe, its neighbours). Built page *views* are the host's
/// and live in a small LRU; when one is discarded its data stays here.
@MainActor
public final class ChannelPagerModel {
    /// The channels, one page each.
    public private(set) var channels: [Channel]
    /// The container's position in pages (fractional while swiping or animating).
    public private(set) var position: Double = 0
    /// Channels whose page view is built, least recently shown first.
    public var builtPages: [Int] { pager.builtPages.compactMap(index(of:)) }

    /// Build the view of page `index` for `model`.
    public var onBuild: ((Int, FeedScreenModel) -> Void)?
    /// Destroy the view of page `index` (its model stays).
    public var onDiscard: ((Int) -> Void)?
    /// Page `index` appeared (`true`) or disappeared (`false`), after the move completed.
    public var onVisibilityChanged: ((Int, Bool) -> Void)?
    /// The channels changed (`reload`): the pages of those gone were discarded, and a built page
    /// moves from its old index to its channel's new one. Pages of new channels are built after.
    public var onChannelsChanged: ((_ old: [Channel]) -> Void)?

    private var pager: TabPagerModel<String>!
    private var feeds: [String: FeedScreenModel] = [:]
    private let makeFeed: (Channel) -> FeedScreenModel
    /// The container's position in pages over the touchpad swipe under way.
    private var swipeTracker = VelocityTracker()

    // MARK: Lifecycle

    /// Creates the model; nothing is built or loaded until `start()`.
    public init(channels: [Channel], pageCacheSize: Int = 3, makeFeed: @escaping (Channel) -> FeedScreenModel) {
        self.channels = channels
        self.makeFeed = makeFeed
        pager = TabPagerModel(channels: channels.map(\.id), pageCacheSize: pageCacheSize) { [weak self] event in
            MainActor.assumeIsolated { self?.handle(event) }
        }
    }

    /// Builds, loads and shows the first page and prepares its neighbour.
    public func start() {
        pager.start()
    }

    /// Replaces the channels, keeping the feeds (items, scroll position) of those that stay and
    /// the channel shown when it stays (else the same index, clamped). A channel that is gone
    /// loses its page and its feed.
    public func reload(channels newChannels: [Channel]) {
        guard newChannels != channels else { return }
        let remaining = Set(newChannels.map(\.id))
        let built = Set(pager.builtPages)
        for (index, channel) in channels.enumerated() where !remaining.contains(channel.id) {
            if built.contains(channel.id) { onDiscard?(index) }
            feeds[channel.id] = nil
        }
        let old = channels
        channels = newChannels
        onChannelsChanged?(old)
        pager.reload(channels: newChannels.map(\.id))
        position = Double(pager.selectedIndex)
    }

    // MARK: Queries

    /// The page settled on.
    public var selectedIndex: Int { pager.selectedIndex }
    /// The tab drawn as selected (flips half-way through a swipe).
    public var visuallySelectedIndex: Int { pager.visuallySelectedIndex }
    /// The feed model of page `index`, if its page was ever prepared.
    public func feed(at index: Int) -> FeedScreenModel? {
        channels.indices.contains(index) ? feeds[channels[index].id] : nil
    }
    /// The selection indicator's frame for tab frames (interpolated while swiping).
    public func indicatorFrame(tabFrames: [CGRect]) -> CGRect? { pager.indicatorFrame(tabFrames: tabFrames) }
    /// The tab strip offset that centres the selected tab, clamped to its content.
    public func stripOffset(tabFrames: [CGRect], stripWidth: CGFloat) -> CGFloat {
        pager.stripOffset(tabFrames: tabFrames, stripWidth: stripWidth)
    }

    /// Points between two tabs.
    public static let tabSpacing: CGFloat = 4
    /// Points before the first tab and after the last.
    public static let tabStripInset: CGFloat = 8

    /// Where tabs of natural `widths` and `height` sit in the strip, left to right, and the
    /// strip's content width (the last tab's end plus the inset).
    public static func tabStrip(widths: [CGFloat], height: CGFloat) -> (frames: [CGRect], contentWidth: CGFloat) {
        let layout = PagingStripLayout(
            sizing: .widths(widths), spacing: tabSpacing,
            insets: LayoutInsets(top: 0, left: tabStripInset, bottom: 0, right: tabStripInset),
            containerSize: CGSize(width: 0, height: height))
        let frames = widths.indices.compactMap { layout.frame(for: .item($0)) }
        return (frames, layout.contentSize.width)
    }

    /// The page a swipe released at the current position with `velocity` (pages per second)
    /// settles on, by `PageSnap`: the next page in the direction of a flick, else the nearest.
    public func snapTarget(velocity: Double) -> Int {
        guard !channels.isEmpty else { return 0 }
        return PageSnap.target(position: position, velocity: velocity, pages: 0...(channels.count - 1))
    }

    // MARK: Inputs

    /// The container was swiped to `position` pages (clamped to the pages).
    public func swiped(to position: Double) {
        guard position.isFinite, !channels.isEmpty else { return }
        self.position = min(Double(channels.count - 1), max(0, position))
        pager.scrolled(to: self.position)
    }

    /// A touchpad swipe moved the container by `pages` page widths (positive: towards the next
    /// page) at `time` seconds on any monotonic clock; the first delta begins the swipe.
    public func swipe(byPages pages: Double, at time: Double) {
        if !swipeTracker.isTracking { swipeTracker.add(position: position, time: time) }
        swiped(to: position + pages)
        swipeTracker.add(position: position, time: time)
    }

    /// The swipe's deltas stopped: the page to snap to by its speed (`snapTarget(velocity:)`).
    public func endSwipe() -> Int {
        let target = snapTarget(velocity: swipeTracker.velocity)
        swipeTracker.reset()
        return target
    }

    /// Forgets the swipe under way: a tab, key or completed swipe chose the page instead.
    public func cancelSwipe() {
        swipeTracker.reset()
    }

    /// The container came to rest on `page` (after a swipe or an animated tab change).
    public func settled(at page: Int) {
        guard !channels.isEmpty else { return }
        let page = min(channels.count - 1, max(0, page))
        position = Double(page)
        pager.settled(at: page)
    }

    /// A tab was clicked: selects its page at once; the host animates the container there
    /// (moving `position` with `animate(to:)`) without reporting the intermediate positions.
    public func selectTab(_ index: Int) {
        guard channels.indices.contains(index) else { return }
        pager.select(index)
    }

    /// Moves the container's drawn position during a tab-change animation (no page events).
    public func animate(to position: Double) {
        guard position.isFinite, !channels.isEmpty else { return }
        self.position = min(Double(channels.count - 1), max(0, position))
    }

    // MARK: Private

    private func index(of id: String) -> Int? {
        channels.firstIndex { $0.id == id }
    }

    private func handle(_ event: TabPagerModel<String>.Event) {
        switch event {
        case .build(let id):
            guard let index = index(of: id) else { return }
            onBuild?(index, model(for: id))
        case .load(let id):
            model(for: id).start()
        case .discard(let id):
            if let index = index(of: id) { onDiscard?(index) }
        case .didAppear(let id):
            if let index = index(of: id) { onVisibilityChanged?(index, true) }
        case .didDisappear(let id):
            if let index = index(of: id) { onVisibilityChanged?(index, false) }
        case .willAppear, .willDisappear:
            break
        }
    }

    private func model(for id: String) -> FeedScreenModel {
        if let model = feeds[id] { return model }
        let channel = channels.first { $0.id == id } ?? Channel(id: id, title: id)
        let model = makeFeed(channel)
        feeds[id] = model
        return model
    }
}
