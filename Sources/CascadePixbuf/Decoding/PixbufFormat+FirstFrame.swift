import CascadeImages
import Foundation

/// Animated covers decode their first frame only.
///
/// gdk-pixbuf's GIF and WebP loaders build the whole animation when given an animated file (a
/// 33 KB WebP with a 4000 × 4000 canvas and 20 frames peaked at 1.35 GB). The decoder therefore
/// rewrites an animation into a still image holding only its first frame before any loader sees
/// it, so a decode holds at most one frame. The declared canvas is checked against the pixel
/// limit first (`.tooLarge`), so a huge canvas is refused before anything is allocated.
extension PixbufFormat {
    /// `data` reduced to its first frame (unchanged when it is not an animation).
    /// - Throws: `.tooLarge` when the declared canvas exceeds `pixelLimit`; `.corrupt` when the
    ///   structure is malformed.
    func firstFrame(of data: Data, pixelLimit: Int) throws -> Data {
        switch self {
        case .gif: return try Self.gifFirstFrame(data, pixelLimit: pixelLimit)
        case .webp: return try Self.webpFirstFrame(data, pixelLimit: pixelLimit)
        case .png, .jpeg: return data
        }
    }

    /// Throws `.tooLarge` unless `width` × `height` is positive and within `limit`.
    static func checkCanvas(width: Int, height: Int, limit: Int) throws {
        guard width > 0, height > 0, width <= limit / height else {
            throw ImageDecodingError.tooLarge(width: width, height: height, limit: limit)
        }
    }

    // MARK: GIF

    /// Header, logical screen and global colour table, the graphic control extension of the
    /// first image (transparency), the first image, then the trailer.
    private static func gifFirstFrame(_ data: Data, pixelLimit: Int) throws -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 13 else { throw ImageDecodingError.corrupt("truncated GIF header") }
        try checkCanvas(
            width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8, limit: pixelLimit)
        var position = 13
        if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 7) + 1) }
        guard position <= bytes.count else { throw ImageDecodingError.corrupt("truncated GIF colour table") }
        var output = Array(bytes[0..<position])
        func subBlocksEnd(from start: Int) throws -> Int {
            var cursor = start
            while cursor < bytes.count {
                let size = Int(bytes[cursor])
                cursor += 1 + size
                if size == 0 { return cursor }
            }
            throw ImageDecodingError.corrupt("truncated GIF blocks")
        }
        while position < bytes.count {
            switch bytes[position] {
            case 0x21:
                guard position + 1 < bytes.count else { throw ImageDecodingError.corrupt("truncated GIF extension") }
                let end = try subBlocksEnd(from: position + 2)
                if bytes[position + 1] == 0xF9 { output += bytes[position..<end] }  // graphic control
                position = end
            case 0x2C:
                guard position + 10 <= bytes.count else {
                    throw ImageDecodingError.corrupt("truncated GIF image descriptor")
                }
                let frameWidth = Int(bytes[position + 5]) | Int(bytes[position + 6]) << 8
                let frameHeight = Int(bytes[position + 7]) | Int(bytes[position + 8]) << 8
                try checkCanvas(width: max(1, frameWidth), height: max(1, frameHeight), limit: pixelLimit)
                let packed = bytes[position + 9]
                var cursor = position + 10
                if packed & 0x80 != 0 { cursor += 3 << (Int(packed & 7) + 1) }
                let end = try subBlocksEnd(from: cursor + 1)  // after the LZW minimum code size
                output += bytes[position..<end]
                output.append(0x3B)
                return Data(output)
            case 0x3B:
                throw ImageDecodingError.corrupt("GIF without an image")
            default:
                throw ImageDecodingError.corrupt("bad GIF block")
            }
        }
        throw ImageDecodingError.corrupt("GIF without an image")
    }

    // MARK: WebP

    /// A still WebP made of the first `ANMF` frame's chunks (with a `VP8X` header when the frame
    /// has an `ALPH` chunk). Stills pass through unchanged, after the canvas check.
    private static func webpFirstFrame(_ data: Data, pixelLimit: Int) throws -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12 else { throw ImageDecodingError.corrupt("truncated WebP header") }
        var position = 12
        var animated = false
        while position + 8 <= bytes.count {
            let fourCC = String(decoding: bytes[position..<position + 4], as: UTF8.self)
            let size = little32(bytes, position + 4)
            let payload = position + 8
            guard size <= bytes.count - payload else { throw ImageDecodingError.corrupt("truncated WebP chunk") }
            switch fourCC {
            case "VP8X":
                guard size >= 10 else { throw ImageDecodingError.corrupt("short VP8X chunk") }
                animated = bytes[payload] & 0x02 != 0
                try checkCanvas(
                    width: 1 + little24(bytes, payload + 4), height: 1 + little24(bytes, payload + 7), limit: pixelLimit
                )
            case "ANMF" where animated:
                guard size >= 16 else { throw ImageDecodingError.corrupt("short ANMF chunk") }
                let width = 1 + little24(bytes, payload + 6)
                let height = 1 + little24(bytes, payload + 9)
                try checkCanvas(width: width, height: height, limit: pixelLimit)
                return still(frame: Array(bytes[payload + 16..<payload + size]), width: width, height: height)
            default:
                break
            }
            position = payload + size + (size & 1)
        }
        if animated { throw ImageDecodingError.corrupt("animated WebP without a frame") }
        return data
    }

    /// `RIFF…WEBP` around a frame's chunks, with a `VP8X` (alpha flag, frame size) if it has alpha.
    private static func still(frame: [UInt8], width: Int, height: Int) -> Data {
        var chunks: [UInt8] = []
        if frame.count >= 4, String(decoding: frame[0..<4], as: UTF8.self) == "ALPH" {
            chunks += Array("VP8X".utf8) + le32(10) + [0x10, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        }
        chunks += frame
        return Data(Array("RIFF".utf8) + le32(4 + chunks.count) + Array("WEBP".utf8) + chunks)
    }

    private static func little24(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
    }

    private static func little32(_ bytes: [UInt8], _ at: Int) -> Int {
        little24(bytes, at) | Int(bytes[at + 3]) << 24
    }

    private static func le24(_ value: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value >> 16),
        ]
    }

    private static func le32(_ value: Int) -> [UInt8] {
        le24(value) + [UInt8(truncatingIfNeeded: value >> 24)]
    }
}
