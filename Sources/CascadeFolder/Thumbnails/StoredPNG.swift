/// Encodes small RGB or RGBA images as PNG without a compressor: the pixel rows go into "stored"
/// (uncompressed) deflate blocks, which every PNG reader accepts.
///
/// Cascade's one PNG writer: the 1 × 1 images of `fail/` entries and the tests' fixtures (which
/// also use `file(width:height:colorType:scanlines:)` to craft headers that lie about their
/// size). Real thumbnails are encoded (compressed) by the frame grabber.
public enum StoredPNG {
    /// A PNG of `width` × `height` RGB pixels (`rgb.count == width * height * 3`), or nil when
    /// the sizes do not match or pass 4096.
    public static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8]? {
        encode(width: width, height: height, pixels: rgb, bytesPerPixel: 3, colorType: 2)
    }

    /// A PNG of `width` × `height` RGBA pixels (`rgba.count == width * height * 4`), or nil when
    /// the sizes do not match or pass 4096.
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8]? {
        encode(width: width, height: height, pixels: rgba, bytesPerPixel: 4, colorType: 6)
    }

    /// A PNG whose header declares `width` × `height`, 8 bits per channel and `colorType` (2 RGB,
    /// 6 RGBA), around `scanlines` (each row: a filter byte, then its pixels) in stored deflate
    /// blocks. Nothing is checked: the header may promise more than the data holds.
    public static func file(width: UInt32, height: UInt32, colorType: UInt8, scanlines: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        for value in [width, height] {
            header += [
                UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value),
            ]
        }
        header += [8, colorType, 0, 0, 0]  // 8-bit, deflate, adaptive filtering, no interlace
        return PNGText.signature + PNGText.chunk("IHDR", header) + PNGText.chunk("IDAT", zlibStored(scanlines))
            + PNGText.chunk("IEND", [])
    }

    // MARK: Private

    private static func encode(
        width: Int, height: Int, pixels: [UInt8], bytesPerPixel: Int, colorType: UInt8
    )
        -> [UInt8]?
    {
        guard width > 0, height > 0, width <= 4096, height <= 4096, pixels.count == width * height * bytesPerPixel
        else { return nil }
        let row = width * bytesPerPixel
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (row + 1))
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw += pixels[(y * row)..<((y + 1) * row)]
        }
        return file(width: UInt32(width), height: UInt32(height), colorType: colorType, scanlines: raw)
    }

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
