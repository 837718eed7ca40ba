import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `URLSession` whose every transfer is bounded in memory and time: Cascade's one HTTP
/// client, used by the feed loader, the covers (http and https) and the player's probe, so the
/// caps, deadlines and redirect rule live here only.
///
/// - The body is counted as delivered, after any `Content-Encoding` is decoded, and the transfer
///   is cancelled the moment it passes `TransferLimits.maximumBytes` (`.tooLarge`); a declared
///   `Content-Length` over the cap fails before the body.
/// - The transport cannot run ahead of that count: the session's delegate queue
///   (`InlineDelegateQueue`) runs the callbacks on the transfer thread, so each chunk is counted
///   before libcurl reads or inflates the next; a gzip bomb or an endless body holds at most the
///   cap plus one chunk, however fast it arrives.
/// - A transfer without progress for `idleTimeout` seconds, or still running at `deadline`,
///   fails with `.timedOut`.
/// - Redirects are followed only to http(s) (`.redirectRefused`).
/// - Cancelling the calling task answers at once with `.cancelled` and cancels the transfer.
/// - Proxies come from the environment as in every libcurl program (the transport is libcurl):
///   `http_proxy` for http (lower case only: libcurl ignores `HTTP_PROXY`, which a CGI server
///   sets from a request's `Proxy:` header), `https_proxy`/`HTTPS_PROXY` for https (a CONNECT
///   tunnel), `no_proxy`/`NO_PROXY` for the hosts reached directly.
/// - Name lookup is part of the transfer, so the deadline bounds it: the timeouts are this
///   session's own timer, which answers `.timedOut` whatever the transport is doing (a lookup
///   that hangs included) and then cancels the transfer.
/// - IPv6 literal hosts (`http://[::1]:8080/`) are refused by URLSession on Linux for now
///   (`.transport(.badURL)`, see Docs/PLATFORM_NOTES.md): such a server needs a host name.
///
/// Every status is a `TransferResponse`; what a 404 means is the caller's decision.
public final class BoundedTransferSession: Sendable {
    /// The bounds of every transfer.
    public let limits: TransferLimits
    private let session: URLSession
    private let router: TransferRouter
    private let queue: InlineDelegateQueue

    // MARK: Lifecycle

    /// Creates a session (ephemeral: no cookies, credentials or cache kept).
    ///
    /// - Parameters:
    ///   - limits: the bounds of every transfer.
    ///   - maximumConnectionsPerHost: URLSession's per-host connection limit, nil for its default.
    public convenience init(limits: TransferLimits = TransferLimits(), maximumConnectionsPerHost: Int? = nil) {
        self.init(limits: limits, maximumConnectionsPerHost: maximumConnectionsPerHost, onChunk: nil)
    }

    /// Creates a session whose delegate calls `onChunk` with the delegate queue's callbacks in
    /// flight before counting each chunk: how tests see that the transport never runs ahead.
    init(limits: TransferLimits, maximumConnectionsPerHost: Int?, onChunk: (@Sendable (Int) -> Void)?) {
        self.limits = limits
        let configuration = URLSessionConfiguration.ephemeral
        // Backstops only: the router enforces the real (sub-second capable) timeouts.
        configuration.timeoutIntervalForRequest = Self.backstop(limits.idleTimeout)
        configuration.timeoutIntervalForResource = Self.backstop(limits.deadline)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        if let maximumConnectionsPerHost {
            configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        }
        let queue = InlineDelegateQueue()
        self.queue = queue
        var reportChunk: (@Sendable () -> Void)?
        if let onChunk { reportChunk = { onChunk(queue.callbacksInFlight) } }
        router = TransferRouter(onChunk: reportChunk)
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    deinit {
        router.invalidate(session)
    }

    // MARK: Transfers

    /// Performs `request` (http or https) within `limits` (the session's by default).
    ///
    /// - Returns: the body and response, or why there is none. Never throws; cancellation of
    ///   the calling task is `.cancelled`.
    public func fetch(
        _ request: URLRequest, limits: TransferLimits? = nil
    ) async -> Result<
        TransferResponse, TransferFailure
    > {
        let limits = limits ?? self.limits
        let task = makeTask(request, limits: limits)
        let router = router
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                router.register(task: task, limits: limits) { continuation.resume(returning: $0) }
                if Task.isCancelled {
                    router.finish(task: task, with: .failure(.cancelled))
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            router.finish(task: task, with: .failure(.cancelled))
        }
    }

    /// Performs `request` within `limits` (the session's by default) and calls `completion`
    /// once, on a transfer or timer thread.
    ///
    /// Uses no Swift concurrency, so a caller whose cooperative threads are busy (the player's
    /// probe on a host blocked in tests) still gets its answer.
    public func fetch(
        _ request: URLRequest, limits: TransferLimits? = nil,
        completion: @escaping @Sendable (Result<TransferResponse, TransferFailure>) -> Void
    ) {
        let limits = limits ?? self.limits
        let task = makeTask(request, limits: limits)
        router.register(task: task, limits: limits, completion: completion)
        task.resume()
    }

    /// Transfers registered and not answered yet (for tests: nothing is left behind).
    public var activeTransfers: Int { router.activeCount }

    // MARK: Internal

    /// A task for `request` whose URLSession timeout is a backstop above `limits`' own. The
    /// session's resource timeout is a backstop above its `limits.deadline`: a transfer's
    /// `limits` should not give it longer.
    private func makeTask(_ request: URLRequest, limits: TransferLimits) -> URLSessionDataTask {
        var request = request
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.timeoutInterval = Self.backstop(limits.idleTimeout)
        return session.dataTask(with: request)
    }

    /// A whole-second URLSession timeout above ours, so ours fires first.
    static func backstop(_ seconds: Double) -> Double {
        seconds.rounded(.up) + 1
    }
}
