import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of an `HTTPFetcher`: collects each task's body, cancels a task as soon as
/// its body passes the size cap (rather than after it was all received), enforces the timeouts,
/// and resumes the waiting caller exactly once.
///
/// Timeouts are enforced here, not by `URLRequest.timeoutInterval`, because swift-corelibs-foundation
/// truncates that interval to whole seconds (0.5 s becomes an immediate timeout). The idle timeout
/// restarts whenever data arrives; the resource timeout bounds the whole request.
///
/// `@unchecked Sendable`: all mutable state is behind `lock`.
final class DataTaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), HTTPFetcher.AttemptFailure>

    /// Per-request limits.
    struct Limits {
        var maxBytes: Int
        var idleTimeout: Double
        var resourceTimeout: Double
    }

    private struct Pending {
        var continuation: CheckedContinuation<Outcome, Never>
        var limits: Limits
        var timer: any DispatchSourceTimer
        var started: DispatchTime
        var lastActivity: DispatchTime
        var data = Data()
        var response: HTTPURLResponse?
        var overflowed = false
        var timedOut = false

        /// When the request times out unless more data arrives.
        var deadline: DispatchTime {
            let idle = lastActivity + limits.idleTimeout
            let total = started + limits.resourceTimeout
            return min(idle, total)
        }
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private let timerQueue = DispatchQueue(label: "cascade.feed-timeouts")

    func register(task: URLSessionTask, limits: Limits, continuation: CheckedContinuation<Outcome, Never>) {
        let now = DispatchTime.now()
        let timer = DispatchSource.makeTimerSource(queue: timerQueue)
        let entry = Pending(continuation: continuation, limits: limits, timer: timer, started: now, lastActivity: now)
        let id = task.taskIdentifier
        timer.setEventHandler { [weak self, weak task] in
            guard let self, let task else { return }
            self.checkDeadline(id: id, task: task)
        }
        timer.schedule(deadline: entry.deadline)
        lock.withLock { pending[id] = entry }
        timer.resume()
    }

    /// Resumes a registered task's caller with `.cancelled` without starting it.
    func finishCancelled(task: URLSessionTask) {
        let entry = lock.withLock { pending.removeValue(forKey: task.taskIdentifier) }
        entry?.timer.cancel()
        entry?.continuation.resume(returning: .failure(HTTPFetcher.AttemptFailure(error: .cancelled)))
        task.cancel()
    }

    // MARK: Private

    private func checkDeadline(id: Int, task: URLSessionTask) {
        let expired = lock.withLock { () -> Bool in
            guard var entry = pending[id], !entry.timedOut, !entry.overflowed else { return false }
            let deadline = entry.deadline
            if deadline > DispatchTime.now() {
                entry.timer.schedule(deadline: deadline)
                return false
            }
            entry.timedOut = true
            pending[id] = entry
            return true
        }
        if expired { task.cancel() }
    }

    // MARK: URLSessionDataDelegate

    /// Redirects are followed only to http(s) URLs; any other target fails the request with
    /// `FeedError.invalidURL`.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let scheme = request.url?.scheme?.lowercased()
        guard scheme != "http" && scheme != "https" else { return completionHandler(request) }
        let entry = lock.withLock { pending.removeValue(forKey: task.taskIdentifier) }
        completionHandler(nil)
        task.cancel()
        entry?.timer.cancel()
        let target = request.url?.absoluteString ?? ""
        entry?.continuation.resume(returning: .failure(HTTPFetcher.AttemptFailure(error: .invalidURL(target))))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allow = lock.withLock { () -> Bool in
            guard var entry = pending[dataTask.taskIdentifier] else { return false }
            entry.response = response as? HTTPURLResponse
            entry.lastActivity = .now()
            if response.expectedContentLength > Int64(entry.limits.maxBytes) { entry.overflowed = true }
            pending[dataTask.taskIdentifier] = entry
            return !entry.overflowed
        }
        completionHandler(allow ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = lock.withLock { () -> Bool in
            let id = dataTask.taskIdentifier
            guard let entry = pending[id], !entry.overflowed else { return false }
            let fits = entry.data.count + data.count <= entry.limits.maxBytes
            // Mutate in place: copying the entry out and back would copy the whole body on every
            // chunk (quadratic in the body size).
            pending[id]?.lastActivity = .now()
            if fits {
                pending[id]?.data.append(data)
            } else {
                pending[id]?.overflowed = true
                pending[id]?.data = Data()
            }
            return !fits
        }
        if overflowed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.timer.cancel()
        let outcome: Outcome
        if entry.overflowed {
            outcome = .failure(.init(error: .tooLarge(limit: entry.limits.maxBytes)))
        } else if entry.timedOut {
            outcome = .failure(.init(error: .timedOut))
        } else if let error {
            outcome = .failure(.init(error: HTTPFetcher.error(from: error, limit: entry.limits.maxBytes)))
        } else if let response = entry.response ?? (task.response as? HTTPURLResponse) {
            outcome = .success((entry.data, response))
        } else {
            outcome = .failure(.init(error: .connectionLost))
        }
        entry.continuation.resume(returning: outcome)
    }
}
