import CGtk
import CascadeImages
import CascadeTestSupport
import Testing

@testable import CascadeGTK

/// Covers become textures GTK downloads as the image's colours in cairo's premultiplied BGRA,
/// premultiplied and rounded like cairo does; and rows for cairo surfaces are converted to it.
@MainActor @Suite struct TextureFactoryTests {
    @Test func everyChannelAndAlphaPairPremultipliesToTheRoundedProduct() {
        var input = [UInt8]()
        for alpha in 0...255 {
            for channel in 0...255 { input += [UInt8(channel), UInt8(255 - channel), 7, UInt8(alpha)] }
        }
        var output = [UInt8](repeating: 0, count: input.count)
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBufferPointer { target in
                TextureFactory.convertRow(
                    from: source.baseAddress!, to: target.baseAddress!, pixels: input.count / 4, premultiply: true)
            }
        }
        func expected(_ channel: Int, _ alpha: Int) -> UInt8 { UInt8((channel * alpha + 127) / 255) }
        var mismatches = 0
        for pixel in 0..<input.count / 4 {
            let (r, g, b, a) = (
                Int(input[pixel * 4]), Int(input[pixel * 4 + 1]), Int(input[pixel * 4 + 2]), Int(input[pixel * 4 + 3])
            )
            let got = Array(output[pixel * 4..<pixel * 4 + 4])
            if got != [expected(b, a), expected(g, a), expected(r, a), UInt8(a)] { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// The opaque path swaps red and blue a word at a time: every byte lands where the byte
    /// loop put it, from any offset (rows of a decoded image need not be word-aligned).
    @Test(arguments: [0, 1, 3])
    func opaqueRowsSwapRedAndBlueAndKeepTheOtherBytes(offset: Int) {
        var generator = SeededGenerator(seed: UInt64(offset) + 41)
        let pixels = 1_027
        let input = (0..<offset + pixels * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var output = [UInt8](repeating: 0, count: pixels * 4 + 1)
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBufferPointer { target in
                TextureFactory.convertRow(
                    from: source.baseAddress! + offset, to: target.baseAddress!, pixels: pixels, premultiply: false)
            }
        }
        var expected = [UInt8]()
        for pixel in 0..<pixels {
            let i = offset + pixel * 4
            expected += [input[i + 2], input[i + 1], input[i], input[i + 3]]
        }
        #expect(Array(output[..<(pixels * 4)]) == expected)
        #expect(output[pixels * 4] == 0, "nothing written past the row")
    }

    /// Opaque and with alpha, for either renderer, GTK downloads a cover as its colours: packed
    /// RGB or straight RGBA for cairo, premultiplied BGRA for GL.
    @Test(arguments: [true, false])
    func coversDownloadAsTheirColours(forCairo: Bool) throws {
        // 3 × 2, rows padded to 16 bytes; the alpha bytes of an opaque image are not read.
        let opaque = DecodedImage(
            width: 3, height: 2, bytesPerRow: 16,
            pixels: [
                255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 9,
                10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 9, 9, 9, 9,
            ], hasAlpha: false)
        #expect(
            try Self.downloaded(opaque, forCairo: forCairo) == [
                0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 30, 20, 10, 255, 60, 50, 40, 255, 90, 80, 70, 255,
            ])
        // 2 × 2, rows padded to 12 bytes: red, green / blue, translucent white.
        let translucent = DecodedImage(
            width: 2, height: 2, bytesPerRow: 12,
            pixels: [255, 0, 0, 255, 0, 255, 0, 255, 9, 9, 9, 9, 0, 0, 255, 255, 255, 255, 255, 128, 9, 9, 9, 9],
            hasAlpha: true)
        #expect(
            try Self.downloaded(translucent, forCairo: forCairo) == [
                0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 128, 128, 128, 128,
            ])
    }

    /// What `gdk_texture_download` gives for `image`'s texture: cairo's premultiplied BGRA.
    private static func downloaded(_ image: DecodedImage, forCairo: Bool) throws -> [UInt8] {
        let texture = try #require(TextureFactory.texture(from: image, forCairo: forCairo))
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var downloaded = [UInt8](repeating: 0, count: image.width * image.height * 4)
        downloaded.withUnsafeMutableBufferPointer {
            gdk_texture_download(texture, $0.baseAddress, gsize(image.width * 4))
        }
        return downloaded
    }
}
