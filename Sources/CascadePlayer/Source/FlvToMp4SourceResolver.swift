import Foundation

/// The reference app's rule: the feed's `flv` URL, with the `.flv` extension rewritten to `.mp4`.
///
/// Only the path's extension changes (case-insensitively: `.FLV` too); the query, fragment,
/// host and the rest of the path are kept, so `https://cdn/a.flv?sig=1` plays
/// `https://cdn/a.mp4?sig=1`. A path without a `.flv` extension is played as it is. Only
/// http, https and file URLs are accepted.
public struct FlvToMp4SourceResolver: SourceResolving {
    /// Creates the resolver.
    public init() {}

    /// The playable URL for `url`.
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
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .incompleteURL(url.absoluteString)
        }
        let path = components.percentEncodedPath
        guard path.count > 4, path.lowercased().hasSuffix(".flv") else { return url }
        components.percentEncodedPath = String(path.dropLast(4)) + ".mp4"
        return components.url ?? url
    }
}
