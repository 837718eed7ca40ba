import Foundation

/// Plays a video URL as it is, once its scheme is known to be playable.
///
/// The reference app's `.flv` → `.mp4` rule is part of its feed format and is applied when a
/// feed page is decoded (`CascadeFeed`'s `ReferenceVideoURL`), so the player never rewrites:
/// a local `.flv` file plays as the FLV it is. Only http, https and file URLs are accepted.
public struct PlainSourceResolver: SourceResolving {
    /// Creates the resolver.
    public init() {}

    /// `url` itself, when it can be played.
    ///
    /// - Throws: `PlayerSourceError.unsupportedScheme` for any scheme other than http(s) and
    ///   file; `.incompleteURL` for an http(s) URL without a host or a file URL without a path.
    public func resolve(_ url: URL) throws(PlayerSourceError) -> URL {
        let scheme = (url.scheme ?? "").lowercased()
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else { throw .incompleteURL(url.absoluteString) }
        case "file":
            guard !url.path.isEmpty else { throw .incompleteURL(url.absoluteString) }
        default:
            throw .unsupportedScheme(scheme)
        }
        return url
    }
}
