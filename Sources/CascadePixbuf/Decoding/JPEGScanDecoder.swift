import CJPEGScan
import CPixbuf
import CascadeImages
import Foundation

/// The route for a JPEG that gdk-pixbuf's loader would decode at 1/8 scale: a decoder of our
/// own (the `CJPEGScan` C target) that produces the same 1/8-scale pixels as libjpeg-turbo,
/// with the entropy-coded data split into parts decoded by up to `maxThreads` threads.
///
/// At 1/8 scale only the DC value of each 8 × 8 block (and, for 4:2:0 chroma, a 2 × 2 inverse
/// DCT) is needed, but every Huffman symbol must still be parsed to find the next block: on a
/// noisy photo that parse is almost all of the decode, and one thread cannot go faster than
/// libjpeg. Huffman codes resynchronise, so each part after the first starts at a guessed
/// state (a byte boundary, the first block of an MCU), and the exact decode of the part before
/// it runs on until it reaches a block start with the same bit position and block of the MCU:
/// from there the guess is exact and its results are used. The output is identical to a
/// one-thread decode for every input (tests check random splits); restart intervals, when the
/// file has them, are split points needing no guess.
///
/// Handled: baseline or extended sequential Huffman (SOF0/SOF1), 8-bit, grayscale or YCbCr
/// with 4:4:4, 4:2:0, 4:2:2 or 4:4:0 sampling, one interleaved scan. Anything else, and any
/// error (corrupt, truncated, too large), returns nil so the caller uses the loader and the
/// user sees exactly the loader's result or error.
///
/// The part threads are plain threads started for the decode: they inherit the calling thread's
/// scheduling priority (on Linux a new thread keeps its creator's nice value), so a decode on a
/// low-priority decoding thread stays low priority. Dispatch's shared pool is not used: as root
/// its threads run above the main thread's priority.
enum JPEGScanDecoder {
    /// Files smaller than this decode on the calling thread alone: starting a thread and joining
    /// the parts would cost more than half of such a decode saves.
    static let parallelByteThreshold = 256 * 1024
    /// The most threads one decode uses.
    static let maxThreads = 4
    /// Parts per thread: the threads take parts in order, so when the scheduler gives one
    /// thread less time (a shared machine), the others take more of its parts.
    static let partsPerThread = 16

    /// Why the decoder did not produce an image.
    enum Failure: Error, Equatable {
        case unsupported, corrupt, tooLarge, noMemory

        init(_ status: cascade_jpeg_scan_status) {
            switch status {
            case CASCADE_JPEG_SCAN_UNSUPPORTED: self = .unsupported
            case CASCADE_JPEG_SCAN_TOO_LARGE: self = .tooLarge
            case CASCADE_JPEG_SCAN_NO_MEMORY: self = .noMemory
            default: self = .corrupt
            }
        }
    }

    /// A 1/8-scale decode: tightly packed RGB and what the decode did.
    struct Output: Equatable {
        var width: Int
        var height: Int
        var rgb: [UInt8]
        /// Parts and threads used, and how many of the guessed parts joined the exact decode.
        var parts: Int
        var threads: Int
        var partsJoined: Int
    }

    /// The threads a decode of `byteCount` bytes uses: one per core (at most `maxThreads`).
    static func threads(forByteCount byteCount: Int) -> Int {
        guard byteCount >= parallelByteThreshold else { return 1 }
        return min(maxThreads, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// The declared size, if the file is one this decoder handles.
    static func supportedSize(of data: Data) -> PixelSize? {
        var info = cascade_jpeg_scan_info()
        let status = data.withUnsafeBytes { buffer in
            cascade_jpeg_scan_probe(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, &info)
        }
        guard status == CASCADE_JPEG_SCAN_OK else { return nil }
        return PixelSize(width: Int(info.width), height: Int(info.height))
    }

    /// Decodes `data` at 1/8 scale in `parts` parts on `threads` threads (default: as many as
    /// parts), beginning the parts at `splitPoints` (fractions of the entropy-coded data,
    /// increasing, `parts - 1` of them; nil splits evenly).
    static func decode(
        _ data: Data, pixelLimit: Int, parts: Int, threads: Int? = nil, splitPoints: [Double]? = nil
    ) -> Result<Output, Failure> {
        let threads = Int32(clamping: threads ?? parts)
        var info = cascade_jpeg_scan_info()
        var rgb: UnsafeMutablePointer<UInt8>?
        let status = data.withUnsafeBytes { buffer in
            let base = buffer.bindMemory(to: UInt8.self).baseAddress
            if let splitPoints {
                return splitPoints.withUnsafeBufferPointer { points in
                    cascade_jpeg_scan_decode(
                        base, buffer.count, Int64(pixelLimit), Int32(clamping: parts), threads, points.baseAddress,
                        &rgb,
                        &info)
                }
            }
            return cascade_jpeg_scan_decode(
                base, buffer.count, Int64(pixelLimit), Int32(clamping: parts), threads, nil, &rgb, &info)
        }
        defer { cascade_jpeg_scan_free(rgb) }
        guard status == CASCADE_JPEG_SCAN_OK, let rgb else { return .failure(Failure(status)) }
        let width = Int(info.output_width)
        let height = Int(info.output_height)
        return .success(
            Output(
                width: width, height: height, rgb: Array(UnsafeBufferPointer(start: rgb, count: width * height * 3)),
                parts: Int(info.parts), threads: Int(info.threads), partsJoined: Int(info.parts_joined)))
    }

    /// A pixbuf of the 1/8-scale image, if the loader would decode `data` at 1/8 for
    /// `targetSize` and this decoder handles the file; nil means "use the loader".
    static func scaledPixbuf(
        _ data: Data, targetSize: PixelSize?, pixelLimit: Int
    ) -> (pixbuf: OpaquePointer, declared: PixelSize)? {
        guard let targetSize, let declared = supportedSize(of: data) else { return nil }
        let (width, height) = (declared.width, declared.height)
        // Too large: the loader reports it (with its own checks and message).
        guard Double(width) * Double(height) <= Double(pixelLimit) else { return nil }
        let fitted = PixbufImageDecoder.fittedSize(width: width, height: height, in: targetSize)
        let eighth = PixelSize(width: (width + 7) / 8, height: (height + 7) / 8)
        guard fitted != declared,
            PixbufLoadContext.jpegScaledSize(width: width, height: height, covering: fitted) == eighth
        else { return nil }
        var info = cascade_jpeg_scan_info()
        var rgb: UnsafeMutablePointer<UInt8>?
        let threads = threads(forByteCount: data.count)
        let parts = threads > 1 ? threads * partsPerThread : 1
        let status = data.withUnsafeBytes { buffer in
            cascade_jpeg_scan_decode(
                buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, Int64(pixelLimit),
                Int32(clamping: parts), Int32(clamping: threads), nil, &rgb, &info)
        }
        defer { cascade_jpeg_scan_free(rgb) }
        guard status == CASCADE_JPEG_SCAN_OK, let rgb, Int(info.output_width) == eighth.width,
            Int(info.output_height) == eighth.height,
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, info.output_width, info.output_height),
            let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else { return nil }
        let rowBytes = eighth.width * 3
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for row in 0..<eighth.height {
            (pixels + row * stride).update(from: rgb + row * rowBytes, count: rowBytes)
        }
        return (pixbuf, declared)
    }
}
