import Foundation
import Synchronization

/// Bounded concurrency with a priority queue: at most `limit` holders at a time; when a slot
/// frees up, the oldest waiter of the highest priority gets it.
///
/// A visible request therefore overtakes every queued prefetch, and raising a waiter's priority
/// (a visible cell joined a prefetch job) moves it ahead at once. A waiter whose task is cancelled
/// leaves the queue immediately and throws `CancellationError`.
///
/// - Complexity: `acquire` and `release` are O(w) in the number w of waiters (a scan of a small
///   array per priority level), which stays cheap for the few hundred prefetches a feed queues.
final class PriorityGate: @unchecked Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        /// Waiters per priority level (index = raw value), oldest first.
        var queues: [[Waiter]] = Array(repeating: [], count: ImagePriority.allCases.count)
        /// Priorities set for an id before or while it waits.
        var priorities: [UInt64: ImagePriority] = [:]
        /// Ids cancelled before they were queued.
        var cancelled: Set<UInt64> = []
    }

    /// The number of holders allowed at once.
    let limit: Int
    private let state = Mutex(State())

    // MARK: Lifecycle

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    // MARK: Internal API

    /// Waits for a slot. Every successful `acquire` must be balanced by one `release`.
    ///
    /// - Parameter id: identifies the waiter for `setPriority` and cancellation; unique among
    ///   current waiters.
    /// - Throws: `CancellationError` if the calling task is (or becomes) cancelled while waiting.
    func acquire(id: UInt64, priority: ImagePriority) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if state.running < limit {
                        state.running += 1
                        return .success(())
                    }
                    let level = (state.priorities[id] ?? priority).rawValue
                    state.queues[level].append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                for level in state.queues.indices {
                    if let index = state.queues[level].firstIndex(where: { $0.id == id }) {
                        return state.queues[level].remove(at: index)
                    }
                }
                state.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Frees a slot and hands it to the next waiter, if any.
    func release() {
        let next: Waiter? = state.withLock { state in
            for level in state.queues.indices.reversed() where !state.queues[level].isEmpty {
                return state.queues[level].removeFirst()
            }
            state.running -= 1
            return nil
        }
        next?.continuation.resume()
    }

    /// Changes the priority of `id`, now if it waits, or for its next `acquire`.
    func setPriority(_ priority: ImagePriority, for id: UInt64) {
        state.withLock { state in
            state.priorities[id] = priority
            for level in state.queues.indices where level != priority.rawValue {
                if let index = state.queues[level].firstIndex(where: { $0.id == id }) {
                    let waiter = state.queues[level].remove(at: index)
                    state.queues[priority.rawValue].append(waiter)
                    return
                }
            }
        }
    }

    /// Forgets what the gate remembers about `id` once its work is over.
    func forget(_ id: UInt64) {
        state.withLock { state in
            state.priorities[id] = nil
            state.cancelled.remove(id)
        }
    }

    /// The number of holders now (for tests and benchmarks).
    var runningCount: Int { state.withLock { $0.running } }

    /// The number of waiters now (for tests and benchmarks).
    var waitingCount: Int { state.withLock { $0.queues.reduce(0) { $0 + $1.count } } }
}
