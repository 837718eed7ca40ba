import CGtk
import CascadeImages
import CascadeTestSupport
import Testing

@testable import CascadeGTK

/// A cover bound again reuses its draw-ready form; other pixels never get it; past the budget
/// the least recently used go first; and a shared cover surface is never painted over.
@MainActor @Suite struct CoverDrawingCacheTests {
    /// A `width` × `height` opaque image of one colour, in its own pixel storage.
    private func image(_ width: Int, _ height: Int, red: UInt8) -> DecodedImage {
        let pixels = [UInt8](repeatElement([red, 20, 30, 255], count: width * height).joined())
        return DecodedImage(width: width, height: height, bytesPerRow: width * 4, pixels: pixels, hasAlpha: false)
    }

    /// Asks `cache` for `image`'s surface, counting the surfaces made; returns its reference.
    private func surface(
        _ cache: CoverDrawingCache, _ image: DecodedImage, scale: Int = 1, made: inout Int
    ) throws -> OpaquePointer {
        var count = 0
        let form = cache.form(of: image, kind: .surface(scale: scale)) {
            count += 1
            return CoverSurfaces.surface(of: image, scale: scale)
        }
        made += count
        return try #require(form)
    }

    /// The red byte of `surface`'s first pixel (cairo's native BGRA).
    private func red(_ surface: OpaquePointer) -> UInt8 {
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface)![2]
    }

    @Test func anImageBoundAgainGetsTheSameSurfaceMadeOnce() throws {
        let cache = CoverDrawingCache(budget: 1 << 20)
        let cover = image(8, 6, red: 200)
        var made = 0
        let first = try surface(cache, cover, made: &made)
        let again = try surface(cache, cover, made: &made)
        defer { cairo_surface_destroy(first); cairo_surface_destroy(again) }
        #expect(made == 1)
        #expect(first == again)
        #expect(cairo_surface_get_reference_count(first) == 3, "the cache's and each caller's")
        #expect(red(first) == 200)
    }

    @Test func otherPixelsAScaleOrATextureAreFormsOfTheirOwn() throws {
        let cache = CoverDrawingCache(budget: 1 << 20)
        let cover = image(8, 6, red: 200)
        let other = image(8, 6, red: 90)
        var made = 0
        let a = try surface(cache, cover, made: &made)
        let b = try surface(cache, other, made: &made)
        let doubled = try surface(cache, cover, scale: 2, made: &made)
        defer { for s in [a, b, doubled] { cairo_surface_destroy(s) } }
        #expect(made == 3)
        #expect(red(a) == 200)
        #expect(red(b) == 90)
        var scale = (x: 0.0, y: 0.0)
        cairo_surface_get_device_scale(doubled, &scale.x, &scale.y)
        #expect(scale.x == 2)
        let texture = try #require(
            cache.form(of: cover, kind: .texture) { TextureFactory.texture(from: cover, forCairo: false) })
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        #expect(gdk_texture_get_width(texture) == 8)
        #expect(cache.count == 4)
    }

    /// Two images over one pixel array (a copy of an array shares its storage) that read it at
    /// other sizes are not one cover.
    @Test func imagesSharingPixelStorageAtAnotherSizeAreFormsOfTheirOwn() throws {
        let cache = CoverDrawingCache(budget: 1 << 20)
        let wide = image(8, 6, red: 200)
        let tall = DecodedImage(width: 6, height: 8, bytesPerRow: 24, pixels: wide.pixels, hasAlpha: false)
        var made = 0
        let a = try surface(cache, wide, made: &made)
        let b = try surface(cache, tall, made: &made)
        defer { for s in [a, b] { cairo_surface_destroy(s) } }
        #expect(made == 2)
        #expect(cairo_image_surface_get_width(b) == 6)
    }

    @Test func pastTheBudgetTheLeastRecentlyUsedGoAndShownOnesStayValid() throws {
        // Each entry costs its surface (8 × 6 × 4) and its image (the same): 384 bytes.
        let cache = CoverDrawingCache(budget: 2 * 384)
        let images = [image(8, 6, red: 1), image(8, 6, red: 2), image(8, 6, red: 3)]
        var made = 0
        let shown = try surface(cache, images[0], made: &made)
        defer { cairo_surface_destroy(shown) }
        cairo_surface_destroy(try surface(cache, images[1], made: &made))
        cairo_surface_destroy(try surface(cache, images[0], made: &made))  // images[0] used last
        cairo_surface_destroy(try surface(cache, images[2], made: &made))  // evicts images[1]
        #expect(made == 3)
        #expect(cache.cost <= cache.budget)
        #expect(cache.count == 2)
        cairo_surface_destroy(try surface(cache, images[0], made: &made))
        #expect(made == 3, "the most recently used stayed")
        cairo_surface_destroy(try surface(cache, images[1], made: &made))
        #expect(made == 4, "the least recently used was made again")
        cache.removeAll()
        #expect(cache.count == 0 && cache.cost == 0)
        #expect(cairo_surface_get_reference_count(shown) == 1)
        #expect(red(shown) == 1, "a shown surface outlives its entry")
    }

    @Test func aFormLargerThanTheBudgetIsMadeButNotKept() throws {
        let cache = CoverDrawingCache(budget: 100)
        var made = 0
        let form = try surface(cache, image(8, 6, red: 7), made: &made)
        defer { cairo_surface_destroy(form) }
        #expect(cache.count == 0 && cache.cost == 0)
        #expect(cairo_surface_get_reference_count(form) == 1)
    }

    /// A video frame painted into a cell's surface must not paint over a cover other cells share.
    @Test func aSharedCoverSurfaceIsNeverPaintedOver() throws {
        let cache = CoverDrawingCache(budget: 1 << 20)
        var made = 0
        let shared = try surface(cache, image(8, 6, red: 7), made: &made)
        defer { cairo_surface_destroy(shared) }
        #expect(!CoverSurfaces.canRepaint(shared, width: 8, height: 6, format: CAIRO_FORMAT_RGB24))
        cache.removeAll()
        #expect(CoverSurfaces.canRepaint(shared, width: 8, height: 6, format: CAIRO_FORMAT_RGB24))
        #expect(!CoverSurfaces.canRepaint(shared, width: 8, height: 7, format: CAIRO_FORMAT_RGB24))
        #expect(!CoverSurfaces.canRepaint(shared, width: 8, height: 6, format: CAIRO_FORMAT_ARGB32))
    }
}
