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
    /// The transport failed (connection refused or lost, DNS, TLS, …).
    case transport(URLError)
}
