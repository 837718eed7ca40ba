import CascadeImages
import CascadeNumerics
import Foundation

/// A decoder for pipeline tests that understands `payload(width:height:tag:)` bytes, counts and
/// records its calls, and embeds the tag in the pixels so tests can tell images apart.
///
/// Anything else throws `.corrupt`.
public final class FakeImageDecoder: ImageDecoding, @unchecked Sendable {
    /// One decode, in order.
    public struct Call: Equatable, Sendable {
        public let tag: String
        public let targetSize: PixelSize?

        public init(tag: String, targetSize: PixelSize?) {
            self.tag = tag
            self.targetSize = targetSize
        }
    }

    private let lock = NSLock()
    private var recorded: [Call] = []
    private var running = 0
    private var peak = 0
    private let delay: TimeInterval

    /// Creates a decoder; each decode takes at least `delay` seconds (to observe concurrency).
    public init(delay: TimeInterval = 0) {
        self.delay = delay
    }

    /// The most decodes that ever ran at once.
    public var peakConcurrency: Int { lock.withLock { peak } }

    /// Every decode so far (failed ones included), in order.
    public var calls: [Call] { lock.withLock { recorded } }

    /// The number of decodes so far.
    public var decodeCount: Int { lock.withLock { recorded.count } }

    /// Bytes this decoder turns into a `width` × `height` image carrying `tag`.
    public static func payload(width: Int, height: Int, tag: String) -> Data {
        Data("FAKEIMG \(width) \(height) \(tag)".utf8)
    }

    /// The tag embedded in an image this decoder produced.
    public static func tag(of image: DecodedImage) -> String {
        let bytes = image.pixels.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: ImageDecoding

    public func decode(_ data: Data, targetSize: PixelSize?) throws -> DecodedImage {
        let parts = String(decoding: data, as: UTF8.self).split(separator: " ", maxSplits: 3).map(String.init)
        let tag = parts.count == 4 ? parts[3] : "<corrupt>"
        lock.withLock {
            recorded.append(Call(tag: tag, targetSize: targetSize))
            running += 1
            peak = max(peak, running)
        }
        defer { lock.withLock { running -= 1 } }
        if delay > 0 { usleep(useconds_t(delay * 1_000_000)) }
        guard parts.count == 4, parts[0] == "FAKEIMG", let width = Int(parts[1]), let height = Int(parts[2]),
            width > 0, height > 0
        else {
            throw ImageDecodingError.corrupt("not a fake image")
        }
        var size = PixelSize(width: width, height: height)
        if let target = targetSize, target.width > 0, target.height > 0 {
            let scale = min(1, Double(target.width) / Double(width), Double(target.height) / Double(height))
            size = PixelSize(
                width: max(1, Int(saturating: Double(width) * scale)),
                height: max(1, Int(saturating: Double(height) * scale)))
        }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for (index, byte) in tag.utf8.prefix(pixels.count - 1).enumerated() { pixels[index] = byte }
        return DecodedImage(
            width: size.width, height: size.height, bytesPerRow: size.width * 4, pixels: pixels, hasAlpha: false)
    }
}
