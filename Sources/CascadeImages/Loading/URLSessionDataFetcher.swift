import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession` for `http`/`https` URLs, plain file reads for `file`
/// URLs, both off the calling thread.
///
/// Responses outside 200...299 throw `.status`, a request that stays silent for `timeout`
/// seconds throws `.timeout`, and cancelling the calling task cancels the transfer.
public final class URLSessionDataFetcher: DataFetching {
    /// Seconds a request may wait for data before it fails with `.timeout`.
    public let timeout: TimeInterval
    /// Bodies larger than this many bytes are refused (`.fetchFailed`).
    public let maximumBytes: Int
    private let session: URLSession
    private static let fileQueue = DispatchQueue(
        label: "cascade.images.file-reads", qos: .utility, attributes: .concurrent)

    // MARK: Lifecycle

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - timeout: seconds without data before a request fails (15 by default); a whole
    ///     transfer may take at most four times as long.
    ///   - maximumBytes: the largest body accepted (64 MB by default).
    public init(timeout: TimeInterval = 15, maximumBytes: Int = 64 * 1024 * 1024) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 6
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    // MARK: DataFetching

    public func fetch(_ url: URL) async throws -> Data {
        switch url.scheme?.lowercased() {
        case "file":
            return try await readFile(url)
        case "http", "https":
            return try await download(url)
        default:
            throw ImagePipelineError.fetchFailed("unsupported URL scheme: \(url.scheme ?? "none")")
        }
    }

    // MARK: Private

    private func readFile(_ url: URL) async throws -> Data {
        try Task.checkCancellation()
        let limit = maximumBytes
        return try await withCheckedThrowingContinuation { continuation in
            Self.fileQueue.async {
                do {
                    let data = try Data(contentsOf: url, options: .mappedIfSafe)
                    if data.count > limit {
                        continuation.resume(throwing: ImagePipelineError.fetchFailed("file larger than \(limit) bytes"))
                    } else {
                        continuation.resume(returning: data)
                    }
                } catch {
                    continuation.resume(throwing: ImagePipelineError.fetchFailed("cannot read \(url.path): \(error)"))
                }
            }
        }
    }

    private func download(_ url: URL) async throws -> Data {
        let holder = Locked<URLSessionDataTask?>(nil)
        let cancelled = Locked(false)
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let limit = maximumBytes
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    continuation.resume(with: Self.result(data: data, response: response, error: error, limit: limit))
                }
                holder.withLock { $0 = task }
                task.resume()
                if cancelled.withLock({ $0 }) { task.cancel() }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
            holder.withLock { $0 }?.cancel()
        }
    }

    private static func result(
        data: Data?, response: URLResponse?, error: (any Error)?, limit: Int
    ) -> Result<
        Data, any Error
    > {
        if let error {
            let code = (error as? URLError)?.code
            switch code {
            case .timedOut?: return .failure(ImagePipelineError.timeout)
            case .cancelled?: return .failure(ImagePipelineError.cancelled)
            default: return .failure(ImagePipelineError.fetchFailed(error.localizedDescription))
            }
        }
        if let http = response as? HTTPURLResponse, !(200...299).contains(http.statusCode) {
            return .failure(ImagePipelineError.status(http.statusCode))
        }
        guard let data else { return .failure(ImagePipelineError.fetchFailed("empty response")) }
        if data.count > limit { return .failure(ImagePipelineError.fetchFailed("body larger than \(limit) bytes")) }
        return .success(data)
    }
}
