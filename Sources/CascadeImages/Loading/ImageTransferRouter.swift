import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of a `URLSessionDataFetcher`: collects each transfer's body, cancels it
/// the moment the body passes the cap (counted as delivered, i.e. after decompression), enforces
/// the idle timeout and the overall deadline, refuses redirects that leave http(s), and resumes
/// the caller exactly once.
///
/// `@unchecked Sendable`: all mutable state is behind `lock`.
final class ImageTransferRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Per-transfer limits.
    struct Limits {
        var maxBytes: Int
        var idleTimeout: Double
        var deadline: Double
    }

    private enum Stop {
        case overflowed, redirectRefused(String), encodingRefused(String)
    }

    private struct Pending {
        var continuation: CheckedContinuation<Data, any Error>
        var limits: Limits
        var timer: any DispatchSourceTimer
        var started: DispatchTime
        var lastActivity: DispatchTime
        var data = Data()
        var response: HTTPURLResponse?
        var stop: Stop?

        var expiry: DispatchTime { min(lastActivity + limits.idleTimeout, started + limits.deadline) }
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private let timerQueue = DispatchQueue(label: "cascade.images.transfer-timeouts")

    func register(task: URLSessionTask, limits: Limits, continuation: CheckedContinuation<Data, any Error>) {
        let now = DispatchTime.now()
        let timer = DispatchSource.makeTimerSource(queue: timerQueue)
        let entry = Pending(continuation: continuation, limits: limits, timer: timer, started: now, lastActivity: now)
        let id = task.taskIdentifier
        timer.setEventHandler { [weak self, weak task] in
            guard let self, let task else { return }
            self.checkExpiry(id: id, task: task)
        }
        timer.schedule(deadline: entry.expiry)
        lock.withLock { pending[id] = entry }
        timer.resume()
    }

    /// Resumes the caller of a registered task with `result` and cancels the task.
    func finish(task: URLSessionTask, with result: Result<Data, any Error>) {
        let entry = lock.withLock { pending.removeValue(forKey: task.taskIdentifier) }
        entry?.timer.cancel()
        entry?.continuation.resume(with: result)
        task.cancel()
    }

    // MARK: Private

    private func checkExpiry(id: Int, task: URLSessionTask) {
        let expired = lock.withLock { () -> Bool in
            guard let entry = pending[id], entry.stop == nil else { return false }
            if entry.expiry > DispatchTime.now() {
                entry.timer.schedule(deadline: entry.expiry)
                return false
            }
            return true
        }
        // Resume the caller now: libcurl may take until the server stops sending to report the
        // cancelled transfer as complete.
        if expired { finish(task: task, with: .failure(ImagePipelineError.timeout)) }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let scheme = request.url?.scheme?.lowercased()
        guard scheme != "http" && scheme != "https" else { return completionHandler(request) }
        lock.withLock { pending[task.taskIdentifier]?.stop = .redirectRefused(scheme ?? "none") }
        completionHandler(nil)
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allow = lock.withLock { () -> Bool in
            guard let entry = pending[dataTask.taskIdentifier], entry.stop == nil else { return false }
            pending[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            pending[dataTask.taskIdentifier]?.lastActivity = .now()
            // A declared length over the cap fails at once.
            if response.expectedContentLength > Int64(entry.limits.maxBytes) {
                pending[dataTask.taskIdentifier]?.stop = .overflowed
                return false
            }
            // A compressed body is refused before any of it is inflated: the transport inflates
            // faster than a delegate can count (a 1 MB gzip bomb would queue 1 GiB of chunks
            // before the first count). Requests ask for `identity`, and covers (JPEG, PNG, WebP,
            // GIF) are compressed already, so honest servers never send one.
            if let http = response as? HTTPURLResponse, let encoding = Self.contentEncoding(of: http),
                encoding != "identity"
            {
                pending[dataTask.taskIdentifier]?.stop = .encodingRefused(encoding)
                return false
            }
            return true
        }
        completionHandler(allow ? .allow : .cancel)
        if !allow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = lock.withLock { () -> Bool in
            let id = dataTask.taskIdentifier
            guard let entry = pending[id], entry.stop == nil else { return false }
            pending[id]?.lastActivity = .now()
            if entry.data.count + data.count > entry.limits.maxBytes { return true }
            // In place (no copy of `entry`'s buffer): linear in the body size.
            pending[id]?.data.append(data)
            return false
        }
        if overflowed {
            let limit = lock.withLock { pending[dataTask.taskIdentifier]?.limits.maxBytes } ?? 0
            finish(task: dataTask, with: .failure(ImagePipelineError.tooLarge(limit: limit)))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.timer.cancel()
        entry.continuation.resume(with: Self.result(of: entry, task: task, error: error))
    }

    /// The response's `Content-Encoding`, lower case, nil when absent or empty.
    static func contentEncoding(of response: HTTPURLResponse) -> String? {
        for (key, value) in response.allHeaderFields {
            guard let key = key as? String, key.caseInsensitiveCompare("Content-Encoding") == .orderedSame,
                let value = value as? String
            else { continue }
            let encoding = value.trimmingCharacters(in: .whitespaces).lowercased()
            return encoding.isEmpty ? nil : encoding
        }
        return nil
    }

    private static func result(
        of entry: Pending, task: URLSessionTask, error: (any Error)?
    ) -> Result<
        Data, any Error
    > {
        switch entry.stop {
        case .overflowed?: return .failure(ImagePipelineError.tooLarge(limit: entry.limits.maxBytes))
        case .redirectRefused(let scheme)?:
            return .failure(ImagePipelineError.refused("redirect to a \(scheme) URL"))
        case .encodingRefused(let encoding)?:
            return .failure(ImagePipelineError.refused("a \(encoding)-encoded body"))
        case nil: break
        }
        if let error {
            switch (error as? URLError)?.code {
            case .timedOut?: return .failure(ImagePipelineError.timeout)
            case .cancelled?: return .failure(ImagePipelineError.cancelled)
            default: return .failure(ImagePipelineError.fetchFailed(error.localizedDescription))
            }
        }
        let response = entry.response ?? (task.response as? HTTPURLResponse)
        if let response, !(200...299).contains(response.statusCode) {
            return .failure(ImagePipelineError.status(response.statusCode))
        }
        return .success(entry.data)
    }
}
