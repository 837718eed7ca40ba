import CascadeFeed

/// The alert a failed load shows: a title and a message, as in the reference app ("Loading
/// timed out" / "Please check your network") for timeouts and lost connections, and a
/// specific sentence for everything else.
public struct FeedAlert: Equatable, Sendable {
    /// The bold first line.
    public var title: String
    /// The explanation below it (may be empty).
    public var message: String

    /// Creates an alert.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    /// The alert for `error`, or nil for errors the user should not be told about
    /// (a cancelled load).
    public init?(error: FeedError) {
        switch error {
        case .cancelled:
            return nil
        case .timedOut:
            self.init(title: "Loading timed out", message: "Please check your network")
        case .offline, .connectionLost:
            self.init(title: "Please check your network", message: "The feed server could not be reached.")
        default:
            self.init(title: "Couldn't load videos", message: error.userMessage)
        }
    }

    /// Title and message as one line (for reports and logs).
    public var text: String { message.isEmpty ? title : "\(title) — \(message)" }
}
