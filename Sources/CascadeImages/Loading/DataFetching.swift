import Foundation

/// Fetches the encoded bytes of an image: the transport under the pipeline.
///
/// `URLSessionDataFetcher` is the default (http, https and file URLs); tests pass fakes that
/// count calls and control timing.
public protocol DataFetching: Sendable {
    /// Returns the bytes at `url`.
    ///
    /// Implementations should stop early when the calling task is cancelled.
    ///
    /// - Throws: preferably `ImagePipelineError` (`.fetchFailed`, `.status`, `.timeout`,
    ///   `.cancelled`); any other error reaches requesters as `.fetchFailed` with its description,
    ///   `CancellationError` as `.cancelled`.
    func fetch(_ url: URL) async throws -> Data
}
