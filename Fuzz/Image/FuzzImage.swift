import CascadeImages
import Foundation

@testable import CascadePixbuf

/// libFuzzer entry: any bytes through the four container integrity checks, then through the
/// gdk-pixbuf decoder at a cover's target size with the app's default pixel limit. Each either
/// throws `ImageDecodingError` or returns an image that fits the target with a consistent
/// buffer; a violation traps.
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
}
