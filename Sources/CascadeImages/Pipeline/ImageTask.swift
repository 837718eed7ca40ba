import Foundation
import Synchronization

/// A handle on one `ImagePipeline.load(_:completion:)` call, to cancel it when its cell goes
/// away or is reused.
///
/// After `cancel()` returns on the main actor, the completion is never called, even if the
/// image was ready and its delivery already queued.
public final class ImageTask: Sendable {
    private enum State {
        case pending(ImageSubscription?)
        case completed
        case cancelled
    }

    /// The request this task loads.
    public let request: ImageRequest
    private let pipeline: ImagePipeline?
    private let state = Mutex(State.pending(nil))

    // MARK: Lifecycle

    init(request: ImageRequest, pipeline: ImagePipeline?) {
        self.request = request
        self.pipeline = pipeline
    }

    // MARK: Public API

    /// Withdraws this requester. The shared fetch and decode stop only if no other requester
    /// wants the same image. Does nothing once the completion ran.
    public func cancel() {
        let subscription: ImageSubscription?? = state.withLock { state in
            guard case .pending(let subscription) = state else { return nil }
            state = .cancelled
            return .some(subscription)
        }
        if let subscription = subscription ?? nil { pipeline?.cancel(subscription) }
    }

    /// Whether `cancel()` was called before the completion ran.
    public var isCancelled: Bool {
        state.withLock { state in
            if case .cancelled = state { return true }
            return false
        }
    }

    /// Whether the completion ran.
    public var isCompleted: Bool {
        state.withLock { state in
            if case .completed = state { return true }
            return false
        }
    }

    // MARK: Internal

    func attach(_ subscription: ImageSubscription?) {
        let cancelNow: Bool = state.withLock { state in
            switch state {
            case .pending:
                state = .pending(subscription)
                return false
            case .cancelled: return true
            case .completed: return false
            }
        }
        if cancelNow, let subscription { pipeline?.cancel(subscription) }
    }

    /// Moves to `completed`; false if the task was cancelled (or already completed), in which
    /// case the completion must not run.
    func markCompleted() -> Bool {
        state.withLock { state in
            guard case .pending = state else { return false }
            state = .completed
            return true
        }
    }
}
