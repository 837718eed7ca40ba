/// The state of a channel page: a tab strip above a horizontally paging container with one
/// feed page per channel.
///
/// The host reports the container's position (`scrolled(to:)`, `settled(at:)`) and tab taps
/// (`select(_:)`), and receives ordered `Event`s: build a page, load its data, discard a page,
/// and the page lifecycle. Rules:
/// - a page is built lazily, the first time it is needed; its data is loaded exactly once
///   per channel (the `load` event), the first time the page is prepared;
/// - when a page is settled on, its neighbours are prepared (built and loaded) so a swipe
///   shows data at once;
/// - at most `pageCacheSize` built pages are kept (least recently shown is discarded first,
///   never the shown or arriving page); discarded pages keep their loaded data, so
///   rebuilding one does not load again;
/// - lifecycle: a move emits `willDisappear(from)`, `willAppear(to)`, then on completion
///   `didDisappear(from)`, `didAppear(to)`; a move abandoned half-way is reversed:
///   `willDisappear(to)`, `willAppear(from)`, `didDisappear(to)`, `didAppear(from)`.
///
/// - Warning: Not thread-safe; use it on the main thread.
public final class TabPagerModel<ChannelID: Hashable> {
    /// Something the host must do, in order.
    public enum Event: Equatable {
        /// Create the page of `channel`.
        case build(ChannelID)
        /// Load the data of `channel` (once per channel).
        case load(ChannelID)
        /// Destroy the built page of `channel` (its data stays cached).
        case discard(ChannelID)
        /// The page is about to appear.
        case willAppear(ChannelID)
        /// The page appeared.
        case didAppear(ChannelID)
        /// The page is about to disappear.
        case willDisappear(ChannelID)
        /// The page disappeared.
        case didDisappear(ChannelID)
    }

    // MARK: State

    /// The channels, one page each.
    public private(set) var channels: [ChannelID]
    /// Where the pager is. With no channels it is `.idle(selected: 0)` and nothing is shown.
    public private(set) var state: TabPagerState
    /// The most built pages kept (≥ 1).
    public let pageCacheSize: Int
    /// Built pages, least recently shown first.
    public private(set) var builtPages: [ChannelID] = []
    /// Channels whose data was loaded (kept across page discards).
    public private(set) var loadedChannels: Set<ChannelID> = []

    private let onEvent: (Event) -> Void
    private var started = false

    // MARK: Lifecycle

    /// Creates a pager; nothing happens until `start()`.
    ///
    /// - Parameters:
    ///   - channels: the channels (duplicates keep their first position only).
    ///   - selected: the first page (clamped).
    ///   - pageCacheSize: built pages kept (values below 1 count as 1).
    ///   - onEvent: receives the events, synchronously and in order.
    public init(
        channels: [ChannelID], selected: Int = 0, pageCacheSize: Int = 3, onEvent: @escaping (Event) -> Void
    ) {
        let unique = Self.unique(channels)
        self.channels = unique
        self.state = .idle(selected: unique.isEmpty ? 0 : min(max(0, selected), unique.count - 1))
        self.pageCacheSize = max(1, pageCacheSize)
        self.onEvent = onEvent
    }

    /// Shows the selected page: builds and loads it, makes it appear, prepares neighbours.
    public func start() {
        guard !started else { return }
        started = true
        guard !channels.isEmpty else { return }
        let page = state.settledPage
        prepare(page)
        emit(.willAppear(channels[page]))
        emit(.didAppear(channels[page]))
        prepareNeighbours(of: page)
    }

    // MARK: Queries

    /// The page settled on (or being left).
    public var selectedIndex: Int { state.settledPage }

    /// The tab drawn as selected (flips at progress 0.5).
    public var visuallySelectedIndex: Int { state.visuallySelectedPage }

    // MARK: Container scrolling

    /// The container scrolled to `position` pages (fractional while moving). Starts,
    /// continues, completes (at a whole page) or reverses a move between neighbours.
    public func scrolled(to position: Double) {
        guard started, !channels.isEmpty, position.isFinite else { return }
        let position = min(Double(channels.count - 1), max(0, position))
        var settled = state.settledPage
        // Passing a whole page completes the move to it, then a new move may start there.
        while abs(position - Double(settled)) >= 1 {
            let next = position > Double(settled) ? settled + 1 : settled - 1
            if case let .scrolling(_, to, _) = state, to != next { cancelMove() }
            if case .idle = state { beginMove(to: next) }
            completeMove()
            settled = next
        }
        let delta = position - Double(settled)
        if delta == 0 {
            if case .scrolling = state { cancelMove() }
            return
        }
        let target = delta > 0 ? settled + 1 : settled - 1
        if case let .scrolling(_, to, _) = state, to != target { cancelMove() }
        if case .idle = state { beginMove(to: target) }
        state = .scrolling(from: settled, to: target, progress: abs(delta))
    }

    /// The container stopped at page `page`: completes or reverses the move in progress, and
    /// jumps there if it is farther away.
    public func settled(at page: Int) {
        guard started, !channels.isEmpty else { return }
        let page = min(channels.count - 1, max(0, page))
        if case let .scrolling(_, to, _) = state {
            if page == to { completeMove() } else { cancelMove() }
        }
        if page != state.settledPage { select(page) }
    }

