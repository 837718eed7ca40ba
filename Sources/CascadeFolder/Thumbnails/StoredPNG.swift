/// Encodes small RGB images as PNG without a compressor: the pixel rows go into "stored"
/// (uncompressed) deflate blocks, which every PNG reader accepts.
///
/// Used for the 1 × 1 images of `fail/` entries and for test fixtures; real thumbnails are
/// encoded (compressed) by the frame grabber.
public enum StoredPNG {
    /// A PNG of `width` × `height` RGB pixels (`rgb.count == width * height * 3`), or nil when
    /// the sizes do not match.
    public static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8]? {
        guard width > 0, height > 0, width <= 4096, height <= 4096, rgb.count == width * height * 3 else {
            return nil
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for row in 0..<height {
            raw.append(0)  // filter: none
            raw += rgb[(row * width * 3)..<((row + 1) * width * 3)]
        }
        var header: [UInt8] = []
        for value in [UInt32(width), UInt32(height)] {
            header += [
                UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value),
            ]
        }
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour, deflate, adaptive filtering, no interlace
        return PNGText.signature + PNGText.chunk("IHDR", header) + PNGText.chunk("IDAT", zlibStored(raw))
            + PNGText.chunk("IEND", [])
    }

    // MARK: Private

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            let length = UInt16(count)
            out += [final, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = b << 16 | a
        out += [
            UInt8(adler >> 24), UInt8(truncatingIfNeeded: adler >> 16), UInt8(truncatingIfNeeded: adler >> 8),
            UInt8(truncatingIfNeeded: adler),
        ]
        return out
    }
}
