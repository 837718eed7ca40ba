import CascadeImages
import Foundation

/// Structural completeness checks, run before the loader.
///
/// gdk-pixbuf accepts many truncated files and returns a partly grey or black image without an
/// error (seen here with PNG, JPEG and WebP). A cell must not cache such a picture as if it
/// were the cover, so the decoder walks each file's container structure first: O(n) in the file
/// size for JPEG (the entropy-coded data is scanned for markers with `memchr`), O(number of
/// chunks or blocks) for the others. Pixel-level damage is left to the codecs.
extension PixbufFormat {
    /// Throws `.corrupt` if the container ends early or is malformed.
    func checkComplete(_ data: Data) throws {
        let problem: String? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch self {
            case .png: return Self.pngProblem(bytes)
            case .jpeg: return Self.jpegProblem(bytes)
            case .gif: return Self.gifProblem(bytes)
            case .webp: return Self.webpProblem(bytes)
            }
        }
        if let problem { throw ImageDecodingError.corrupt(problem) }
    }

    // MARK: Formats

    /// Chunks of length, type, payload and CRC, up to `IEND`.
    private static func pngProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var position = 8
        while position + 8 <= bytes.count {
            let length = Int(bigEndian32(bytes, position))
            guard length < 0x8000_0000 else { return "PNG chunk length out of range" }
            let end = position + 12 + length
            guard end <= bytes.count else { break }
            if bytes[position + 4] == 0x49, bytes[position + 5] == 0x45, bytes[position + 6] == 0x4E,
                bytes[position + 7] == 0x44
            {
                return nil  // IEND
            }
            position = end
        }
        return "truncated PNG (no IEND chunk)"
    }

    /// Segments up to `EOI`; after each `SOS`, the entropy-coded data runs to the next marker
    /// that is neither a stuffed `FF 00` nor a restart marker.
    private static func jpegProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        walkJPEGSegments(bytes) { _, _ in true }
    }

    // MARK: JPEG segments

    /// Walks a JPEG's segments as libjpeg reads them (stray bytes between segments and fill
    /// bytes skipped), calling `visit` with each segment that has a length: its marker and the
    /// range of its body (after the length). After a `SOS` segment its entropy-coded data is
    /// skipped to the next marker. Returns nil when the walk reached `EOI` or `visit` returned
    /// false, else why the file ended before `EOI`.
    static func walkJPEGSegments(
        _ bytes: UnsafeBufferPointer<UInt8>, _ visit: (_ marker: UInt8, _ body: Range<Int>) -> Bool
    ) -> String? {
        guard let base = bytes.baseAddress else { return "empty JPEG" }
        var position = 2
        while position + 1 < bytes.count {
            guard bytes[position] == 0xFF else {
                // Stray bytes between segments: libjpeg skips them, so do we.
                guard let next = nextByte(0xFF, base, from: position, count: bytes.count) else { break }
                position = next
                continue
            }
            let marker = bytes[position + 1]
            position += 2
            switch marker {
            case 0xD9:
                return nil  // EOI
            case 0xFF:
                position -= 1  // fill byte
            case 0x01, 0xD0...0xD7:
                continue
            default:
                guard position + 2 <= bytes.count else { return "truncated JPEG segment" }
                let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
                guard length >= 2 else { return "bad JPEG segment length" }
                let body = (position + 2)..<(position + length)
                position += length
                guard position <= bytes.count else { return "truncated JPEG segment" }
                guard visit(marker, body) else { return nil }
                if marker == 0xDA {
                    guard let next = nextMarker(base, from: position, count: bytes.count) else {
                        return "truncated JPEG scan (no end-of-image marker)"
                    }
                    position = next
                }
            }
        }
        return "truncated JPEG (no end-of-image marker)"
    }

    /// Header, colour tables, extension and image blocks (each a chain of sub-blocks), up to the
    /// trailer.
    private static func gifProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count >= 13 else { return "truncated GIF header" }
        var position = 13
        if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 7) + 1) }
        func skipSubBlocks() -> Bool {
            while position < bytes.count {
                let size = Int(bytes[position])
                position += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        while position < bytes.count {
            let introducer = bytes[position]
            position += 1
            switch introducer {
            case 0x3B:
                return nil  // trailer
            case 0x21:
                position += 1  // label
                guard skipSubBlocks() else { return "truncated GIF extension" }
            case 0x2C:
                guard position + 9 <= bytes.count else { return "truncated GIF image descriptor" }
                // gdk-pixbuf's GIF loader logs GLib criticals (a pixbuf of height 0, then an
                // unref of NULL) for a frame of zero width or height; found by the image fuzzer.
                let width = Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8
                let height = Int(bytes[position + 6]) | Int(bytes[position + 7]) << 8
                guard width > 0, height > 0 else { return "GIF frame of zero size" }
                let packed = bytes[position + 8]
                position += 9
                if packed & 0x80 != 0 { position += 3 << (Int(packed & 7) + 1) }
                position += 1  // LZW minimum code size
                guard skipSubBlocks() else { return "truncated GIF image data" }
            default:
                return "bad GIF block 0x\(String(introducer, radix: 16))"
            }
        }
        return "truncated GIF (no trailer)"
    }

    /// A RIFF container as long as its header says.
    private static func webpProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count >= 12 else { return "truncated WebP header" }
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return bytes.count >= size + 8 ? nil : "truncated WebP (\(bytes.count) of \(size + 8) bytes)"
    }

    // MARK: Helpers

    private static func bigEndian32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func nextByte(_ value: UInt8, _ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        guard from < count, let found = memchr(base + from, Int32(value), count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The offset of the next marker in entropy-coded data.
    private static func nextMarker(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        var position = from
        while let index = nextByte(0xFF, base, from: position, count: count), index + 1 < count {
            let following = base[index + 1]
            if following != 0x00 && !(0xD0...0xD7).contains(following) && following != 0xFF { return index }
            position = index + 1
        }
        return nil
    }
}
