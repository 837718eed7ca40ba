import Foundation
import Synchronization

/// Warms the caches for images about to scroll into view, at `.prefetch` priority, so that
/// visible requests always go first.
///
/// Feed it the collection's prefetch-window events: `startPrefetching` for items entering the
/// window, `stopPrefetching` for items leaving it (or becoming visible: the cell's own visible
/// request then joins the same in-flight work, raising its priority). A prefetch that is the
/// last requester of its work cancels that work when stopped. Thread-safe.
public final class ImagePrefetcher: Sendable {
    private struct Entry {
        let token: UInt64
        var subscription: ImageSubscription?
    }

    private struct State {
        var active: [ImageCacheKey: Entry] = [:]
        var nextToken: UInt64 = 0
    }

    /// The pipeline the prefetches run through.
    public let pipeline: ImagePipeline
    private let state = Mutex(State())

    // MARK: Lifecycle

    /// Creates a prefetcher over `pipeline`.
    public init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
    }

    deinit {
        let subscriptions = state.withLock { state in state.active.values.compactMap(\.subscription) }
        for subscription in subscriptions { pipeline.cancel(subscription) }
    }

    // MARK: Public API

    /// Starts loading `requests` at `.prefetch` priority (their own priority is ignored), into
    /// the memory and disk caches. Requests already cached or already prefetching are skipped.
    public func startPrefetching(_ requests: [ImageRequest]) {
        for request in requests {
            start(ImageRequest(url: request.url, targetSize: request.targetSize, priority: .prefetch))
        }
    }

    /// Stops prefetching `requests`, cancelling the work nobody else waits for.
    public func stopPrefetching(_ requests: [ImageRequest]) {
        for request in requests {
            let subscription = state.withLock { $0.active.removeValue(forKey: request.cacheKey)?.subscription }
            if let subscription { pipeline.cancel(subscription) }
        }
    }

    /// Applies one step of the collection's prefetch window: starts the requests of the items
    /// that entered it and stops those of the items that left it without appearing.
    ///
    /// Items that appeared are in neither list: their prefetch keeps running and the cell's own
    /// visible request joins it.
    ///
    /// ```swift
    /// let update = viewport.scroll(to: offset)  // CascadeCollection's ViewportUpdate
    /// prefetcher.update(prefetch: update.prefetch, cancelPrefetch: update.cancelPrefetch) { path in
    ///     coverRequest(for: path)
    /// }
    /// ```
    public func update<Item>(prefetch: [Item], cancelPrefetch: [Item], request: (Item) -> ImageRequest?) {
        stopPrefetching(cancelPrefetch.compactMap(request))
        startPrefetching(prefetch.compactMap(request))
    }

    /// Stops every prefetch.
    public func stopAll() {
        let subscriptions: [ImageSubscription] = state.withLock { state in
            defer { state.active = [:] }
            return state.active.values.compactMap(\.subscription)
        }
        for subscription in subscriptions { pipeline.cancel(subscription) }
    }

    /// The number of prefetches started and not yet finished or stopped.
    public var activeCount: Int { state.withLock { $0.active.count } }

    // MARK: Private

    private func start(_ request: ImageRequest) {
        let key = request.cacheKey
        if pipeline.memoryCache?.contains(key) == true { return }
        let token: UInt64? = state.withLock { state in
            guard state.active[key] == nil else { return nil }
            state.nextToken += 1
            state.active[key] = Entry(token: state.nextToken)
            return state.nextToken
        }
        guard let token else { return }
        let subscription = pipeline.subscribe(request) { [weak self] _ in
            self?.finished(key, token: token)
        }
        guard let subscription else { return }
        let stoppedMeanwhile: Bool = state.withLock { state in
            guard state.active[key]?.token == token else { return true }
            state.active[key]?.subscription = subscription
            return false
        }
        // Stopped while subscribing: withdraw now (a no-op if it already finished).
        if stoppedMeanwhile { pipeline.cancel(subscription) }
    }

    private func finished(_ key: ImageCacheKey, token: UInt64) {
        state.withLock { state in
            if state.active[key]?.token == token { state.active[key] = nil }
        }
    }
}
