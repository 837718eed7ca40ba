import CascadeImages
import Foundation

/// A transport serving one payload after a short delay (so concurrent requests overlap),
/// counting fetches.
final class CountingImageFetcher: DataFetching, @unchecked Sendable {
    private let lock = NSLock()
    private var fetches = 0
    let payload: Data
    let delayNanoseconds: UInt64

    init(payload: Data, delayNanoseconds: UInt64) {
        self.payload = payload
        self.delayNanoseconds = delayNanoseconds
    }

    var count: Int { lock.withLock { fetches } }

    func fetch(_ url: URL) async throws -> Data {
        lock.withLock { fetches += 1 }
        try await Task.sleep(nanoseconds: delayNanoseconds)
        return payload
    }
}

/// Wraps a decoder, counting decodes.
final class CountingImageDecoder: ImageDecoding, @unchecked Sendable {
    private let lock = NSLock()
    private var decodes = 0
    let wrapped: any ImageDecoding

    init(_ wrapped: any ImageDecoding) {
        self.wrapped = wrapped
    }

    var count: Int { lock.withLock { decodes } }

    func decode(_ data: Data, targetSize: PixelSize?) throws -> DecodedImage {
        lock.withLock { decodes += 1 }
        return try wrapped.decode(data, targetSize: targetSize)
    }
}
