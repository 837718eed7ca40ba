import CascadeImages
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadePixbuf

/// Headers that declare huge images are refused in `size-prepared`, before the loader allocates
/// anything, whatever the format.
@Suite struct DeclaredSizeLimitTests {
    let decoder = PixbufImageDecoder()

    private func outcome(_ data: Data) -> ImageDecodingError? {
        do {
            _ = try decoder.decode(data, targetSize: PixelSize(width: 100, height: 100))
            return nil
        } catch {
            return error as? ImageDecodingError
        }
    }

    private func setBigEndian16(_ data: inout Data, _ offset: Int, _ value: Int) {
        data[offset] = UInt8(value >> 8)
        data[offset + 1] = UInt8(value & 0xFF)
    }

    private func setLittleEndian16(_ data: inout Data, _ offset: Int, _ value: Int) {
        data[offset] = UInt8(value & 0xFF)
        data[offset + 1] = UInt8(value >> 8)
    }

    @Test func jpegDeclaring20000By20000() throws {
        var data = try PixbufFixtures.data("photo.jpg")
        let bytes = [UInt8](data)
        let sof = try #require(
            bytes.indices.dropLast().first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        setBigEndian16(&data, sof + 5, 20_000)  // height
        setBigEndian16(&data, sof + 7, 20_000)  // width
        #expect(outcome(data) == .tooLarge(width: 20_000, height: 20_000, limit: PixbufImageDecoder.defaultPixelLimit))
    }

    @Test func gifDeclaring20000By20000() throws {
        var data = try PixbufFixtures.data("anim.gif")
        setLittleEndian16(&data, 6, 20_000)
        setLittleEndian16(&data, 8, 20_000)
        let descriptor = try #require(data.firstIndex(of: 0x2C))
        setLittleEndian16(&data, descriptor + 5, 20_000)
        setLittleEndian16(&data, descriptor + 7, 20_000)
        let failure = outcome(data)
        if case .tooLarge(let width, let height, _)? = failure {
            #expect(width * height > PixbufImageDecoder.defaultPixelLimit)
        } else {
            Issue.record("expected tooLarge, got \(String(describing: failure))")
        }
    }

    @Test func webpDeclaring16383By16383() throws {
        var data = try PixbufFixtures.data("image.webp")
        #expect(String(decoding: data[12..<16], as: UTF8.self) == "VP8 ")
        setLittleEndian16(&data, 26, 16_383)
        setLittleEndian16(&data, 28, 16_383)
        #expect(outcome(data) == .tooLarge(width: 16_383, height: 16_383, limit: PixbufImageDecoder.defaultPixelLimit))
    }

    @Test func jpegScaledSizesFollowLibjpeg() {
        let scaled = PixbufLoadContext.jpegScaledSize
        #expect(scaled(4_000, 3_000, PixelSize(width: 400, height: 300)) == PixelSize(width: 500, height: 375))
        #expect(scaled(4_000, 3_000, PixelSize(width: 1_000, height: 750)) == PixelSize(width: 1_000, height: 750))
        #expect(scaled(4_000, 3_000, PixelSize(width: 1_001, height: 751)) == PixelSize(width: 2_000, height: 1_500))
        #expect(scaled(801, 601, PixelSize(width: 100, height: 75)) == PixelSize(width: 101, height: 76))
        #expect(scaled(10, 10, PixelSize(width: 9, height: 9)) == PixelSize(width: 10, height: 10))
    }
}
