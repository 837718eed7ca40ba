import CGtk
import CascadeImages

/// The draw-ready forms of decoded covers: cairo image surfaces for the cairo renderer, GDK
/// textures for GL renderers. A cover bound again (scrolling back, the same cover in another
/// cell) reuses its form: under cairo no conversion and no new buffer, under GL no new upload,
/// as the renderer keeps a texture's upload with the texture.
///
/// An entry is keyed by the decoded image's pixel storage and layout and keeps that image alive,
/// so while it lives no other pixels can have its key. Entries past `budget` bytes (the form's bytes plus the
/// image's) go least recently used first; a cell showing an evicted form keeps its own reference.
@MainActor
package final class CoverDrawingCache {
    /// The cache the feed's cells and the banner share.
    package static let shared = CoverDrawingCache(budget: 48 << 20)

    /// What a form is.
    package enum Kind: Hashable, Sendable {
        /// A cairo image surface at a display scale (its device scale).
        case surface(scale: Int)
        /// A GDK texture.
        case texture
    }

    /// The pixel storage and how the image reads it: two images over one array differ by size.
    private struct Key: Hashable {
        let pixels: Int
        let width: Int
        let height: Int
        let bytesPerRow: Int
        let hasAlpha: Bool
        let kind: Kind
    }

    private struct Entry {
        let image: DecodedImage
        /// One reference the cache owns: a `cairo_surface_t` or a `GdkTexture`.
        let form: OpaquePointer
    }

    /// The most bytes the entries may hold.
    package let budget: Int
    private var entries = RecencyList<Key, Entry>()
    /// The bytes the entries hold.
    package var cost: Int { entries.totalCost }

    /// A cache holding at most `budget` bytes.
    package init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// How many forms are kept.
    package var count: Int { entries.count }

    /// The form of `image` of `kind` (a new reference the caller owns), made by `make` (which
    /// returns a reference it hands over) when none is kept; nil when `make` fails.
    package func form(of image: DecodedImage, kind: Kind, make: () -> OpaquePointer?) -> OpaquePointer? {
        guard let key = Self.key(of: image, kind: kind) else { return make() }
        if let entry = entries.value(for: key) { return Self.reference(entry.form, kind: kind) }
        guard let made = make() else { return nil }
        let cost = Self.bytes(of: made, kind: kind) + image.cost
        guard cost <= budget else { return made }
        entries.insert(Entry(image: image, form: made), cost: cost, for: key)
        // The new entry is the most recently used: it goes last, and alone it fits the budget.
        while entries.totalCost > budget, let oldest = entries.removeLeastRecentlyUsed() {
            Self.release(oldest.value.form, kind: oldest.key.kind)
        }
        return Self.reference(made, kind: kind)
    }

    /// Forgets every form (those shown keep their own references).
    package func removeAll() {
        while let entry = entries.removeLeastRecentlyUsed() { Self.release(entry.value.form, kind: entry.key.kind) }
    }

    // MARK: Private

    /// The key of `image`'s pixel storage and layout; nil for an image without pixels.
    private static func key(of image: DecodedImage, kind: Kind) -> Key? {
        guard let base = image.pixels.withUnsafeBytes({ $0.baseAddress }) else { return nil }
        return Key(
            pixels: Int(bitPattern: base), width: image.width, height: image.height, bytesPerRow: image.bytesPerRow,
            hasAlpha: image.hasAlpha, kind: kind)
    }

    private static func bytes(of form: OpaquePointer, kind: Kind) -> Int {
        switch kind {
        case .surface:
            Int(clamping: cairo_image_surface_get_stride(form)) * Int(clamping: cairo_image_surface_get_height(form))
        case .texture:
            Int(clamping: gdk_texture_get_width(form)) * Int(clamping: gdk_texture_get_height(form)) * 4
        }
    }

    private static func reference(_ form: OpaquePointer, kind: Kind) -> OpaquePointer {
        switch kind {
        case .surface: cairo_surface_reference(form)
        case .texture: OpaquePointer(g_object_ref(UnsafeMutableRawPointer(form)))
        }
    }

    private static func release(_ form: OpaquePointer, kind: Kind) {
        switch kind {
        case .surface: cairo_surface_destroy(form)
        case .texture: g_object_unref(UnsafeMutableRawPointer(form))
        }
    }
}
