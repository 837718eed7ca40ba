import CascadeTransfer
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `PlainHTTPClient` for `http` (pulled reads on its own socket),
/// `URLSession` for `https`, bounded file reads for `file` URLs, all off the calling thread.
///
/// Every fetch is bounded in memory and time:
/// - `http`: `PlainHTTPClient` reads its own socket only as fast as it keeps the body, so at most
///   `maximumBytes` is held; it cannot decode, so a compressed body (requests ask for
///   `identity`) is refused when the headers arrive (`.refused`);
/// - `https`: `CascadeTransfer.BoundedTransferSession` counts the body as delivered, after
///   decoding, cancels the transfer the moment it passes `maximumBytes` (`.tooLarge`: a gzip
///   bomb stops at the cap), and counts each chunk before the transport reads the next, so
///   memory stays at the cap plus one chunk;
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

    private let transfers: BoundedTransferSession
    /// `http` through `transfers` too (tests of the https path over loopback http).
    private let httpThroughURLSession: Bool
    private static let fileQueue = DispatchQueue(
        label: "cascade.images.file-reads", qos: .utility, attributes: .concurrent)

    // MARK: Lifecycle

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - timeout: seconds without data before a request fails (15 by default).
    ///   - deadline: seconds a whole transfer may take (4 × `timeout` by default).
    ///   - maximumBytes: the largest body accepted after decompression (`defaultMaximumBytes`).
    public convenience init(
        timeout: TimeInterval = 15, deadline: TimeInterval? = nil,
        maximumBytes: Int = URLSessionDataFetcher.defaultMaximumBytes
    ) {
        self.init(timeout: timeout, deadline: deadline, maximumBytes: maximumBytes, httpThroughURLSession: false)
    }

    /// Creates a fetcher whose `http` transfers take the `https` path (`URLSession`) when
    /// `httpThroughURLSession`: how tests reach that path over loopback http.
    init(timeout: TimeInterval, deadline: TimeInterval?, maximumBytes: Int, httpThroughURLSession: Bool) {
        let timeout = timeout.isFinite && timeout > 0 ? timeout : 15
        self.timeout = timeout
        let total = deadline ?? timeout * 4
        self.deadline = total.isFinite && total > 0 ? total : timeout * 4
        self.maximumBytes = max(1, maximumBytes)
        self.httpThroughURLSession = httpThroughURLSession
        transfers = BoundedTransferSession(
            limits: TransferLimits(maximumBytes: self.maximumBytes, idleTimeout: timeout, deadline: self.deadline),
            maximumConnectionsPerHost: 6)
    }

    // MARK: DataFetching

    public func fetch(_ url: URL) async throws -> Data {
        switch url.scheme?.lowercased() {
        case "file":
            return try await readFile(url)
        case "http" where !httpThroughURLSession:
            return try await plainDownload(url)
        case "http":
            return try await download(url)
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
            let cancelled = CancelFlag()
            let outcome = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    Self.fileQueue.async {
                        continuation.resume(with: Result { try client.get(url) { cancelled.isSet.withLock { $0 } } })
                    }
                }
            } onCancel: {
                cancelled.isSet.withLock { $0 = true }
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
        // Covers are compressed already; an encoded body is still counted after decoding.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        switch await transfers.fetch(request) {
        case .success(let transfer):
            guard (200...299).contains(transfer.statusCode) else {
                throw ImagePipelineError.status(transfer.statusCode)
            }
            return transfer.body
        case .failure(.tooLarge(let limit)): throw ImagePipelineError.tooLarge(limit: limit)
        case .failure(.timedOut): throw ImagePipelineError.timeout
        case .failure(.cancelled): throw ImagePipelineError.cancelled
        case .failure(.redirectRefused(let target)):
            let scheme = URL(string: target)?.scheme ?? "non-http"
            throw ImagePipelineError.refused("redirect to a \(scheme) URL")
        case .failure(.transport(let error)): throw ImagePipelineError.fetchFailed(error.localizedDescription)
        }
    }
}

/// Set when the task waiting for a blocking fetch is cancelled; read by the fetch.
private final class CancelFlag: Sendable {
    let isSet = Mutex(false)
}
