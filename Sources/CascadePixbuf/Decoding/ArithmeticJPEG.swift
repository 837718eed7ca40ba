import CPixbuf
import CascadeImages
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Arithmetic-coded JPEGs (SOF9–SOF15, valid and decoded by libjpeg-turbo): gdk-pixbuf's
/// incremental loader cannot suspend inside arithmetic decoding ("Suspension not allowed here")
/// however the bytes are fed, but its whole-file load reads through stdio and decodes them. So
/// these go through `gdk_pixbuf_new_from_file` on an unlinked temporary file, after the same
/// pixel limit the loader's `size-prepared` applies, from the frame header.
enum ArithmeticJPEG {
    /// The frame size when `data` is an arithmetic-coded JPEG, else nil.
    static func frameSize(of data: Data) -> PixelSize? {
        let bytes = [UInt8](data.prefix(256 * 1024))
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            // SOF markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC); C9–CF are arithmetic.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard marker >= 0xC9 else { return nil }
                let height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                let width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return PixelSize(width: width, height: height)
            }
            if marker == 0xDA || length < 2 { return nil }
            i += 2 + length
        }
        return nil
    }

    /// Decodes the whole file at its stored size; the caller owns the returned pixbuf.
    /// - Throws: `ImageDecodingError`.
    static func decode(_ data: Data, size: PixelSize, pixelLimit: Int) throws -> OpaquePointer {
        guard size.width > 0, size.height > 0, Double(size.width) * Double(size.height) <= Double(pixelLimit) else {
            throw ImageDecodingError.tooLarge(width: size.width, height: size.height, limit: pixelLimit)
        }
        var template = Array((NSTemporaryDirectory() + "/cascade-arith-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ImageDecodingError.corrupt("no temporary file for the decode") }
        // Unlinked at once: the file lives only as long as the descriptor.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        guard written else { throw ImageDecodingError.corrupt("cannot stage the image for decoding") }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file("/proc/self/fd/\(descriptor)", &error) else {
            let message = error?.pointee.message.map { String(cString: $0) } ?? "decode failed"
            g_clear_error(&error)
            throw ImageDecodingError.corrupt(message)
        }
        return pixbuf
    }
}
