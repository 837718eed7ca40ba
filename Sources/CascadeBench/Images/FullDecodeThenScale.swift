import CPixbuf
import CascadeImages
import CascadePixbuf
import Foundation

/// Baseline `full-decode-then-scale`: what the reference app does (and what a naive loader
/// does): decode the whole image at its full size with a plain `GdkPixbufLoader`, then shrink
/// it with `gdk_pixbuf_scale_simple`, then convert to RGBA like our decoder does.
enum FullDecodeThenScale {
    /// The decoded image and the bytes of every pixel buffer the decode held.
    static func decode(_ data: Data, targetSize: PixelSize) -> (image: DecodedImage?, pixelBufferBytes: Int) {
        let loader = gdk_pixbuf_loader_new()
        defer { g_object_unref(loader) }
        let written = data.withUnsafeBytes { buffer in
            gdk_pixbuf_loader_write(loader, buffer.bindMemory(to: UInt8.self).baseAddress, gsize(buffer.count), nil)
        }
        guard written != 0, gdk_pixbuf_loader_close(loader, nil) != 0, let full = gdk_pixbuf_loader_get_pixbuf(loader)
        else {
            return (nil, 0)
        }
        var bytes = Int(gdk_pixbuf_get_byte_length(full))
        let width = Int(gdk_pixbuf_get_width(full))
        let height = Int(gdk_pixbuf_get_height(full))
        let fitted = PixbufImageDecoder.fittedSize(width: width, height: height, in: targetSize)
        guard
            let scaled = gdk_pixbuf_scale_simple(full, Int32(fitted.width), Int32(fitted.height), GDK_INTERP_BILINEAR)
        else { return (nil, bytes) }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        bytes += Int(gdk_pixbuf_get_byte_length(scaled))
        let image = rgba(scaled)
        bytes += image.cost
        return (image, bytes)
    }

    private static func rgba(_ pixbuf: OpaquePointer) -> DecodedImage {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<channels { pixels[(y * width + x) * 4 + c] = source[y * rowstride + x * channels + c] }
            }
        }
        return DecodedImage(width: width, height: height, bytesPerRow: width * 4, pixels: pixels, hasAlpha: false)
    }
}
