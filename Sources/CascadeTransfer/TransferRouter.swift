import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of a `BoundedTransferSession`: collects each transfer's body, cancels the
/// transfer the moment the body passes its cap (counted as delivered, i.e. after decoding),
/// or ends it with the first bytes when the limits say `keepsFirstBytes` (a probe), enforces the
/// idle timeout and the deadline, refuses redirects that leave http(s), and calls
/// each transfer's completion exactly once.
///
/// A transfer's caller is answered as soon as it fails (cap, timeout, redirect, cancellation),
/// not when libcurl gets round to reporting the cancelled transfer; chunks still in flight for
/// it are dropped on arrival.
///
/// The timeouts are enforced here, not by `URLRequest.timeoutInterval`, because
/// swift-corelibs-foundation truncates that interval to whole seconds (0.5 s becomes an
/// immediate timeout).
///
/// `@unchecked Sendable`: all mutable state is behind `lock`.
final class TransferRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = @Sendable (Result<TransferResponse, TransferFailure>) -> Void

    /// One transfer in flight: a reference, so the body grows in place under the lock (linear
    /// in the body size; a struct copied out and back would copy the body on every chunk).
    private final class Transfer {
        let completion: Completion
        let limits: TransferLimits
        let timer: any DispatchSourceTimer
        let started: DispatchTime
        var lastActivity: DispatchTime
        var body = Data()
        var response: HTTPURLResponse?

        init(completion: @escaping Completion, limits: TransferLimits, timer: any DispatchSourceTimer) {
            self.completion = completion
            self.limits = limits
            self.timer = timer
            started = .now()
            lastActivity = started
        }

        /// When the transfer times out unless more data arrives.
        var expiry: DispatchTime { min(lastActivity + limits.idleTimeout, started + limits.deadline) }
    }

    /// Called on the delegate queue before each chunk is counted (tests slow the delegate down).
    let onChunk: (@Sendable () -> Void)?

    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private let timerQueue = DispatchQueue(label: "cascade.transfer-timeouts")
    /// Where transfers are cancelled: `URLSessionTask.cancel()` waits for the session's transfer
    /// thread, on which the callbacks run (`InlineDelegateQueue`), so a callback never cancels
    /// on its own thread.
    private let cancelQueue = DispatchQueue(label: "cascade.transfer-cancel")

    init(onChunk: (@Sendable () -> Void)? = nil) {
        self.onChunk = onChunk
    }

    /// Tracks `task` (not yet resumed) until it completes or fails.
    func register(task: URLSessionTask, limits: TransferLimits, completion: @escaping Completion) {
        let timer = DispatchSource.makeTimerSource(queue: timerQueue)
        let transfer = Transfer(completion: completion, limits: limits, timer: timer)
        let id = task.taskIdentifier
        timer.setEventHandler { [weak self, weak task] in
            guard let self, let task else { return }
            self.checkExpiry(id: id, task: task)
        }
        timer.schedule(deadline: transfer.expiry)
        lock.withLock { transfers[id] = transfer }
        timer.resume()
    }

    /// Answers `task`'s caller with `result` unless it was answered already, and cancels the
    /// transfer when `cancelling` (not when the transport is already told to stop).
    func finish(task: URLSessionTask, with result: Result<TransferResponse, TransferFailure>, cancelling: Bool = true) {
        let transfer = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
        guard let transfer else { return }
        transfer.timer.cancel()
        if cancelling { cancelQueue.async { task.cancel() } }
        transfer.completion(result)
    }

    /// Invalidates `session`, cancelling what is left, after the cancels already asked for:
    /// corelibs traps when a task is cancelled by both at once. Not `invalidateAndCancel`, which
    /// in corelibs reads the session's tasks off the session's own queue and can trap when a task
    /// completes meanwhile; `getAllTasks` and `finishTasksAndInvalidate` read them on it.
    func invalidate(_ session: URLSession) {
        session.getAllTasks { [cancelQueue] tasks in
            cancelQueue.async {
                for task in tasks { task.cancel() }
                session.finishTasksAndInvalidate()
            }
        }
    }

    /// Transfers in flight (registered and not answered).
    var activeCount: Int { lock.withLock { transfers.count } }

    // MARK: Private

    private func checkExpiry(id: Int, task: URLSessionTask) {
        let expired = lock.withLock { () -> Bool in
            guard let transfer = transfers[id] else { return false }
            let expiry = transfer.expiry
            if expiry > DispatchTime.now() {
                transfer.timer.schedule(deadline: expiry)
                return false
            }
            return true
        }
        if expired { finish(task: task, with: .failure(.timedOut)) }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let scheme = request.url?.scheme?.lowercased()
        guard scheme != "http" && scheme != "https" else { return completionHandler(request) }
        completionHandler(nil)
        finish(task: task, with: .failure(.redirectRefused(request.url?.absoluteString ?? "")))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let limit = lock.withLock { () -> (bytes: Int, keepsFirstBytes: Bool)? in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            transfer.response = response as? HTTPURLResponse
            transfer.lastActivity = .now()
            return (transfer.limits.maximumBytes, transfer.limits.keepsFirstBytes)
        }
        guard let limit else { return completionHandler(.cancel) }
        // A declared length over the cap fails before any of the body arrives.
        if response.expectedContentLength > Int64(limit.bytes), !limit.keepsFirstBytes {
            completionHandler(.cancel)
            finish(task: dataTask, with: .failure(.tooLarge(limit: limit.bytes)), cancelling: false)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard lock.withLock({ transfers[dataTask.taskIdentifier] != nil }) else { return }  // answered: dropped
        onChunk?()
        let overflow = lock.withLock { () -> Result<TransferResponse, TransferFailure>? in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            transfer.lastActivity = .now()
            let limit = transfer.limits.maximumBytes
            guard transfer.body.count + data.count <= limit else {
                guard transfer.limits.keepsFirstBytes, let response = transfer.response else {
                    return .failure(.tooLarge(limit: limit))
                }
                transfer.body.append(data.prefix(limit - transfer.body.count))
                return .success(TransferResponse(body: transfer.body, response: response))
            }
            transfer.body.append(data)
            return nil
        }
        if let overflow { finish(task: dataTask, with: overflow) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = lock.withLock { transfers[task.taskIdentifier] }
        guard let transfer else { return }
        let result: Result<TransferResponse, TransferFailure>
        if let error {
            result = .failure(TransferFailure.from((error as? URLError) ?? URLError(.unknown)))
        } else if let response = transfer.response ?? (task.response as? HTTPURLResponse) {
            result = .success(TransferResponse(body: transfer.body, response: response))
        } else {
            result = .failure(.transport(URLError(.badServerResponse)))
        }
        finish(task: task, with: result, cancelling: false)
    }
}
