import Foundation

/// A minimal PNG writer for tests: 8-bit RGBA, no filtering, zlib "stored" blocks. It also
/// crafts headers declaring any size (a 20,000 × 20,000 image in a few dozen bytes).
public enum TinyPNG {
    /// A valid PNG of `width` × `height` RGBA pixels (`rgba.count == width * height * 4`).
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> Data {
        precondition(rgba.count == width * height * 4)
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: rgba[(y * width * 4)..<((y + 1) * width * 4)])
        }
        var png = signature
        png.append(chunk("IHDR", header(width: width, height: height)))
        png.append(chunk("IDAT", zlibStored(raw)))
        png.append(chunk("IEND", []))
        return png
    }

    /// A PNG of one solid colour.
    public static func solid(width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) -> Data {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { pixels.append(contentsOf: [rgba.0, rgba.1, rgba.2, rgba.3]) }
        return encode(width: width, height: height, rgba: pixels)
    }

    /// A PNG whose header declares `width` × `height` but that carries almost no pixel data:
    /// what a decoder must reject from the header alone.
    public static func declaringSize(width: Int, height: Int) -> Data {
        var png = signature
        png.append(chunk("IHDR", header(width: width, height: height)))
        png.append(chunk("IDAT", zlibStored([0, 0, 0, 0, 0])))
        png.append(chunk("IEND", []))
        return png
    }

    /// CRC-32 (ISO-HDLC), as PNG chunks use.
    public static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    // MARK: Private

    private static let signature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    private static func header(width: Int, height: Int) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]  // 8-bit RGBA
    }

    private static func chunk(_ type: String, _ payload: [UInt8]) -> Data {
        let typed = Array(type.utf8) + payload
        return Data(bigEndian(UInt32(payload.count)) + typed + bigEndian(crc32(typed)))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count >= data.count ? 1 : 0
            out.append(last)
            out.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8)])
            out.append(contentsOf: [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            out.append(contentsOf: data[offset..<(offset + count)])
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
