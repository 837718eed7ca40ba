import CGtk
import CascadeImages

/// Makes GDK textures of decoded RGBA images in the format the window's renderer handles best.
/// GTK 4.8's cairo renderer converts a texture on every frame it draws it, with integer loops
/// for packed RGB (opaque) and straight RGBA, but through floats for its own premultiplied BGRA,
/// 9 times slower than RGB (`cascade-bench gtk`'s `texture.cairo-download`). GL renderers upload
/// a texture once, and premultiplied BGRA as it is (Docs/PLATFORM_NOTES.md).
@MainActor
package enum TextureFactory {
    /// A new texture (caller owns the reference), or nil for an empty image; `forCairo` when the
    /// cairo renderer draws it.
    package static func texture(from image: DecodedImage, forCairo: Bool) -> OpaquePointer? {
        guard image.width > 0, image.height > 0 else { return nil }
        let channels = forCairo && !image.hasAlpha ? 3 : 4
        let rowBytes = image.width * channels
        let size = rowBytes * image.height
        let buffer = g_malloc(gsize(clamping: size)).assumingMemoryBound(to: UInt8.self)
        image.pixels.withUnsafeBytes { source in
            for y in 0..<image.height {
                let row = source.baseAddress! + y * image.bytesPerRow
                let target = buffer + y * rowBytes
                switch (forCairo, image.hasAlpha) {
                case (true, true): target.update(from: row.assumingMemoryBound(to: UInt8.self), count: rowBytes)
                case (true, false): Self.packRow(from: row, to: target, pixels: image.width)
                case (false, _):
                    Self.convertRow(from: row, to: target, pixels: image.width, premultiply: image.hasAlpha)
                }
            }
        }
        let bytes = g_bytes_new_take(buffer, gsize(clamping: size))
        defer { g_bytes_unref(bytes) }
        let format =
            switch (forCairo, image.hasAlpha) {
            case (true, true): GDK_MEMORY_R8G8B8A8
            case (true, false): GDK_MEMORY_R8G8B8
            case (false, _): GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
            }
        return gdk_memory_texture_new(Int32(image.width), Int32(image.height), format, bytes, gsize(rowBytes))
    }

    /// Drops the alpha byte of each RGBA pixel of a row: R, G, B packed.
    nonisolated static func packRow(from source: UnsafeRawPointer, to target: UnsafeMutablePointer<UInt8>, pixels: Int)
    {
        let input = source.assumingMemoryBound(to: UInt8.self)
        for x in 0..<pixels {
            target[x * 3] = input[x * 4]
            target[x * 3 + 1] = input[x * 4 + 1]
            target[x * 3 + 2] = input[x * 4 + 2]
        }
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
