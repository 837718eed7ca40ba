import Foundation

/// Why the pipeline could not produce an image.
public enum ImagePipelineError: Error, Equatable, Sendable {
    /// The transport failed (connection refused, unreadable file, unsupported scheme...).
    case fetchFailed(String)
    /// The server answered with a status outside 200...299.
    case status(Int)
    /// The transport gave up waiting (the fetcher's timeout, 15 s by default, or its deadline).
    case timeout
    /// The body passed the fetcher's cap (in bytes, counted after decompression).
    case tooLarge(limit: Int)
    /// The transport refused the source: a redirect out of http(s), a file that is not a regular
    /// file.
    case refused(String)
    /// The bytes arrived but could not be decoded.
    case decode(ImageDecodingError)
    /// Every requester cancelled (or the calling task was cancelled) before the image was ready.
    case cancelled
}
