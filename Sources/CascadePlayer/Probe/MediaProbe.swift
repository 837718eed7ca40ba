import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the first `MediaSignature.headerLength` bytes of a video source, bounded in size and
/// time, so the player can refuse what is not audio or video before any decoder sees it.
///
/// `file:` URLs: regular files only (a device or FIFO is refused, never opened). `http(s)`:
/// a `Range` request whose transfer is cancelled once enough bytes arrived (servers that ignore
/// `Range` are cut off too), with an overall deadline; redirects only to http(s).
public struct MediaProbe: Sendable {
    /// The outcome of a probe.
    public enum Outcome: Equatable, Sendable {
        /// The first bytes and what they are.
        case classified(MediaSignature)
        /// The source could not be read (network error, missing file, timeout): the engine
        /// reports its own error for it.
        case unreadable(String)
        /// Not a regular file, a redirect out of http(s), an unsupported scheme: refused.
        case refused(String)
    }

    /// Seconds a probe may take.
    public let deadline: Double

    /// Creates a probe giving up after `deadline` seconds.
    public init(deadline: Double = 8) {
        self.deadline = deadline.isFinite && deadline > 0 ? deadline : 8
    }

    /// Probes `url`.
    public func probe(_ url: URL) async -> Outcome {
        switch url.scheme?.lowercased() {
        case "file": return Self.probeLocalFile(url)
        case "http", "https": return await probeRemote(url)
        default: return .refused("This isn't a video (unsupported address \(url.scheme ?? "without a scheme")).")
        }
    }

    // MARK: Private

    /// Probes a `file:` URL synchronously (a bounded read of one local file's first bytes).
    public static func probeLocalFile(_ url: URL) -> Outcome {
        guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey]) else {
            return .unreadable("File not found: \(url.path)")
        }
        guard values.isRegularFile == true else { return .refused("This isn't a video (not a regular file).") }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return .unreadable("Cannot read \(url.path)") }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: MediaSignature.headerLength)) ?? nil
        return .classified(MediaSignature(header: header ?? Data()))
    }

    private func probeRemote(_ url: URL) async -> Outcome {
        var request = URLRequest(url: url)
        request.setValue("bytes=0-\(MediaSignature.headerLength - 1)", forHTTPHeaderField: "Range")
        let collector = HeaderCollector()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = deadline.rounded(.up) + 1
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                collector.start(task: task, continuation: continuation)
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                    collector.finish(.unreadable("The video could not be reached in time"))
                }
            }
        } onCancel: {
            collector.finish(.unreadable("cancelled"))
        }
    }
}

/// The session delegate of one remote probe: collects up to the header length, resumes once.
///
/// `@unchecked Sendable`: all mutable state is behind `lock`.
private final class HeaderCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var task: URLSessionTask?
    private var continuation: CheckedContinuation<MediaProbe.Outcome, Never>?

    func start(task: URLSessionTask, continuation: CheckedContinuation<MediaProbe.Outcome, Never>) {
        lock.withLock {
            self.task = task
            self.continuation = continuation
        }
        task.resume()
    }

    /// Resumes the caller with `outcome` (only the first call counts) and cancels the transfer.
    func finish(_ outcome: MediaProbe.Outcome) {
        let continuation = lock.withLock { () -> CheckedContinuation<MediaProbe.Outcome, Never>? in
            defer { self.continuation = nil }
            return self.continuation
        }
        let task = lock.withLock { self.task }
        task?.cancel()
        continuation?.resume(returning: outcome)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive received: Data) {
        let header = lock.withLock { () -> Data? in
            data.append(received.prefix(max(0, MediaSignature.headerLength - data.count)))
            return data.count >= MediaSignature.headerLength ? data : nil
        }
        if let header { finish(Self.outcome(header, response: dataTask.response)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let header = lock.withLock { data }
        if error != nil && header.isEmpty {
            finish(.unreadable(error.map { "The video could not be reached (\($0.localizedDescription))" } ?? ""))
        } else {
            finish(Self.outcome(header, response: task.response))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let scheme = request.url?.scheme?.lowercased()
        guard scheme != "http" && scheme != "https" else { return completionHandler(request) }
        completionHandler(nil)
        finish(.refused("This isn't a video (redirected away from http)."))
    }

    private static func outcome(_ header: Data, response: URLResponse?) -> MediaProbe.Outcome {
        if let status = (response as? HTTPURLResponse)?.statusCode, !(200...299).contains(status) {
            return .unreadable("The server answered \(status)")
        }
        return .classified(MediaSignature(header: header))
    }
}
