import CascadeFeed
import Foundation

/// A `FeedLoading` spy: records every call in order and answers from a closure, optionally
/// holding each call until the test releases it (held calls ignore cancellation on purpose, so
/// tests can prove that a stale answer is dropped by the pager, not by the loader).
public actor ScriptedFeedLoader: FeedLoading {
    /// One recorded call.
    public enum Call: Equatable, Sendable {
        case page(number: Int, size: Int)
    }

    /// The calls so far, in order.
    public private(set) var calls: [Call] = []
    private let responder: @Sendable (Int, Int) -> Result<FeedPage, FeedError>
    private var isGated: Bool
    private var held: [CheckedContinuation<Void, Never>] = []

    /// Creates a spy answering with `responder(page, size)`; `gated` holds calls until released.
    public init(gated: Bool = false, responder: @escaping @Sendable (Int, Int) -> Result<FeedPage, FeedError>) {
        self.isGated = gated
        self.responder = responder
    }

    /// A spy paging through `items` like a server: page `n` (0-based) holds items `n*size..<(n+1)*size`,
    /// and the last page has `end` set.
    public init(items: [VideoItem], gated: Bool = false) {
        self.init(gated: gated) { number, size in
            let start = min(items.count, number * size)
            let end = min(items.count, start + size)
            return .success(FeedPage(items: Array(items[start..<end]), isEnd: end >= items.count))
        }
    }

    public func page(number: Int, size: Int) async throws -> FeedPage {
        calls.append(.page(number: number, size: size))
        if isGated {
            await withCheckedContinuation { held.append($0) }
        }
        return try responder(number, size).get()
    }

    /// Whether calls are held.
    public func setGated(_ gated: Bool) {
        isGated = gated
        if !gated { releaseAll() }
    }

    /// Lets every held call answer.
    public func releaseAll() {
        let waiting = held
        held.removeAll()
        for continuation in waiting { continuation.resume() }
    }

    /// Lets the oldest held call answer.
    public func releaseNext() {
        guard !held.isEmpty else { return }
        held.removeFirst().resume()
    }

    /// The number of calls held right now.
    public var heldCount: Int { held.count }

    /// Waits until at least `count` calls are held, polling for at most `timeout`.
    /// - Returns: whether they arrived in time.
    public func waitUntilHeld(_ count: Int, timeout: Duration = .seconds(20)) async -> Bool {
        await waitUntil(timeout: timeout) { held.count >= count }
    }
}