    /// A tab was tapped: jumps to `page` (the host then scrolls the container there without
    /// reporting that scroll). A move in progress is reversed first.
    public func select(_ page: Int) {
        guard started, !channels.isEmpty else { return }
        let page = min(channels.count - 1, max(0, page))
        if case .scrolling = state { cancelMove() }
        guard page != state.settledPage else { return }
        beginMove(to: page)
        completeMove()
    }

    /// Replaces the channels (a reload). The selected channel stays selected when it still
    /// exists, else the same index (clamped) is; pages and data of channels that are gone
    /// are dropped. Never crashes on a count change, including to 0.
    public func reload(channels newChannels: [ChannelID]) {
        let newChannels = Self.unique(newChannels)
        if case .scrolling = state, started { cancelMove() }
        let oldSelected = channels.isEmpty ? nil : channels[state.settledPage]
        var newIndex =
            oldSelected.flatMap { newChannels.firstIndex(of: $0) } ?? min(state.settledPage, newChannels.count - 1)
        newIndex = max(0, newIndex)
        let newSelected = newChannels.isEmpty ? nil : newChannels[newIndex]
        if started, let oldSelected, oldSelected != newSelected {
            emit(.willDisappear(oldSelected))
            emit(.didDisappear(oldSelected))
        }
        let remaining = Set(newChannels)
        for channel in builtPages where !remaining.contains(channel) { emit(.discard(channel)) }
        builtPages.removeAll { !remaining.contains($0) }
        loadedChannels = loadedChannels.filter { remaining.contains($0) }
        channels = newChannels
        state = .idle(selected: newIndex)
        guard started, let newSelected else { return }
        prepare(newIndex)
        if newSelected != oldSelected {
            emit(.willAppear(newSelected))
            emit(.didAppear(newSelected))
        }
        prepareNeighbours(of: newIndex)
    }

    // MARK: Private

    private func beginMove(to target: Int) {
        let from = state.settledPage
        // The move is under way before the target is built, so that eviction keeps the
        // destination's neighbours (the pages the user reaches next), not the origin's.
        state = .scrolling(from: from, to: target, progress: 0)
        prepare(target)
        emit(.willDisappear(channels[from]))
        emit(.willAppear(channels[target]))
    }

    private func completeMove() {
        guard case let .scrolling(from, to, _) = state else { return }
        emit(.didDisappear(channels[from]))
        emit(.didAppear(channels[to]))
        state = .idle(selected: to)
        touch(channels[to])
        prepareNeighbours(of: to)
    }

    private func cancelMove() {
        guard case let .scrolling(from, to, _) = state else { return }
        emit(.willDisappear(channels[to]))
        emit(.willAppear(channels[from]))
        emit(.didDisappear(channels[to]))
        emit(.didAppear(channels[from]))
        state = .idle(selected: from)
    }

    private func prepareNeighbours(of page: Int) {
        for neighbour in [page + 1, page - 1] where channels.indices.contains(neighbour) {
            prepare(neighbour)
        }
    }

    /// Builds the page if needed (evicting the least recently shown beyond the cache size)
    /// and loads its data the first time.
    private func prepare(_ page: Int) {
        let channel = channels[page]
        if builtPages.contains(channel) {
            if !loadedChannels.contains(channel) { load(channel) }
            return
        }
        emit(.build(channel))
        // New pages go just before the most recent one so a prepared neighbour does not
        // outrank the page on screen.
        builtPages.insert(channel, at: max(0, builtPages.count - 1))
        if !loadedChannels.contains(channel) { load(channel) }
        evict(keeping: channel)
    }

    private func load(_ channel: ChannelID) {
        loadedChannels.insert(channel)
        emit(.load(channel))
    }

    private func touch(_ channel: ChannelID) {
        builtPages.removeAll { $0 == channel }
        builtPages.append(channel)
    }

    private func evict(keeping prepared: ChannelID) {
        // The page on screen, the arriving one and the one just prepared are never discarded
        // (the cache may exceed its size by those); the destination's neighbours are kept too
        // when the cache can hold them, so preparing one neighbour does not discard the other,
        // and a jump does not discard a page it is about to prepare again.
        var pinned: Set<ChannelID> = []
        let destination: Int
        switch state {
        case let .idle(selected):
            pinned.insert(channels[selected])
            destination = selected
        case let .scrolling(from, to, _):
            pinned.formUnion([channels[from], channels[to]])
            destination = to
        }
        pinned.insert(prepared)
        for neighbour in [destination + 1, destination - 1] where channels.indices.contains(neighbour) {
            if pinned.count < pageCacheSize { pinned.insert(channels[neighbour]) }
        }
        while builtPages.count > pageCacheSize, let victim = builtPages.first(where: { !pinned.contains($0) }) {
            builtPages.removeAll { $0 == victim }
            emit(.discard(victim))
        }
    }

    private func emit(_ event: Event) { onEvent(event) }

    private static func unique(_ channels: [ChannelID]) -> [ChannelID] {
        var seen: Set<ChannelID> = []
        return channels.filter { seen.insert($0).inserted }
    }
}

extension TabPagerModel.Event: Sendable where ChannelID: Sendable {}
