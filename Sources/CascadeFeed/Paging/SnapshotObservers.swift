import Foundation

/// The `AsyncStream`s observing a `FeedPager`; finishes them all when the pager goes away.
///
/// A separate class because a main-actor class cannot touch its state from a (nonisolated)
/// `deinit` on the deployment targets we support. `@unchecked Sendable`: state is behind `lock`.
final class SnapshotObservers: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<FeedPager.Snapshot>.Continuation] = [:]

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }

    func add(initial: FeedPager.Snapshot) -> AsyncStream<FeedPager.Snapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedPager.Snapshot.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.continuations.removeValue(forKey: id) }
        }
        lock.withLock { continuations[id] = continuation }
        continuation.yield(initial)
        return stream
    }

    func yield(_ snapshot: FeedPager.Snapshot) {
        let current = lock.withLock { Array(continuations.values) }
        for continuation in current { continuation.yield(snapshot) }
    }
}
