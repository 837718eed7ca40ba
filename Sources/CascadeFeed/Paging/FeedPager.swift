import Foundation

/// The paging state machine of one channel's feed: refresh, load-more, de-duplication, end
/// detection, failure messages and the persisted first page.
///
/// ```swift
/// let pager = FeedPager(loader: try catalog.loader(for: channel), cache: FeedPageCache(directory: dir, key: channel.id))
/// pager.onChange = { snapshot in render(snapshot.items, snapshot.state, snapshot.message) }
/// pager.prepare()   // shows the persisted first page at once, then refreshes (once)
/// pager.loadMore()  // from the footer; any number of calls while a page is in flight make one request
/// pager.refresh()   // pull-to-refresh
/// ```
///
/// Rules:
/// - `refresh()` replaces the items only when the new first page arrives; items stay during a
///   refresh and after a failed one; a successful refresh resets "no more data".
/// - `loadMore()` is single-flight; a refresh (or `cancel()`) invalidates the in-flight request by
///   a generation token, so a stale page never lands even if its loader ignores cancellation.
/// - Items are de-duplicated by id across pages. The end is reached on `end == 1`, an empty page,
///   a page with fewer entries than the page size, or a page holding only items already shown.
/// - A failed load-more leaves the page counter alone, so the next call asks for the same page:
///   no page is skipped or loaded twice into the list.
@MainActor
public final class FeedPager {
    /// What the UI needs to render a feed, published after every change.
    public struct Snapshot: Hashable, Sendable {
        /// The items in display order, unique by id.
        public var items: [VideoItem]
        /// The state.
        public var state: FeedPagerState
        /// Requests started so far (refreshes and load-mores).
        public var requestCount: Int
        /// Pages from the loader that have landed in the list since the last refresh started
        /// (the persisted page does not count).
        public var pagesLoaded: Int
        /// Whether the items are the persisted first page, not yet replaced by a fresh one.
        public var isShowingCachedPage: Bool
        /// Moves whenever the items change (a new list, a page appended): two snapshots of one
        /// pager with the same revision hold the same items, so a screen skips comparing them.
        public var itemsRevision = 0

        /// The item ids in order.
        public var ids: [String] { items.map(\.id) }
        /// The alert text for the current failure, nil when there is none.
        public var message: String? { state.message }
    }

    // MARK: Properties

    /// The source of pages (`replace(loader:showing:pages:)` swaps it).
    public private(set) var loader: any FeedLoading
    /// Entries asked for per page (10 in the reference).
    public let pageSize: Int
    /// The number of the first page.
    public let firstPage: Int
    /// Where the last good first page is persisted, if anywhere.
    public let cache: FeedPageCache?

    /// The items in display order, unique by id.
    public var items: [VideoItem] { list.items }
    /// The current state.
    public private(set) var state: FeedPagerState = .idle
    /// Requests started so far.
    public private(set) var requestCount = 0
    /// Pages landed since the last refresh started; the next load-more asks for `firstPage + pagesLoaded`.
    public private(set) var pagesLoaded = 0
    /// Whether the items are the persisted first page.
    public private(set) var isShowingCachedPage = false
    /// Whether `prepare()` has run.
    public private(set) var isPrepared = false

    /// Called on the main actor after every change.
    public var onChange: ((Snapshot) -> Void)?

    private var list = FeedItemList() {
        didSet { itemsRevision &+= 1 }
    }
    /// See `Snapshot.itemsRevision`.
    public private(set) var itemsRevision = 0
    private var reachedEnd = false
    private var generation = 0
    private var inFlight: Task<Void, Never>?
    private let observers = SnapshotObservers()

    // MARK: Lifecycle

    /// Creates a pager.
    /// - Parameters:
    ///   - loader: the source of pages.
    ///   - pageSize: entries per page; values below 1 are clamped to 1.
    ///   - firstPage: the number of the first page (0 like the reference).
    ///   - cache: where to persist the first page; nil for none.
    public init(loader: any FeedLoading, pageSize: Int = 10, firstPage: Int = 0, cache: FeedPageCache? = nil) {
        self.loader = loader
        self.pageSize = max(1, pageSize)
        self.firstPage = firstPage
        self.cache = cache
    }

    // MARK: Observing

    /// The current snapshot.
    public var snapshot: Snapshot {
        Snapshot(
            items: items, state: state, requestCount: requestCount, pagesLoaded: pagesLoaded,
            isShowingCachedPage: isShowingCachedPage, itemsRevision: itemsRevision)
    }

    /// A stream of snapshots, starting with the current one; it ends when the pager goes away.
    public func snapshots() -> AsyncStream<Snapshot> {
        observers.add(initial: snapshot)
    }

    // MARK: Loading

    /// Prepares the feed once: shows the persisted first page at once (if any) and refreshes.
    /// Later calls do nothing and return nil.
    @discardableResult
    public func prepare() -> Task<Void, Never>? {
        guard !isPrepared else { return nil }
        isPrepared = true
        showCachedPage()
        return refresh()
    }

