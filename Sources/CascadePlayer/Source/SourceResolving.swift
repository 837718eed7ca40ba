import Foundation

/// Turns the URL a feed gives for a video into the URL an engine plays.
///
/// The player page calls the resolver each time playback starts, so a resolver may be swapped
/// (for a CDN rewrite, a local cache) without touching the controller.
public protocol SourceResolving: Sendable {
    /// The playable URL for `url`.
    ///
    /// - Throws: `PlayerSourceError` when `url` cannot be played.
    func resolve(_ url: URL) throws(PlayerSourceError) -> URL
}

/// Why a video URL cannot be played.
public enum PlayerSourceError: Error, Equatable, Sendable {
    /// The URL's scheme is not http, https or file (the scheme, possibly empty).
    case unsupportedScheme(String)
    /// The URL has no host (http(s)) or no path (file).
    case incompleteURL(String)

    /// A sentence for the user.
    public var message: String {
        switch self {
        case .unsupportedScheme(let scheme):
            return scheme.isEmpty
                ? "This video has no URL scheme; only http, https and file URLs can be played."
                : "Cannot play \(scheme): URLs; only http, https and file URLs can be played."
        case .incompleteURL(let url):
            return "The video URL \(url) is incomplete."
        }
    }
}
