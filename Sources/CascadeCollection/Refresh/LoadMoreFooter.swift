import Foundation

/// The load-more footer: a `LoadMoreTrigger` plus the footer state machine.
///
/// Differences from MJRefreshFooter, on purpose: ending a load after `noMoreData` keeps
/// `noMoreData` (the late callback of an old request cannot revive the footer); a refresh
/// (`reset()`) clears it; and the footer fires once per approach to the end, not on every
/// scroll event while the finger stays below the threshold.
public struct LoadMoreFooter: Sendable, Equatable {
    // MARK: State

    /// The current state.
    public private(set) var state: FooterState = .idle
    /// The distance trigger.
    public private(set) var trigger: LoadMoreTrigger

    // MARK: Lifecycle

    /// Creates an idle footer.
    public init(trigger: LoadMoreTrigger = LoadMoreTrigger()) {
        self.trigger = trigger
    }

    // MARK: Transitions

    /// Feeds one scroll position. Returns true when the next page should load now (the state
    /// became `loading`).
    public mutating func scrolled(offset: Double, viewportLength: Double, contentLength: Double) -> Bool {
        let fired = trigger.update(offset: offset, viewportLength: viewportLength, contentLength: contentLength)
        guard fired, state == .idle else { return false }
        state = .loading
        return true
    }

    /// Starts loading on request (a tap on the footer). Returns false unless idle or failed.
    public mutating func beginLoading() -> Bool {
        switch state {
        case .idle, .failed:
            state = .loading
            return true
        case .loading, .noMoreData:
            return false
        }
    }

    /// A page landed and more may follow. Keeps `noMoreData`.
    public mutating func endLoading() {
        if state == .loading { state = .idle }
    }

    /// The last page landed.
    public mutating func endLoadingWithNoMoreData() {
        state = .noMoreData
    }

    /// The load failed.
    public mutating func fail(reason: String) {
        if state == .loading { state = .failed(reason: reason) }
    }

    /// Retries after a failure. Returns true when a load should start.
    public mutating func retry() -> Bool {
        guard case .failed = state else { return false }
        state = .loading
        return true
    }

    /// A refresh replaced the content: back to idle, trigger re-armed, `noMoreData` cleared.
    public mutating func reset() {
        state = .idle
        trigger.reset()
    }
}
