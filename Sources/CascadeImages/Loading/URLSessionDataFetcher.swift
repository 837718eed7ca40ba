import CascadeTransfer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `CascadeTransfer.BoundedTransferSession` (Cascade's one HTTP client)
/// for `http` and `https`, bounded file reads for `file` URLs, all off the calling thread.
///
/// Every fetch is bounded in memory and time:
/// - the body is counted as delivered, after decoding, and the transfer cancelled the moment it
///   passes `maximumBytes` (`.tooLarge`: a gzip bomb stops at the cap); each chunk is counted
///   before the transport reads the next, so memory stays at the cap plus one chunk;
/// - a request that stays silent for `timeout` seconds fails with `.timeout`, and so does one
///   that is still receiving (or still looking up its host) after `deadline` seconds;
/// - redirects are followed only to `http`/`https` URLs;
/// - proxies come from `http_proxy`, `https_proxy` and `no_proxy` as in libcurl programs;
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
        transfers = BoundedTransferSession(
            limits: TransferLimits(maximumBytes: self.maximumBytes, idleTimeout: timeout, deadline: self.deadline),
            maximumConnectionsPerHost: 6)
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
        let reader = LocalImageFile(maximumBytes: maximumBytes)
        return try await withCheckedThrowingContinuation { continuation in
            Self.fileQueue.async {
                continuation.resume(with: Result { try reader.read(url) })
            }
        }
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
        case .failure(.certificateRejected(let reason)):
            throw ImagePipelineError.fetchFailed("the server's certificate was refused (\(reason))")
        case .failure(.transport(let error)): throw ImagePipelineError.fetchFailed(error.localizedDescription)
        }
    }
}
