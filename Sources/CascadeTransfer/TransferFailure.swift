import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a transfer through a `BoundedTransferSession` produced no body.
public enum TransferFailure: Error, Sendable {
    /// The body (declared, or as delivered after decoding) passed `TransferLimits.maximumBytes`.
    case tooLarge(limit: Int)
    /// No progress for `idleTimeout` seconds, or still receiving at the `deadline`.
    case timedOut
    /// A redirect to a URL that is not http(s); carries the refused target.
    case redirectRefused(String)
    /// The caller cancelled.
    case cancelled
    /// The server's TLS certificate was refused (untrusted, expired, for another host); carries
    /// the TLS library's reason, e.g. "SSL: no alternative certificate subject name matches
    /// target host name 'localhost'".
    case certificateRejected(String)
    /// The transport failed (connection refused or lost, DNS, …).
    case transport(URLError)
}

extension TransferFailure {
    /// Classifies a transport error: certificate failures by their code, or, as libcurl reports
    /// them on Linux (`URLError.unknown`), by the TLS library's message.
    public static func from(_ error: URLError) -> TransferFailure {
        switch error.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid, .secureConnectionFailed:
            return .certificateRejected(error.localizedDescription)
        default:
            let text = error.localizedDescription
            let isTLS = text.hasPrefix("SSL") || text.localizedCaseInsensitiveContains("certificate")
            return isTLS && error.code == .unknown ? .certificateRejected(text) : .transport(error)
        }
    }
}
