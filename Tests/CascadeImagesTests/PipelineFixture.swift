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

    /// Waits until at most `inFlight` loads are in flight (0: idle), then lets every main-actor
    /// job queued so far run: deliveries hop to the main actor, whose queue is FIFO, so a
    /// delivery of a finished load has reached its completion when this returns. For "nothing
    /// else arrives" checks.
    @MainActor
    func settle(inFlight: Int = 0) async -> Bool {
        guard await waitUntil({ pipeline.inFlightCount <= inFlight }) else { return false }
        await Task { @MainActor in }.value
        await Task { @MainActor in }.value
        return true
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
