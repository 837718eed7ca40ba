import CascadeImages
import CascadePixbuf
import CascadeTestSupport
import Foundation
import Testing

@Suite struct PixbufImageDecoderTests {
    let decoder = PixbufImageDecoder()

    private func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = y * image.bytesPerRow + x * 4
        return Array(image.pixels[offset..<offset + 4])
    }

    private func near(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 12) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    private func error(_ data: Data, targetSize: PixelSize? = nil) -> ImageDecodingError? {
        do {
            _ = try decoder.decode(data, targetSize: targetSize)
            return nil
        } catch {
            return error as? ImageDecodingError
        }
    }

    /// gdk-pixbuf's incremental loader fails on arithmetic coding ("Suspension not allowed
    /// here"); the decoder takes the whole-file path, within the same pixel limit.
    @Test func anArithmeticCodedJPEGDecodesAndIsScaledToTheTarget() throws {
        let data = try PixbufFixtures.arithmeticJPEG()
        let image = try decoder.decode(data, targetSize: PixelSize(width: 200, height: 200))
        #expect(image.width == 200 && image.height == 150)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let offset = y * image.bytesPerRow + x * 4
            return Array(image.pixels[offset..<offset + 3])
        }
        let left = pixel(40, 75)
        let right = pixel(160, 75)
        #expect(left[0] > 200 && left[2] < 60, "red half: \(left)")
        #expect(right[2] > 200 && right[0] < 60, "blue half: \(right)")
        #expect(throws: ImageDecodingError.tooLarge(width: 800, height: 600, limit: 1_000)) {
            try PixbufImageDecoder(pixelLimit: 1_000).decode(data, targetSize: nil)
        }
        // Cut short: an error, not a crash or a half image.
        #expect(throws: ImageDecodingError.self) { try decoder.decode(data.prefix(data.count / 2), targetSize: nil) }
    }

    @Test func decodesTheTinyPNGWriterExactly() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 255]
        let image = try decoder.decode(TinyPNG.encode(width: 2, height: 2, rgba: rgba), targetSize: nil)
        #expect(image.width == 2 && image.height == 2 && image.bytesPerRow == 8)
        #expect(image.pixels == rgba)
        #expect(image.hasAlpha)
    }

    @Test func decodesPNGWithAlpha() throws {
        let image = try decoder.decode(PixbufFixtures.data("alpha.png"), targetSize: nil)
        #expect(image.width == 64 && image.height == 48)
        #expect(image.hasAlpha)
        #expect(near(pixel(image, 0, 0), [255, 0, 0, 128], tolerance: 2))
        #expect(pixel(image, 63, 47)[3] == 0)
    }

    @Test func anOpaqueImageGainsAnOpaqueAlphaChannel() throws {
        let image = try decoder.decode(PixbufFixtures.data("opaque.png"), targetSize: nil)
        #expect(image.bytesPerRow == 64 * 4 && image.pixels.count == 64 * 4 * 48)
        #expect(!image.hasAlpha)
        #expect(pixel(image, 10, 10) == [0, 255, 0, 255])
    }

    @Test func decodesAJPEGStraightAtTheTargetSize() throws {
        let (image, statistics) = try decoder.decodeMeasured(
            PixbufFixtures.data("photo.jpg"), targetSize: PixelSize(width: 100, height: 100))
        #expect(image.width == 100 && image.height == 75)
        #expect(statistics.declaredSize == PixelSize(width: 800, height: 600))
        // libjpeg decoded at 1/8 scale: the full 800 × 600 buffer never existed.
        let loaded = try #require(statistics.loadedSize)
        #expect(loaded.width <= 200 && loaded.height <= 150)
        #expect(statistics.pixelBufferBytes < 800 * 600 * 3)
        #expect(near(pixel(image, 50, 0), [255, 0, 0, 255], tolerance: 30))
        #expect(near(pixel(image, 50, 74), [0, 0, 255, 255], tolerance: 30))
    }

    @Test func neverUpscales() throws {
        let image = try decoder.decode(
            PixbufFixtures.data("opaque.png"), targetSize: PixelSize(width: 640, height: 480))
        #expect(image.width == 64 && image.height == 48)
    }

    @Test func aNonPositiveTargetDimensionIsUnbounded() throws {
        let image = try decoder.decode(PixbufFixtures.data("photo.jpg"), targetSize: PixelSize(width: 400, height: 0))
        #expect(image.width == 400 && image.height == 300)
    }

    @Test func decodesWebP() throws {
        let image = try decoder.decode(PixbufFixtures.data("image.webp"), targetSize: PixelSize(width: 32, height: 32))
        #expect(image.width == 32 && image.height == 24)
        #expect(near(pixel(image, 5, 5), [0, 0, 255, 255], tolerance: 8))
    }

    @Test func decodesTheFirstFrameOfAGIFAndScalesIt() throws {
        let full = try decoder.decode(PixbufFixtures.data("anim.gif"), targetSize: nil)
        #expect(full.width == 40 && full.height == 30)
        #expect(pixel(full, 20, 15) == [255, 0, 0, 255])
        let small = try decoder.decode(PixbufFixtures.data("anim.gif"), targetSize: PixelSize(width: 20, height: 20))
        #expect(small.width == 20 && small.height == 15)
        #expect(pixel(small, 10, 7) == [255, 0, 0, 255])
    }

    @Test func rejectsA20000By20000PNGFromItsHeader() throws {
        let data = TinyPNG.declaringSize(width: 20_000, height: 20_000)
        #expect(data.count < 100)
        #expect(error(data) == .tooLarge(width: 20_000, height: 20_000, limit: PixbufImageDecoder.defaultPixelLimit))
        #expect(error(data, targetSize: PixelSize(width: 100, height: 100)) != nil)
    }

    @Test func theLimitIsConfigurable() throws {
        let strict = PixbufImageDecoder(pixelLimit: 1_000)
        #expect(throws: ImageDecodingError.tooLarge(width: 64, height: 48, limit: 1_000)) {
            try strict.decode(PixbufFixtures.data("opaque.png"), targetSize: nil)
        }
    }

    @Test(arguments: ["photo.jpg", "alpha.png", "image.webp", "anim.gif"])
    func truncatedDataIsCorrupt(name: String) throws {
        let data = try PixbufFixtures.data(name)
        for fraction in [0.3, 0.6, 0.9] {
            let cut = data.prefix(Int(Double(data.count) * fraction))
            let failure = error(Data(cut))
            if case .corrupt? = failure {
            } else {
                Issue.record("\(name) cut at \(fraction): \(String(describing: failure))")
            }
        }
    }

    @Test(arguments: ["photo.jpg", "alpha.png", "image.webp", "anim.gif"])
    func garbageAfterTheSignatureIsCorrupt(name: String) throws {
        var data = try PixbufFixtures.data(name)
        var random = SeededGenerator(seed: 7)
        for index in 16..<data.count { data[index] = UInt8.random(in: 0...255, using: &random) }
        if case .corrupt? = error(data) {
        } else {
            Issue.record("\(name) with garbage: \(String(describing: error(data)))")
        }
    }

    /// A fuzzer input (Docs/RELIABILITY.md): a GIF frame of height 0 makes gdk-pixbuf's GIF loader
    /// log GLib criticals (a pixbuf of height 0, then an unref of NULL); the integrity check
    /// refuses it before the loader runs.
    @Test func aGIFFrameOfZeroSizeIsCorruptBeforeTheLoaderRuns() {
        let gif = Data(
            [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x1F, 0x40, 0x1F, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
                + [0x2C, 0x00, 0x1F, 0x40, 0x1F, 0x00, 0x40, 0x00, 0x00, 0x00, 0x02, 0x02, 0x4C, 0x01, 0x00, 0x3B])
        #expect(error(gif) == .corrupt("GIF frame of zero size"))
    }

    @Test func unknownFormatsAreRejectedBeforeAnyLoaderRuns() {
        #expect(error(Data()) == .unsupportedFormat)
        #expect(error(Data("hello, not an image".utf8)) == .unsupportedFormat)
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
        #expect(error(svg) == .unsupportedFormat)
        #expect(error(Data([0x42, 0x4D, 0, 0, 0, 0])) == .unsupportedFormat)  // BMP
    }

    @Test func decodesConcurrentlyFromManyThreads() async throws {
        let jpeg = try PixbufFixtures.data("photo.jpg")
        let png = try PixbufFixtures.data("alpha.png")
        let decoder = decoder
        let reference = try decoder.decode(jpeg, targetSize: PixelSize(width: 120, height: 120))
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        return try decoder.decode(jpeg, targetSize: PixelSize(width: 120, height: 120)) == reference
                    }
                    return try decoder.decode(png, targetSize: nil).width == 64
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }

    @Test func fittedSizeKeepsTheAspectAndNeverUpscales() {
        let fit = PixbufImageDecoder.fittedSize
        #expect(fit(4_000, 3_000, PixelSize(width: 400, height: 400)) == PixelSize(width: 400, height: 300))
        #expect(fit(3_000, 4_000, PixelSize(width: 400, height: 400)) == PixelSize(width: 300, height: 400))
        #expect(fit(100, 50, PixelSize(width: 400, height: 400)) == PixelSize(width: 100, height: 50))
        #expect(fit(10_000, 1, PixelSize(width: 10, height: 10)) == PixelSize(width: 10, height: 1))
        #expect(fit(100, 50, nil) == PixelSize(width: 100, height: 50))
        #expect(fit(100, 50, PixelSize(width: 0, height: 0)) == PixelSize(width: 100, height: 50))
    }
}
