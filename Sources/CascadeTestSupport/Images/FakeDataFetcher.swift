import CascadeImages
import CascadeNumerics
import Foundation

/// A transport for pipeline tests that counts calls, records them in order, and can hold
/// responses until the test releases them.
///
/// By default a fetch of `url` answers `FakeImageDecoder.payload(width: 100, height: 100,
/// tag: url.absoluteString)` at once; `respond(_:with:)` overrides one URL.
public final class FakeDataFetcher: DataFetching, @unchecked Sendable {
    /// One observed event, in order.
    public enum Call: Equatable, Sendable {
        /// A fetch started.
        case fetch(URL)
        /// A held fetch was cancelled before it was released.
        case cancelled(URL)
    }

    private struct Waiter {
        let id: UInt64
        let url: URL
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var recorded: [Call] = []
    private var responses: [URL: Result<Data, ImagePipelineError>] = [:]
    private var waiters: [Waiter] = []
    private var nextID: UInt64 = 0
    private var holding: Bool
    private var released: Set<URL> = []
    private let latency: TimeInterval

    /// Creates a fetcher; with `holding` true every fetch waits for `release`; every fetch takes
    /// at least `latency` seconds (a cancellable sleep).
    public init(holding: Bool = false, latency: TimeInterval = 0) {
        self.holding = holding
        self.latency = latency
    }

    // MARK: Test API

    /// Every call so far, in order.
    public var calls: [Call] { lock.withLock { recorded } }

    /// The number of fetches started.
    public var fetchCount: Int {
        lock.withLock { recorded.filter { if case .fetch = $0 { true } else { false } }.count }
    }

    /// The number of fetches held now.
    public var heldCount: Int { lock.withLock { waiters.count } }

    /// Makes fetches of `url` answer `result`.
    public func respond(_ url: URL, with result: Result<Data, ImagePipelineError>) {
        lock.withLock { responses[url] = result }
    }

    /// Whether new fetches wait for `release`.
    public func setHolding(_ value: Bool) {
        lock.withLock { holding = value }
    }

    /// Lets the held fetches of `url` answer, and later fetches of `url` answer at once (so a
    /// test never hangs on a fetch that started after its release).
    public func release(_ url: URL) {
        let released: [Waiter] = lock.withLock {
            self.released.insert(url)
            let matching = waiters.filter { $0.url == url }
            waiters.removeAll { $0.url == url }
            return matching
        }
        for waiter in released { waiter.continuation.resume() }
    }

    /// Lets every held fetch answer and stops holding new ones.
    public func releaseAll() {
        let released: [Waiter] = lock.withLock {
            holding = false
            defer { waiters = [] }
            return waiters
        }
        for waiter in released { waiter.continuation.resume() }
    }

    /// Waits until `condition` holds, at most `timeout` seconds; returns whether it held.
    public func wait(
        timeout: TimeInterval = 20, until condition: @Sendable (FakeDataFetcher) -> Bool
    ) async -> Bool {
        await waitUntil(timeout: .seconds(timeout)) { condition(self) }
    }

    // MARK: DataFetching

    public func fetch(_ url: URL) async throws -> Data {
        let (hold, id): (Bool, UInt64) = lock.withLock {
            recorded.append(.fetch(url))
            nextID += 1
            return (holding && !released.contains(url), nextID)
        }
        if hold {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let cancelled: Bool = lock.withLock {
                        if Task.isCancelled { return true }
                        waiters.append(Waiter(id: id, url: url, continuation: continuation))
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let waiter: Waiter? = lock.withLock {
                    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    recorded.append(.cancelled(url))
                    return waiters.remove(at: index)
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        }
        if latency > 0 { try await Task.sleep(nanoseconds: UInt64(saturating: latency * 1_000_000_000)) }
        let response = lock.withLock { responses[url] }
        switch response {
        case .success(let data)?: return data
        case .failure(let error)?: throw error
        case nil: return FakeImageDecoder.payload(width: 100, height: 100, tag: url.absoluteString)
        }
    }
}
