import CPixbuf
import Foundation

/// Encodes tightly packed 8-bit RGB as a baseline JPEG through gdk-pixbuf's JPEG saver (what the
/// decode benchmark and the decoder's tests use to make their photos).
public enum PixbufJPEGEncoder {
    /// The JPEG bytes of `rgb` (`width` × `height` × 3 bytes, rows without padding) at
    /// `quality` (0…100, clamped); nil if the sizes do not match the bytes or gdk-pixbuf fails.
    public static func encode(rgb: [UInt8], width: Int, height: Int, quality: Int = 85) -> Data? {
        guard let pixelWidth = Int32(exactly: width), let pixelHeight = Int32(exactly: height), pixelWidth > 0,
            pixelHeight > 0, pixelWidth <= Int32.max / 3, rgb.count == width * height * 3
        else { return nil }
        let rowBytes = pixelWidth * 3
        // gdk-pixbuf only reads the pixels while saving; its API takes them as mutable.
        return rgb.withUnsafeBufferPointer { buffer -> Data? in
            guard let base = buffer.baseAddress,
                let pixbuf = gdk_pixbuf_new_from_data(
                    UnsafeMutablePointer(mutating: base), GDK_COLORSPACE_RGB, 0, 8, pixelWidth, pixelHeight, rowBytes,
                    nil, nil)
            else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            var output: UnsafeMutablePointer<gchar>?
            var size: gsize = 0
            var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
            var values: [UnsafeMutablePointer<CChar>?] = [strdup("\(min(100, max(0, quality)))"), nil]
            defer {
                free(keys[0])
                free(values[0])
            }
            guard gdk_pixbuf_save_to_bufferv(pixbuf, &output, &size, "jpeg", &keys, &values, nil) != 0, let output
            else { return nil }
            defer { g_free(output) }
            return Data(bytes: output, count: Int(clamping: size))
        }
    }
}
