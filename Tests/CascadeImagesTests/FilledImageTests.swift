import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

/// `DecodedImage.filledPremultipliedBGRA(to:)` and the pipeline's `ImageOutput`.
@Suite(.timeLimit(.minutes(1))) struct FilledImageTests {
    /// A `width` × `height` straight-RGBA image whose pixel (x, y) is `colour(x, y)`, rows padded
    /// by `padding` bytes.
    static func image(
        width: Int, height: Int, padding: Int = 0, alpha: Bool = false, _ colour: (Int, Int) -> [UInt8]
    ) -> DecodedImage {
        let rowBytes = width * 4 + padding
        var pixels = [UInt8](repeating: 0xEE, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels.replaceSubrange(y * rowBytes + x * 4..<y * rowBytes + x * 4 + 4, with: colour(x, y))
            }
        }
        return DecodedImage(width: width, height: height, bytesPerRow: rowBytes, pixels: pixels, hasAlpha: alpha)
    }

    /// The B, G, R, A bytes of pixel (x, y) of a premultiplied BGRA image.
    static func bgra(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let start = y * image.bytesPerRow + x * 4
        return Array(image.pixels[start..<start + 4])
    }

    @Test func sameSizeIsAByteOrderConversionOfEveryPixel() {
        let source = Self.image(width: 3, height: 2, padding: 4) { x, y in [UInt8(10 + x), UInt8(20 + y), 30, 255] }
        let filled = source.filledPremultipliedBGRA(to: PixelSize(width: 3, height: 2))
        #expect(filled.layout == .premultipliedBGRA)
        #expect(filled.width == 3 && filled.height == 2 && filled.bytesPerRow == 12 && filled.pixels.count == 24)
        #expect(!filled.hasAlpha)
        for y in 0..<2 {
            for x in 0..<3 { #expect(Self.bgra(filled, x, y) == [30, UInt8(20 + y), UInt8(10 + x), 255]) }
        }
    }

    @Test func alphaIsPremultiplied() {
        let source = Self.image(width: 2, height: 1, alpha: true) { x, _ in
            x == 0 ? [200, 100, 50, 128] : [255, 255, 255, 0]
        }
        let filled = source.filledPremultipliedBGRA(to: PixelSize(width: 2, height: 1))
        #expect(filled.hasAlpha)
        // 50 × 128 / 255 = 25.1, 100 × 128 / 255 = 50.2, 200 × 128 / 255 = 100.4.
        #expect(Self.bgra(filled, 0, 0) == [25, 50, 100, 128])
        #expect(Self.bgra(filled, 1, 0) == [0, 0, 0, 0])
    }

    @Test func cropsTheCentreLikeObjectFitCover() {
        // 8 × 2: green, green, red, red, blue, blue, green, green. A 4 × 2 box shows the middle four.
        let colours: [[UInt8]] = [[0, 255, 0, 255], [255, 0, 0, 255], [0, 0, 255, 255], [0, 255, 0, 255]]
        let source = Self.image(width: 8, height: 2) { x, _ in colours[x / 2] }
        let filled = source.filledPremultipliedBGRA(to: PixelSize(width: 4, height: 2))
        #expect(filled.width == 4 && filled.height == 2 && filled.bytesPerRow == 16)
        for y in 0..<2 {
            #expect(
                (0..<4).map { Self.bgra(filled, $0, y) } == [
                    [0, 0, 255, 255], [0, 0, 255, 255], [255, 0, 0, 255], [255, 0, 0, 255],
                ])
        }
    }

    @Test func anAxisOfTheBoxSizeIsStillCroppedWhenTheOtherScales() {
        // A square decoded to fit a 4 × 2 box is 2 × 2; filling the box scales it by 2 and keeps
        // the middle row's height: never stretched. Rows: red, then blue.
        let source = Self.image(width: 2, height: 2) { _, y in y == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let filled = source.filledPremultipliedBGRA(to: PixelSize(width: 4, height: 2))
        // Pixel centres at source y 0.25 and 0.75 (stretching would sample 0 and 1: pure red, pure blue).
        for x in 0..<4 {
            #expect(Self.bgra(filled, x, 0) == [64, 0, 191, 255])
            #expect(Self.bgra(filled, x, 1) == [191, 0, 64, 255])
        }
    }

    @Test func scalesUpBilinearlyToFillTheBox() {
        // Red, blue into a 4 × 2 box: scale 2; pixel centres at source x −0.25, 0.25, 0.75, 1.25.
        let source = Self.image(width: 2, height: 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let filled = source.filledPremultipliedBGRA(to: PixelSize(width: 4, height: 2))
        for y in 0..<2 {
            #expect(
                (0..<4).map { Self.bgra(filled, $0, y) } == [
                    [0, 0, 255, 255], [64, 0, 191, 255], [191, 0, 64, 255], [255, 0, 0, 255],
                ])
        }
    }

    @Test func tallImageIntoAWideBoxKeepsTheMiddleRows() {
        let source = Self.image(width: 2, height: 6) { _, y in
            y < 2 ? [255, 0, 0, 255] : y < 4 ? [0, 0, 255, 255] : [0, 255, 0, 255]
        }
        let filled = source.filledPremultipliedBGRA(to: PixelSize(width: 4, height: 2))
        // Scale 2: the box shows one source row's height, the middle of the image (rows 2–3, blue).
        #expect(filled.width == 4 && filled.height == 2)
        for y in 0..<2 {
            for x in 0..<4 { #expect(Self.bgra(filled, x, y) == [255, 0, 0, 255], "(\(x), \(y))") }
        }
    }

    @Test func noTargetOrAnOversizedOneOnlyConverts() {
        let source = Self.image(width: 2, height: 2) { _, _ in [1, 2, 3, 255] }
        for target in [
            nil, PixelSize(width: 0, height: 5), PixelSize(width: 5000, height: 5000),
            PixelSize(width: .max, height: 2),
        ] {
            let filled = source.filledPremultipliedBGRA(to: target)
            #expect(filled.width == 2 && filled.height == 2 && filled.layout == .premultipliedBGRA)
            #expect(Self.bgra(filled, 1, 1) == [3, 2, 1, 255])
        }
        let empty = DecodedImage(width: 0, height: 0, bytesPerRow: 0, pixels: [], hasAlpha: false)
        #expect(empty.filledPremultipliedBGRA(to: PixelSize(width: 10, height: 10)).pixels.isEmpty)
    }

    @Test func anAlreadyFilledImageIsReturnedAsItIs() {
        let filled = Self.image(width: 2, height: 2) { _, _ in [9, 8, 7, 255] }.filledPremultipliedBGRA(
            to: PixelSize(width: 3, height: 3))
        #expect(filled.filledPremultipliedBGRA(to: PixelSize(width: 5, height: 5)) == filled)
    }

    // MARK: The pipeline

    @Test func thePipelineDeliversAndCachesTheRequestedOutput() async throws {
        let fixture = PipelineFixture()
        let url = PipelineFixture.url("a")
        fixture.fetcher.respond(url, with: .success(FakeImageDecoder.payload(width: 100, height: 50, tag: "a")))
        let target = PixelSize(width: 40, height: 40)
        let plain = ImageRequest(url: url, targetSize: target)
        let filled = ImageRequest(url: url, targetSize: target, output: .filledPremultipliedBGRA)
        #expect(plain.cacheKey != filled.cacheKey)
        let decoded = try await fixture.pipeline.image(for: plain)
        let drawable = try await fixture.pipeline.image(for: filled)
        #expect(decoded.layout == .rgba && decoded.width == 40 && decoded.height == 20)
        #expect(drawable.layout == .premultipliedBGRA && drawable.width == 40 && drawable.height == 40)
        #expect(drawable == decoded.filledPremultipliedBGRA(to: target))
        #expect(fixture.pipeline.cachedImage(for: filled) == drawable)
        #expect(fixture.pipeline.cachedImage(for: plain) == decoded)
        #expect(fixture.decoder.decodeCount == 2)
    }
}
