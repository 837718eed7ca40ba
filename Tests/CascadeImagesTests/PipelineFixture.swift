import CascadeTestSupport
import Foundation

@testable import CascadeImages

/// A pipeline over a fake transport and a fake decoder, plus helpers to observe it.
struct PipelineFixture {
    let fetcher: FakeDataFetcher
    let decoder: FakeImageDecoder
    let pipeline: ImagePipeline

    init(
        holding: Bool = false, latency: TimeInterval = 0, decodeDelay: TimeInterval = 0,
        memory: MemoryImageCache? = MemoryImageCache(
            costLimit: 10_000_000), disk: DiskImageCache? = nil, fetches: Int = 6, decodes: Int = 2
    ) {
        fetcher = FakeDataFetcher(holding: holding, latency: latency)
        decoder = FakeImageDecoder(delay: decodeDelay)
        pipeline = ImagePipeline(
            decoder: decoder, fetcher: fetcher, memoryCache: memory, diskCache: disk, maxConcurrentFetches: fetches,
            maxConcurrentDecodes: decodes)
    }

    static func url(_ name: String) -> URL { URL(string: "https://img.example.com/\(name).jpg")! }

    static func request(_ name: String, _ priority: ImagePriority = .visible, size: Int = 50) -> ImageRequest {
        ImageRequest(url: url(name), targetSize: PixelSize(width: size, height: size), priority: priority)
    }

    /// Starts `image(for:)` in a task.
    func start(_ request: ImageRequest) -> Task<Result<DecodedImage, ImagePipelineError>, Never> {
        let pipeline = pipeline
        return Task {
            do throws(ImagePipelineError) {
                return .success(try await pipeline.image(for: request))
            } catch {
                return .failure(error)
            }
        }
    }
}

/// Polls `condition` until it holds or `timeout` seconds pass; returns whether it held.
func eventually(
    timeout: TimeInterval = 5, isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return true
}

extension Result where Success == DecodedImage {
    /// The fake decoder's tag of a successful result.
    var tag: String? {
        if case .success(let image) = self { return FakeImageDecoder.tag(of: image) }
        return nil
    }

    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
