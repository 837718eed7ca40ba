import Foundation

/// The reference app's rule for its feed's `flv` field: the video is played from the same URL
/// with the `.flv` extension rewritten to `.mp4`.
///
/// The rule belongs to the feed format, so it is applied where that format is decoded
/// (`FeedPageDecoder`, for an HTTP feed and a catalog folder alike) and nowhere else: a video
/// file found in a folder or opened by the user plays as it is, `.flv` included.
///
/// Only the path's extension changes (case-insensitively: `.FLV` too); the query, fragment,
/// host and the rest of the path are kept, so `https://cdn/a.flv?sig=1` becomes
/// `https://cdn/a.mp4?sig=1`. A path without a `.flv` extension is kept as it is.
public enum ReferenceVideoURL {
    /// The URL to play for the `flv` field's URL `url`.
    public static func playable(fromFLVField url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let path = components.percentEncodedPath
        guard path.count > 4, path.lowercased().hasSuffix(".flv") else { return url }
        components.percentEncodedPath = String(path.dropLast(4)) + ".mp4"
        return components.url ?? url
    }
}
