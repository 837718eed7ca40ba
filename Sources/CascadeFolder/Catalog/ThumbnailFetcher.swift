import CascadeImages
import Foundation

/// The image pipeline's transport for a folder feed: covers this folder's generator registered
/// are made on demand (`ThumbnailGenerator`); everything else goes to `fallback`.
public struct ThumbnailFetcher: DataFetching {
    /// Makes missing thumbnails.
    public let generator: ThumbnailGenerator
    /// The transport for every other URL.
    public let fallback: any DataFetching

    /// Creates a fetcher.
    public init(generator: ThumbnailGenerator, fallback: any DataFetching) {
        self.generator = generator
        self.fallback = fallback
    }

    public func fetch(_ url: URL) async throws -> Data {
        guard url.isFileURL, generator.isRegistered(url) else { return try await fallback.fetch(url) }
        do {
            return try await generator.thumbnail(at: url)
        } catch .cancelled {
            throw ImagePipelineError.cancelled
        } catch {
            throw ImagePipelineError.fetchFailed("no thumbnail for \(url.lastPathComponent)")
        }
    }
}
