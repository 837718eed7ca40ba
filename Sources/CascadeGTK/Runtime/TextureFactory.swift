import CGtk
import CascadeImages

/// Uploads decoded RGBA images as GDK textures.
@MainActor
enum TextureFactory {
    /// A new texture (caller owns the reference), or nil for an empty image.
    static func texture(from image: DecodedImage) -> OpaquePointer? {
        guard image.width > 0, image.height > 0 else { return nil }
        let bytes = image.pixels.withUnsafeBytes { buffer in
            g_bytes_new(buffer.baseAddress, gsize(image.bytesPerRow * image.height))
        }
        defer { g_bytes_unref(bytes) }
        let format = image.hasAlpha ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8A8_PREMULTIPLIED
        guard
            let texture = gdk_memory_texture_new(
                Int32(image.width), Int32(image.height), format, bytes, gsize(image.bytesPerRow))
        else { return nil }
        return texture
    }
}
