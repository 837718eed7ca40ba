import CGtk
import CascadeImages

/// Uploads decoded RGBA images as GDK textures in the renderer's native pixel format, so GTK
/// 4.8's cairo renderer copies them on each draw instead of converting (Docs/PLATFORM_NOTES.md).
@MainActor
enum TextureFactory {
    /// A new texture (caller owns the reference), or nil for an empty image.
    static func texture(from image: DecodedImage) -> OpaquePointer? {
        guard image.width > 0, image.height > 0 else { return nil }
        let rowBytes = image.width * 4
        let converted = [UInt8](unsafeUninitializedCapacity: rowBytes * image.height) { out, count in
            image.pixels.withUnsafeBytes { source in
                for y in 0..<image.height {
                    Self.convertRow(
                        from: source.baseAddress! + y * image.bytesPerRow, to: out.baseAddress! + y * rowBytes,
                        pixels: image.width, premultiply: image.hasAlpha)
                }
            }
            count = rowBytes * image.height
        }
        let bytes = converted.withUnsafeBytes { buffer in
            g_bytes_new(buffer.baseAddress, gsize(buffer.count))
        }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(
            Int32(image.width), Int32(image.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(rowBytes))
    }

    /// Converts one row of straight RGBA pixels to premultiplied BGRA (byte order B, G, R, A).
    nonisolated static func convertRow(
        from source: UnsafeRawPointer, to target: UnsafeMutablePointer<UInt8>, pixels: Int, premultiply: Bool
    ) {
        let input = source.assumingMemoryBound(to: UInt8.self)
        if !premultiply {
            // A pixel at a time as one little-endian word, R and B swapped: the compiler
            // vectorizes this, not the byte loop (a cover is converted on the main thread).
            let output = UnsafeMutableRawPointer(target)
            for x in 0..<pixels {
                let rgba = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                let bgra = (rgba & 0xFF00_FF00) | ((rgba & 0xFF) << 16) | ((rgba >> 16) & 0xFF)
                output.storeBytes(of: bgra.littleEndian, toByteOffset: x * 4, as: UInt32.self)
            }
            return
        }
        for x in 0..<pixels {
            let i = x * 4
            let alpha = UInt32(input[i + 3])
            // c × a / 255, rounded, without a division: (t + 128 + ((t + 128) >> 8)) >> 8.
            func scaled(_ channel: UInt8) -> UInt8 {
                let t = UInt32(channel) * alpha + 128
                return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
            }
            target[i] = scaled(input[i + 2])
            target[i + 1] = scaled(input[i + 1])
            target[i + 2] = scaled(input[i])
            target[i + 3] = UInt8(truncatingIfNeeded: alpha)
        }
    }
}
