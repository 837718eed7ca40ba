import CascadeNumerics
import CascadeTransfer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches JSON bodies over HTTP with the feed's rules: a timeout, a size cap enforced while the
/// body arrives, an allow-list of content types, typed errors, and retries of timeouts and 5xx
/// answers with exponential backoff, jitter and `Retry-After`.
///
/// The transfer itself goes through `CascadeTransfer.BoundedTransferSession`, which counts the
/// body after decoding (a gzip bomb stops at the cap) and keeps the transport from running ahead
/// of that count. One fetcher owns one session; share it between the loaders of a server.
public final class HTTPFetcher: Sendable {
    /// The knobs of a fetcher.
    public struct Configuration: Sendable {
        /// Seconds without progress after which a request fails with `FeedError.timedOut`.
        public var timeout: Double
        /// Seconds after which a request fails with `FeedError.timedOut` even while data trickles in.
        public var resourceTimeout: Double
        /// The largest body accepted, in bytes; bigger responses fail with `FeedError.tooLarge`.
        public var maxResponseBytes: Int
        /// When to retry.
        public var retry: RetryPolicy
        /// Media types (lower case, without parameters) accepted as JSON. A response without a
        /// content type is accepted too.
        public var acceptedContentTypes: Set<String>
        /// Waits between retries; inject a recording or instant sleeper in tests.
        public var sleep: @Sendable (Duration) async throws -> Void
        /// A random value in 0..<1 for the jitter.
        public var random: @Sendable () -> Double

        /// Creates a configuration; the defaults are the reference app's (10 s timeout) plus an 8 MB cap.
        public init(
            timeout: Double = 10, resourceTimeout: Double = 60, maxResponseBytes: Int = 8 * 1024 * 1024,
            retry: RetryPolicy = .standard,
            acceptedContentTypes: Set<String> = HTTPFetcher.jsonContentTypes,
            sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
            random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
        ) {
            self.timeout = timeout.isFinite && timeout > 0 ? timeout : 10
            self.resourceTimeout = resourceTimeout.isFinite && resourceTimeout > 0 ? resourceTimeout : 60
            self.maxResponseBytes = max(1, maxResponseBytes)
            self.retry = retry
            self.acceptedContentTypes = acceptedContentTypes
            self.sleep = sleep
            self.random = random
        }
    }

    /// The content types servers send JSON feeds under (some send `text/html` or JavaScript types).
    public static let jsonContentTypes: Set<String> = [
        "application/json", "text/json", "text/javascript", "text/html", "application/javascript",
    ]

    /// The configuration in use.
    public let configuration: Configuration
    private let transfers: BoundedTransferSession

    // MARK: Lifecycle

    /// Creates a fetcher with its own session.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        transfers = BoundedTransferSession(
            limits: TransferLimits(
                maximumBytes: configuration.maxResponseBytes, idleTimeout: configuration.timeout,
                deadline: configuration.resourceTimeout))
    }

    // MARK: Fetching

    /// Fetches `url`, retrying transient failures as the retry policy says.
    /// - Throws: `FeedError` (`.cancelled` as soon as the calling task is cancelled, even mid-wait).
    public func fetch(_ url: URL) async throws(FeedError) -> Data {
        var attempt = 0
        while true {
            do {
                return try await fetchOnce(url)
            } catch let failure {
                guard attempt < configuration.retry.maxRetries, Self.shouldRetry(failure.error) else {
                    throw failure.error
                }
                let seconds = configuration.retry.delay(
                    attempt: attempt, random: configuration.random(), retryAfter: failure.retryAfter)
                do {
                    try Task.checkCancellation()
                    try await configuration.sleep(.milliseconds(Int64(saturatingRounded: seconds * 1000)))
                    try Task.checkCancellation()
                } catch {
                    throw .cancelled
                }
                attempt += 1
            }
        }
    }

    // MARK: Internal

    /// A failed attempt and the server's `Retry-After`, if it sent one.
    struct AttemptFailure: Error {
        var error: FeedError
        var retryAfter: Double?
    }

    static func shouldRetry(_ error: FeedError) -> Bool {
        switch error {
        case .timedOut: true
        case .httpStatus(let code): code >= 500 || code == 429
        default: false
        }
    }

    func fetchOnce(_ url: URL) async throws(AttemptFailure) -> Data {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw AttemptFailure(error: .invalidURL(url.absoluteString))
        }
        if Task.isCancelled { throw AttemptFailure(error: .cancelled) }
        var request = URLRequest(url: url)
        request.setValue("application/json, text/javascript, */*;q=0.1", forHTTPHeaderField: "Accept")
        let data: Data
        let response: HTTPURLResponse
        switch await transfers.fetch(request) {
        case .success(let transfer): (data, response) = (transfer.body, transfer.response)
        case .failure(let failure):
            throw AttemptFailure(error: Self.error(from: failure, limit: configuration.maxResponseBytes))
        }
        guard (200..<300).contains(response.statusCode) else {
            throw AttemptFailure(
                error: .httpStatus(response.statusCode),
                retryAfter: Self.retryAfter(Self.header("Retry-After", in: response)))
        }
        if let contentType = Self.header("Content-Type", in: response) {
            let mediaType = contentType.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            if let mediaType, !mediaType.isEmpty, !configuration.acceptedContentTypes.contains(mediaType) {
                throw AttemptFailure(error: .unsupportedContentType(mediaType))
            }
        }
        return data
    }

    static func header(_ name: String, in response: HTTPURLResponse) -> String? {
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, key.caseInsensitiveCompare(name) == .orderedSame {
                return value as? String
            }
        }
        return nil
    }

    /// Seconds from a `Retry-After` value: delta-seconds or an HTTP date.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    static func error(from failure: TransferFailure, limit: Int) -> FeedError {
        switch failure {
        case .tooLarge(let limit): .tooLarge(limit: limit)
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .redirectRefused(let target): .invalidURL(target)
        case .certificateRejected(let reason): .certificateRejected(reason)
        case .transport(let urlError): error(from: urlError, limit: limit)
        }
    }

    static func error(from urlError: URLError, limit: Int) -> FeedError {
        switch urlError.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .offline
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource,
            .resourceUnavailable, .cannotDecodeRawData, .cannotDecodeContentData:
            return .connectionLost
        case .unknown:
            // libcurl's transfer errors (a body shorter than its Content-Length, a reset mid-body)
            // reach us as URLError.unknown on Linux.
            return .connectionLost
        case .dataLengthExceedsMaximum: return .tooLarge(limit: limit)
        case .badURL, .unsupportedURL: return .invalidURL(urlError.failingURL?.absoluteString ?? "")
        default: return .unexpected("URLError \(urlError.code.rawValue)")
        }
    }
}