    /// Shows the persisted first page if there is one and nothing is shown yet.
    /// - Returns: whether a page was shown.
    @discardableResult
    public func showCachedPage() -> Bool {
        guard items.isEmpty, let page = cache?.load(), !page.items.isEmpty else { return false }
        list = FeedItemList(page.items)
        isShowingCachedPage = true
        publish()
        return true
    }

    /// Reloads the first page; the items are replaced when it arrives. While a refresh is in
    /// flight this returns that refresh; an in-flight load-more is cancelled and its page dropped.
    /// - Returns: the task that finishes once the result has been applied.
    @discardableResult
    public func refresh() -> Task<Void, Never> {
        if state == .refreshing, let inFlight { return inFlight }
        inFlight?.cancel()
        generation += 1
        let token = generation
        state = .refreshing
        requestCount += 1
        publish()
        let task = Task { [loader, firstPage, pageSize] in
            let result = await Self.load(loader, page: firstPage, size: pageSize)
            self.finishRefresh(result, token: token)
        }
        inFlight = task
        return task
    }

    /// Loads the next page. Does nothing (returning the in-flight task, or nil) while a page is
    /// in flight or after the last page (also when a refresh of a complete list failed); before
    /// any page has loaded it refreshes instead.
    /// - Returns: the task that finishes once the result has been applied, or nil.
    @discardableResult
    public func loadMore() -> Task<Void, Never>? {
        switch state {
        case .refreshing, .loadingMore: return inFlight
        case .exhausted: return nil
        // A failed refresh of a complete list: nothing more to load; pulling again retries.
        case .failed where reachedEnd: return nil
        case .idle, .failed: break
        }
        guard pagesLoaded > 0 else { return refresh() }
        generation += 1
        let token = generation
        let number = firstPage + pagesLoaded
        state = .loadingMore(page: number)
        requestCount += 1
        publish()
        let task = Task { [loader, pageSize] in
            let result = await Self.load(loader, page: number, size: pageSize)
            self.finishLoadMore(result, token: token)
        }
        inFlight = task
        return task
    }

    /// Swaps the source for `loader` and shows `shown`, its first `pages` pages already at hand
    /// (a search's results for a longer query), as a refresh that landed: the request in flight
    /// is dropped and the list changes in one step, so a screen applies it through its diff
    /// instead of reloading. Load-more goes on from page `firstPage + pages` of `loader`.
    public func replace(loader: any FeedLoading, showing shown: FeedPage, pages: Int = 1) {
        inFlight?.cancel()
        inFlight = nil
        generation += 1
        self.loader = loader
        isPrepared = true
        isShowingCachedPage = false
        list = FeedItemList(shown.items)
        pagesLoaded = max(1, pages)
        reachedEnd = shown.isEnd || shown.entryCount == 0
        state = reachedEnd ? .exhausted : .idle
        publish()
    }

    /// Swaps the source for `loader` and refreshes from it: the items stay until its first page
    /// lands and replaces them (a screen applies that through its diff).
    @discardableResult
    public func reload(from loader: any FeedLoading) -> Task<Void, Never> {
        inFlight?.cancel()
        inFlight = nil
        generation += 1
        state = .idle
        self.loader = loader
        return refresh()
    }

    /// Cancels the request in flight, if any (e.g. the user switched channels); its result is
    /// dropped and the state returns to `idle` (or `exhausted`). The items stay.
    public func cancel() {
        guard state.isLoading else { return }
        inFlight?.cancel()
        inFlight = nil
        generation += 1
        state = reachedEnd ? .exhausted : .idle
        publish()
    }

    // MARK: Private

    private static func load(_ loader: any FeedLoading, page: Int, size: Int) async -> Result<FeedPage, FeedError> {
        do {
            return .success(try await loader.page(number: page, size: size))
        } catch {
            return .failure(FeedError(error))
        }
    }

    private func finishRefresh(_ result: Result<FeedPage, FeedError>, token: Int) {
        guard token == generation else { return }
        inFlight = nil
        switch result {
        case .success(let page):
            list = FeedItemList(page.items)
            pagesLoaded = 1
            isShowingCachedPage = false
            reachedEnd = isLastPage(page, newItems: list.count)
            state = reachedEnd ? .exhausted : .idle
            if !page.items.isEmpty { cache?.store(page) }
        case .failure(let error):
            fail(error)
        }
        publish()
    }

    private func finishLoadMore(_ result: Result<FeedPage, FeedError>, token: Int) {
        guard token == generation else { return }
        inFlight = nil
        switch result {
        case .success(let page):
            let added = list.append(contentsOf: page.items)
            pagesLoaded += 1
            reachedEnd = isLastPage(page, newItems: added)
            state = reachedEnd ? .exhausted : .idle
        case .failure(let error):
            fail(error)
        }
        publish()
    }

    private func fail(_ error: FeedError) {
        // A cancelled load whose token is still current was cancelled by its loader, not by us.
        state = .failed(error, retryable: error.isRetryable || error == .cancelled)
    }

    private func isLastPage(_ page: FeedPage, newItems: Int) -> Bool {
        page.isEnd || page.entryCount == 0 || page.entryCount < pageSize || newItems == 0
    }

    private func publish() {
        let current = snapshot
        onChange?(current)
        observers.yield(current)
    }
}
