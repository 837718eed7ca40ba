import CPixbuf
import CascadeImages
import Foundation

/// Copies a pixbuf's pixels into the pipeline's format: tightly packed 8-bit RGBA.
enum PixbufPixels {
    /// The pixels of `pixbuf` as RGBA (RGB gains an opaque alpha channel).
    ///
    /// - Throws: `.corrupt` for layouts gdk-pixbuf loaders do not produce (not 8-bit RGB/RGBA).
    static func rgba(from pixbuf: OpaquePointer) throws -> DecodedImage {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4, width > 0, height > 0,
            let source = gdk_pixbuf_read_pixels(pixbuf)
        else {
            throw ImageDecodingError.corrupt("unexpected pixel layout")
        }
        let bytesPerRow = width * 4
        var translucent = false
        let pixels = [UInt8](unsafeUninitializedCapacity: bytesPerRow * height) { out, count in
            for y in 0..<height {
                let row = source + y * rowstride
                let target = out.baseAddress! + y * bytesPerRow
                if channels == 4 {
                    target.update(from: row, count: bytesPerRow)
                    var x = 3
                    while x < bytesPerRow {
                        if row[x] != 255 { translucent = true }
                        x += 4
                    }
                } else {
                    for x in 0..<width {
                        target[x * 4] = row[x * 3]
                        target[x * 4 + 1] = row[x * 3 + 1]
                        target[x * 4 + 2] = row[x * 3 + 2]
                        target[x * 4 + 3] = 255
                    }
                }
            }
            count = bytesPerRow * height
        }
        return DecodedImage(
            width: width, height: height, bytesPerRow: bytesPerRow, pixels: pixels, hasAlpha: translucent)
    }
}
