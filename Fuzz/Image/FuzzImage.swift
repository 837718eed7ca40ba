import CascadeImages
import Foundation

@testable import CascadePixbuf

/// libFuzzer entry: any bytes through the four container integrity checks, then through the
/// gdk-pixbuf decoder at a cover's target size with the app's default pixel limit. Each either
/// throws `ImageDecodingError` or returns an image that fits the target with a consistent
/// buffer; a violation traps. The same bytes also go through the 1/8-scale JPEG decoder on one
/// thread and in 2-8 parts (on 2 threads) split where the input's last bytes say: the results (pixels or
/// failure) must be identical.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    for format in PixbufFormat.allCases {
        do {
            try format.checkComplete(bytes)
        } catch is ImageDecodingError {
        } catch {
            fatalError("integrity check threw \(error)")
        }
    }
    FuzzImage.checkScanSplits(bytes)
    let target = FuzzImage.target
    let image: DecodedImage
    do {
        image = try FuzzImage.decoder.decode(bytes, targetSize: target)
    } catch is ImageDecodingError {
        return 0
    } catch {
        fatalError("decoder threw \(error)")
    }
    precondition(image.width >= 1 && image.height >= 1, "empty image \(image.width)x\(image.height)")
    precondition(
        image.width <= target.width && image.height <= target.height, "not fitted: \(image.width)x\(image.height)")
    precondition(image.bytesPerRow == image.width * 4, "row bytes \(image.bytesPerRow)")
    precondition(image.pixels.count == image.bytesPerRow * image.height, "buffer \(image.pixels.count)")
    return 0
}

enum FuzzImage {
    /// A cover cell's size in device pixels.
    static let target = PixelSize(width: 360, height: 640)
    static let decoder = PixbufImageDecoder()

    /// The parallel 1/8-scale decode equals the one-thread decode for a split chosen by the input.
    static func checkScanSplits(_ bytes: Data) {
        guard bytes.count >= 4, bytes[bytes.startIndex] == 0xFF, bytes[bytes.startIndex + 1] == 0xD8 else { return }
        let tail = Array(bytes.suffix(3))
        let parts = 2 + Int(tail[0] % 7)
        var points: [Double] = []
        var previous = 0.0
        for index in 0..<parts - 1 {
            let step = (Double(tail[(index + 1) % 3]) + 1) / 257 * (1 - previous) / 2
            previous += max(step, 0.001)
            points.append(min(previous, 0.999))
        }
        let serial = JPEGScanDecoder.decode(bytes, pixelLimit: decoder.pixelLimit, parts: 1)
        let parallel = JPEGScanDecoder.decode(
            bytes, pixelLimit: decoder.pixelLimit, parts: parts, threads: 2, splitPoints: points)
        precondition(serial.map(\.rgb) == parallel.map(\.rgb), "parallel decode differs (\(parts) parts at \(points))")
        if case .success(let output) = serial {
            precondition(output.rgb.count == output.width * output.height * 3, "RGB buffer \(output.rgb.count)")
        }
    }
}
