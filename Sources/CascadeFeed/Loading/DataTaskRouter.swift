import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of an `HTTPFetcher`: collects each task's body, cancels a task as soon as
/// its body passes the size cap (rather than after it was all received), and resumes the waiting
/// caller exactly once.
///
/// `@unchecked Sendable`: all mutable state is behind `lock`.
final class DataTaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), HTTPFetcher.AttemptFailure>

    private struct Pending {
        var continuation: CheckedContinuation<Outcome, Never>
        var limit: Int
        var data = Data()
        var response: HTTPURLResponse?
        var overflowed = false
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    func register(task: URLSessionTask, limit: Int, continuation: CheckedContinuation<Outcome, Never>) {
        lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation, limit: limit) }
    }

    /// Resumes a registered task's caller with `.cancelled` without starting it.
    func finishCancelled(task: URLSessionTask) {
        let entry = lock.withLock { pending.removeValue(forKey: task.taskIdentifier) }
        entry?.continuation.resume(returning: .failure(HTTPFetcher.AttemptFailure(error: .cancelled)))
        task.cancel()
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allow = lock.withLock { () -> Bool in
            guard var entry = pending[dataTask.taskIdentifier] else { return false }
            entry.response = response as? HTTPURLResponse
            if response.expectedContentLength > Int64(entry.limit) { entry.overflowed = true }
            pending[dataTask.taskIdentifier] = entry
            return !entry.overflowed
        }
        completionHandler(allow ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = lock.withLock { () -> Bool in
            guard var entry = pending[dataTask.taskIdentifier], !entry.overflowed else { return false }
            if entry.data.count + data.count > entry.limit {
                entry.overflowed = true
                entry.data = Data()
            } else {
                entry.data.append(data)
            }
            pending[dataTask.taskIdentifier] = entry
            return entry.overflowed
        }
        if overflowed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        let outcome: Outcome
        if entry.overflowed {
            outcome = .failure(.init(error: .tooLarge(limit: entry.limit)))
        } else if let error {
            outcome = .failure(.init(error: HTTPFetcher.error(from: error, overflowed: false, limit: entry.limit)))
        } else if let response = entry.response ?? (task.response as? HTTPURLResponse) {
            outcome = .success((entry.data, response))
        } else {
            outcome = .failure(.init(error: .connectionLost))
        }
        entry.continuation.resume(returning: outcome)
    }
}
