/// Everything that can go wrong loading a feed page or a channel list, typed so the UI can say
/// what happened and whether trying again may help.
public enum FeedError: Error, Hashable, Sendable {
    /// The server answered with a status outside 200–299.
    case httpStatus(Int)
    /// The request did not complete within the timeout.
    case timedOut
    /// No connection could be made: offline, refused, or the host is unknown.
    case offline
    /// The connection broke before the whole response arrived (reset, truncated body).
    case connectionLost
    /// The server's TLS certificate was refused; carries the TLS library's reason.
    case certificateRejected(String)
    /// The response arrived but is not a feed.
    case badPayload(PayloadProblem)
    /// The response's content type is not one that carries JSON.
    case unsupportedContentType(String)
    /// The response is larger than the loader's cap (in bytes).
    case tooLarge(limit: Int)
    /// The load was cancelled (a refresh superseded it, or the channel was left).
    case cancelled
    /// The feed address cannot be turned into a request.
    case invalidURL(String)
    /// A local catalog file is missing or unreadable.
    case unreadableFile(path: String)
    /// Any other failure, with a description for logs.
    case unexpected(String)

    /// What is wrong with a payload that was received.
    public enum PayloadProblem: Hashable, Sendable {
        /// The body is not valid JSON (malformed or truncated).
        case notJSON
        /// The JSON does not have the expected shape; `path` names the first part that is wrong.
        case wrongShape(path: String)
    }

    /// Whether the same request may succeed later (transient network or server trouble).
    public var isRetryable: Bool {
        switch self {
        case .timedOut, .offline, .connectionLost: true
        case .httpStatus(let code): code >= 500 || code == 408 || code == 429
        case .badPayload, .unsupportedContentType, .tooLarge, .cancelled, .invalidURL, .unreadableFile, .unexpected,
            .certificateRejected:
            false
        }
    }

    /// The sentence shown to the user in the failure alert.
    public var userMessage: String {
        switch self {
        case .timedOut: "Loading timed out"
        case .offline, .connectionLost: "Please check your network"
        case .httpStatus(let code): "The server answered \(code)"
        case .badPayload: "The feed could not be read"
        case .unsupportedContentType(let type): "The server sent \(type) instead of a feed"
        case .tooLarge: "The feed is too large"
        case .cancelled: "Loading was cancelled"
        case .invalidURL: "The feed address is not valid"
        case .unreadableFile: "The feed could not be opened"
        case .unexpected: "The feed could not be loaded"
        case .certificateRejected(let reason): "The server's certificate was refused (\(reason))"
        }
    }

    /// Maps any error thrown by a loader to a `FeedError`.
    public init(_ error: any Error) {
        if let feedError = error as? FeedError {
            self = feedError
        } else if error is CancellationError {
            self = .cancelled
        } else {
            self = .unexpected(String(describing: error))
        }
    }
}
