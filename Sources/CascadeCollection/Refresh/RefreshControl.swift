import Foundation

/// The pull-to-refresh state machine (MJRefreshHeader's behaviour, without its pitfalls).
///
/// A host feeds the pull distance while dragging above the top, calls `release()` when the
/// finger lifts (starting its reload when it returns true), `endRefreshing()` when the reload
/// landed and `finishEnding()` when the closing animation completed.
public struct RefreshControl: Sendable, Equatable {
    // MARK: State

    /// The pull distance that arms the control (54 pt, MJRefresh's header height).
    public let threshold: Double
    /// The current state.
    public private(set) var state: RefreshControlState = .idle

    // MARK: Lifecycle

    /// Creates an idle control; a non-positive or non-finite threshold counts as 54.
    public init(threshold: Double = 54) {
        self.threshold = threshold.isFinite && threshold > 0 ? threshold : 54
    }

    // MARK: Queries

    /// The inset to add above the content: the threshold while refreshing or ending, else 0.
    public var heldInset: Double {
        switch state {
        case .refreshing, .ending: threshold
        case .idle, .pulling, .armed: 0
        }
    }

    /// Whether a refresh is in progress (refreshing or closing).
    public var isBusy: Bool { state == .refreshing || state == .ending }

    // MARK: Transitions

    /// The user pulled `distance` points past the top (0 or less: not pulling). Ignored
    /// while a refresh is in progress.
    public mutating func pull(distance: Double) {
        guard !isBusy else { return }
        let distance = distance.isFinite ? distance : 0
        if distance <= 0 {
            state = .idle
        } else if distance >= threshold {
            state = .armed
        } else {
            state = .pulling(progress: distance / threshold)
        }
    }

    /// The finger lifted. Returns true when that started a refresh (the host reloads now).
    public mutating func release() -> Bool {
        switch state {
        case .armed:
            state = .refreshing
            return true
        case .pulling:
            state = .idle
            return false
        case .idle, .refreshing, .ending:
            return false
        }
    }

    /// Starts a refresh without a pull (e.g. on first load). Returns false if one is running.
    public mutating func beginRefreshing() -> Bool {
        guard !isBusy else { return false }
        state = .refreshing
        return true
    }

    /// The reload finished: start closing. Ignored unless refreshing.
    public mutating func endRefreshing() {
        if state == .refreshing { state = .ending }
    }

    /// The closing animation completed. Ignored unless ending.
    public mutating func finishEnding() {
        if state == .ending { state = .idle }
    }
}
