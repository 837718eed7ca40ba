import CascadeContent
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the first `ContentSignature.headerLength` bytes of a video source, bounded in size and
/// time, so the player can refuse what is not a video (an image, an audio-only file, an unknown
/// format) before any decoder sees it: the folder scan and the opener judge by the same sniffer.
///
/// `file:` URLs: regular files only (a device or FIFO is refused, never opened). `http(s)`:
/// a `Range` request whose transfer is cancelled once enough bytes arrived (servers that ignore
/// `Range` are cut off too), with an overall deadline; redirects only to http(s).
public struct MediaProbe: Sendable {
    /// The outcome of a probe.
    public enum Outcome: Equatable, Sendable {
        /// The first bytes and what they are.
        case classified(ContentSignature)
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
        await withCheckedContinuation { continuation in
            probe(url) { continuation.resume(returning: $0) }
        }
    }

    /// Probes `url` and calls `completion` once, on a URLSession or dispatch thread.
    ///
    /// Uses no Swift concurrency, so a host whose cooperative threads are busy (or blocked by
    /// tests waiting on child processes) still gets its answer.
    public func probe(_ url: URL, completion: @escaping @Sendable (Outcome) -> Void) {
        switch url.scheme?.lowercased() {
        case "file": completion(Self.probeLocalFile(url))
        case "http", "https": probeRemote(url, completion: completion)
        default:
            completion(.refused("This isn't a video (unsupported address \(url.scheme ?? "without a scheme"))."))
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
        let header = (try? handle.read(upToCount: ContentSignature.headerLength)) ?? nil
        return .classified(ContentSignature(header: header ?? Data()))
    }

    private func probeRemote(_ url: URL, completion: @escaping @Sendable (Outcome) -> Void) {
        var request = URLRequest(url: url)
        request.setValue("bytes=0-\(ContentSignature.headerLength - 1)", forHTTPHeaderField: "Range")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = deadline.rounded(.up) + 1
        configuration.urlCache = nil
        let collector = HeaderCollector()
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        collector.start(task: session.dataTask(with: request)) { outcome in
            session.invalidateAndCancel()
            completion(outcome)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
            collector.finish(.unreadable("The video could not be reached in time"))
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
    private var completion: (@Sendable (MediaProbe.Outcome) -> Void)?

    func start(task: URLSessionTask, completion: @escaping @Sendable (MediaProbe.Outcome) -> Void) {
        lock.withLock {
            self.task = task
            self.completion = completion
        }
        task.resume()
    }

    /// Resumes the caller with `outcome` (only the first call counts) and cancels the transfer.
    func finish(_ outcome: MediaProbe.Outcome) {
        let completion = lock.withLock { () -> (@Sendable (MediaProbe.Outcome) -> Void)? in
            defer { self.completion = nil }
            return self.completion
        }
        guard let completion else { return }
        lock.withLock { self.task }?.cancel()
        completion(outcome)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive received: Data) {
        let header = lock.withLock { () -> Data? in
            data.append(received.prefix(max(0, ContentSignature.headerLength - data.count)))
            return data.count >= ContentSignature.headerLength ? data : nil
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
        return .classified(ContentSignature(header: header))
    }
}
