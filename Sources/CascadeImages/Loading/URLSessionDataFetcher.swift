import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `PlainHTTPClient` for `http` (pulled reads on its own socket),
/// `URLSession` for `https`, bounded file reads for `file` URLs, all off the calling thread.
///
/// Every fetch is bounded in memory and time:
/// - the body is collected by a session delegate that counts the bytes as delivered and cancels
///   the transfer the moment they pass `maximumBytes`: `.tooLarge`;
/// - a compressed body (`Content-Encoding` other than `identity`, which requests ask for) is
///   refused when the headers arrive, before one byte is inflated (`.refused`): libcurl inflates
///   a 1 MB gzip bomb to 1 GiB faster than any delegate can count it;
/// - a request that stays silent for `timeout` seconds fails with `.timeout`, and so does one
///   that is still receiving after `deadline` seconds (an endless body);
/// - redirects are followed only to `http`/`https` URLs;
/// - `file` URLs are read by `LocalImageFile`: regular files only, size checked before reading.
///
/// Responses outside 200...299 throw `.status`; cancelling the calling task cancels the transfer.
public final class URLSessionDataFetcher: DataFetching {
    /// Seconds a request may wait for data before it fails with `.timeout`.
    public let timeout: TimeInterval
    /// Seconds a whole transfer may take before it fails with `.timeout`.
    public let deadline: TimeInterval
    /// Bodies larger than this many bytes (after decompression) are refused (`.tooLarge`).
    public let maximumBytes: Int
    /// The default `maximumBytes`: 10 MB, far above any cover.
    public static let defaultMaximumBytes = 10 * 1024 * 1024

    private let session: URLSession
    private let router: ImageTransferRouter
    private static let fileQueue = DispatchQueue(
        label: "cascade.images.file-reads", qos: .utility, attributes: .concurrent)

    // MARK: Lifecycle

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - timeout: seconds without data before a request fails (15 by default).
    ///   - deadline: seconds a whole transfer may take (4 × `timeout` by default).
    ///   - maximumBytes: the largest body accepted after decompression (`defaultMaximumBytes`).
    public init(
        timeout: TimeInterval = 15, deadline: TimeInterval? = nil,
        maximumBytes: Int = URLSessionDataFetcher.defaultMaximumBytes
    ) {
        let timeout = timeout.isFinite && timeout > 0 ? timeout : 15
        self.timeout = timeout
        let total = deadline ?? timeout * 4
        self.deadline = total.isFinite && total > 0 ? total : timeout * 4
        self.maximumBytes = max(1, maximumBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = self.deadline.rounded(.up) + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 6
        router = ImageTransferRouter()
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    // MARK: DataFetching

    public func fetch(_ url: URL) async throws -> Data {
        switch url.scheme?.lowercased() {
        case "file":
            return try await readFile(url)
        case "http":
            return try await plainDownload(url)
        case "https":
            return try await download(url)
        default:
            throw ImagePipelineError.fetchFailed("unsupported URL scheme: \(url.scheme ?? "none")")
        }
    }

    // MARK: Private

    private func readFile(_ url: URL) async throws -> Data {
        try Task.checkCancellation()
        let reader = LocalImageFile(maximumBytes: maximumBytes)
        return try await withCheckedThrowingContinuation { continuation in
            Self.fileQueue.async {
                continuation.resume(with: Result { try reader.read(url) })
            }
        }
    }

    /// `http://` through `PlainHTTPClient`: pulled reads, so memory never exceeds the cap however
    /// fast the server sends; an https redirect continues through `URLSession`.
    private func plainDownload(_ url: URL) async throws -> Data {
        #if canImport(Glibc)
            let client = PlainHTTPClient(maximumBytes: maximumBytes, idleTimeout: timeout, deadline: deadline)
            let cancelled = Locked(false)
            let outcome = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    Self.fileQueue.async {
                        continuation.resume(with: Result { try client.get(url) { cancelled.withLock { $0 } } })
                    }
                }
            } onCancel: {
                cancelled.withLock { $0 = true }
            }
            switch outcome {
            case .body(let data): return data
            case .secureRedirect(let target): return try await download(target)
            }
        #else
            return try await download(url)
        #endif
    }

    private func download(_ url: URL) async throws -> Data {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout.rounded(.up) + 1
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.dataTask(with: request)
        let limits = ImageTransferRouter.Limits(maxBytes: maximumBytes, idleTimeout: timeout, deadline: deadline)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                router.register(task: task, limits: limits, continuation: continuation)
                if Task.isCancelled {
                    router.finish(task: task, with: .failure(ImagePipelineError.cancelled))
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            task.cancel()
        }
    }
}
