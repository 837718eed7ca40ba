import CascadeContent
import CascadeTransfer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the first `ContentSignature.headerLength` bytes of a video source, bounded in size and
/// time, so the player can refuse what is not a video (an image, an audio-only file, an unknown
/// format) before any decoder sees it: the folder scan and the opener judge by the same sniffer.
///
/// `file:` URLs: regular files only (a device or FIFO is refused, never opened). `http(s)`:
/// through Cascade's one HTTP client (`CascadeTransfer.BoundedTransferSession`, its redirect
/// rule, proxies and deadline): a `Range` request whose transfer ends once enough bytes arrived
/// (servers that ignore `Range` are cut off too).
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

    /// Seconds a probe may take (at most 120).
    public let deadline: Double

    /// Creates a probe giving up after `deadline` seconds.
    public init(deadline: Double = 8) {
        self.deadline = deadline.isFinite && deadline > 0 ? min(deadline, Self.maximumDeadline) : 8
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

    /// The one HTTP client's session for probes. Each probe passes its own limits (its
    /// deadline); the session's are above any of them, being URLSession's backstops.
    private static let transfers = BoundedTransferSession(
        limits: TransferLimits(
            maximumBytes: ContentSignature.headerLength, idleTimeout: maximumDeadline,
            deadline: maximumDeadline, keepsFirstBytes: true))
    private static let maximumDeadline = 120.0

    private func probeRemote(_ url: URL, completion: @escaping @Sendable (Outcome) -> Void) {
        var request = URLRequest(url: url)
        request.setValue("bytes=0-\(ContentSignature.headerLength - 1)", forHTTPHeaderField: "Range")
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let limits = TransferLimits(
            maximumBytes: ContentSignature.headerLength, idleTimeout: deadline, deadline: deadline,
            keepsFirstBytes: true)
        Self.transfers.fetch(request, limits: limits) { result in
            completion(Self.outcome(result))
        }
    }

    private static func outcome(_ result: Result<TransferResponse, TransferFailure>) -> Outcome {
        switch result {
        case .success(let transfer) where (200...299).contains(transfer.statusCode):
            .classified(ContentSignature(header: transfer.body))
        case .success(let transfer): .unreadable("The server answered \(transfer.statusCode)")
        case .failure(.redirectRefused): .refused("This isn't a video (redirected away from http).")
        case .failure(.timedOut): .unreadable("The video could not be reached in time")
        case .failure(.certificateRejected(let reason)):
            .unreadable("The video's server has a certificate that was refused (\(reason))")
        case .failure(.transport(let error)):
            .unreadable("The video could not be reached (\(error.localizedDescription))")
        case .failure(.tooLarge), .failure(.cancelled): .unreadable("The video could not be read")
        }
    }
}
