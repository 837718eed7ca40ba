import Foundation

/// The shared work behind identical in-flight requests: one fetch and one decode for one cache
/// key, and the requesters waiting for it. Guarded by the pipeline's lock.
final class ImageLoadJob: @unchecked Sendable {
    /// One requester waiting for the job.
    struct Subscriber {
        let priority: ImagePriority
        let deliver: @Sendable (Result<DecodedImage, ImagePipelineError>) -> Void
    }

    /// Unique among jobs of one pipeline; names the job in the priority gates.
    let id: UInt64
    let key: ImageCacheKey
    let url: URL
    let targetSize: PixelSize?
    var subscribers: [UInt64: Subscriber] = [:]
    var task: Task<Void, Never>?

    init(id: UInt64, request: ImageRequest) {
        self.id = id
        key = request.cacheKey
        url = request.url
        targetSize = request.targetSize
    }

    /// The highest priority among the waiting requesters.
    var priority: ImagePriority {
        subscribers.values.map(\.priority).max() ?? .prefetch
    }
}

/// Identifies one requester of one job, for cancellation.
struct ImageSubscription: Sendable, Hashable {
    let key: ImageCacheKey
    let jobID: UInt64
    let id: UInt64
}
