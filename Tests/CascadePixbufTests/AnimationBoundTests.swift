import CascadeImages
import Foundation
import Testing

@testable import CascadePixbuf

/// Animated and bomb-like covers: the first frame only, memory bounded by one frame, the
/// declared canvas refused above the cover-sized pixel limit before anything is allocated.
@Suite struct AnimationBoundTests {
    /// Committed fixtures: `animated-4000x4000-20-frames.webp` (13 KB: 20 lossless 4000 × 4000
    /// frames alternating red and blue) and `bomb-8000.gif` (35 bytes declaring 8000 × 8000).
    private static func fixture(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    @Test func theDefaultPixelLimitIsSizedForCovers() {
        #expect(PixbufImageDecoder.defaultPixelLimit == 16_777_216)
        #expect(PixbufImageDecoder().pixelLimit < 100_000_000 / 4)
    }

    @Test func anAnimatedWebPDecodesItsFirstFrameWithinOneFrameOfMemory() throws {
        let data = try Self.fixture("animated-4000x4000-20-frames.webp")
        let (image, statistics) = try PixbufImageDecoder().decodeMeasured(
            data, targetSize: PixelSize(width: 200, height: 200))
        #expect(image.width == 200 && image.height == 200)
        // The first frame is red; the second (blue) is never decoded.
        #expect(Array(image.pixels[0..<4]) == [255, 0, 0, 255])
        let oneFrame = 4000 * 4000 * 4
        #expect(statistics.pixelBufferBytes <= oneFrame + image.cost * 2)
    }

    @Test func theStillMadeOfTheFirstFrameHasNoAnimationLeft() throws {
        let data = try Self.fixture("animated-4000x4000-20-frames.webp")
        let still = try PixbufFormat.webp.firstFrame(of: data, pixelLimit: PixbufImageDecoder.defaultPixelLimit)
        #expect(still.count < data.count / 10)
        #expect(still.range(of: Data("ANMF".utf8)) == nil)
        #expect(PixbufFormat(sniffing: still) == .webp)
    }

    @Test func anAnimatedWebPCanvasOverTheLimitIsRefusedBeforeDecoding() throws {
        let data = try Self.fixture("animated-4000x4000-20-frames.webp")
        #expect(throws: ImageDecodingError.tooLarge(width: 4000, height: 4000, limit: 1_000_000)) {
            try PixbufImageDecoder(pixelLimit: 1_000_000).decode(data, targetSize: nil)
        }
    }

    @Test func aTinyGIFDeclaringAHugeCanvasIsRefused() throws {
        let data = try Self.fixture("bomb-8000.gif")
        #expect(data.count < 64)
        #expect(throws: ImageDecodingError.tooLarge(width: 8000, height: 8000, limit: 16_777_216)) {
            try PixbufImageDecoder().decode(data, targetSize: PixelSize(width: 100, height: 100))
        }
    }

    @Test func anAnimatedGIFDecodesItsFirstFrame() throws {
        let data = try PixbufFixtures.data("anim.gif")
        let still = try PixbufFormat.gif.firstFrame(of: data, pixelLimit: 10_000)
        #expect(still.count < data.count)
        #expect(still.last == 0x3B)
        let image = try PixbufImageDecoder().decode(data, targetSize: nil)
        #expect(image.width == 40 && image.height == 30)
        #expect(Array(image.pixels[0..<3]) == [255, 0, 0])
    }
}
