import CGtk
import CascadeGTK
import CascadeImages

/// `texture.cairo-download`: what GTK 4.8's cairo renderer spends on a texture every frame it
/// draws it, converting it to cairo's premultiplied BGRA (`gdk_texture_download`), for a
/// banner-sized cover (980 × 552) as `TextureFactory` makes it for cairo, against the same
/// pixels in premultiplied BGRA itself (`gdk-premultiplied-bgra`, its format for GL), which GDK
/// 4.8 converts through floats. The main thread's CPU time, best of several downloads; opaque
/// and with alpha. `texture.cairo-download-video`: a 1280 × 720 video frame in the player's
/// format for cairo (`PlaybinEngine.frameFormat`) against the one for GL.
struct TextureDownloadCase {
    static let size = (width: 980, height: 552)
    /// Ours must cost at most half the premultiplied format's.
    static let target = 2.0

    let suite: String

    func lines(quick: Bool) -> [BenchLine] {
        MainActor.assumeIsolated {
            [false, true].map { alpha in line(alpha: alpha, runs: quick ? 3 : 10) } + [videoLine(runs: quick ? 3 : 10)]
        }
    }

    /// A cover as `TextureFactory` makes it for cairo, against its GL format.
    @MainActor
    private func line(alpha: Bool, runs: Int) -> BenchLine {
        let (width, height) = Self.size
        let image = DecodedImage(
            width: width, height: height, bytesPerRow: width * 4,
            pixels: Self.pattern(width: width, height: height, alpha: alpha), hasAlpha: alpha)
        return ratio(
            alpha ? "texture.cairo-download-alpha" : "texture.cairo-download", runs: runs,
            ours: TextureFactory.texture(from: image, forCairo: true),
            baseline: TextureFactory.texture(from: image, forCairo: false))
    }

    /// A video frame's texture in the format the player gives the cairo renderer and in the GL one.
    @MainActor
    private func videoLine(runs: Int) -> BenchLine {
        let (width, height) = (1280, 720)
        let pixels = Self.pattern(width: width, height: height, alpha: false)
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize(clamping: $0.count)) }
        defer { g_bytes_unref(bytes) }
        func texture(cairo: Bool) -> OpaquePointer? {
            gdk_memory_texture_new(
                Int32(width), Int32(height), PlaybinEngine.frameFormat(drawnByCairo: cairo), bytes,
                gsize(clamping: width * 4))
        }
        return ratio(
            "texture.cairo-download-video", runs: runs, ours: texture(cairo: true), baseline: texture(cairo: false))
    }

    /// The line of `ours` against `baseline` (both released here).
    private func ratio(_ name: String, runs: Int, ours: OpaquePointer?, baseline: OpaquePointer?) -> BenchLine {
        guard let ours, let baseline else { preconditionFailure("\(suite): the textures could not be made") }
        defer {
            g_object_unref(UnsafeMutableRawPointer(ours))
            g_object_unref(UnsafeMutableRawPointer(baseline))
        }
        return .ratio(
            suite: suite, name: name, n: Int(clamping: gdk_texture_get_width(ours) * gdk_texture_get_height(ours)),
            oursNs: Self.download(ours, runs: runs), baseline: "gdk-premultiplied-bgra",
            baselineNs: Self.download(baseline, runs: runs), target: Self.target)
    }

    /// `width` × `height` RGBA pixels of varied colours; opaque unless `alpha`.
    private static func pattern(width: Int, height: Int, alpha: Bool) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<width * height {
            pixels[index * 4] = UInt8(truncatingIfNeeded: index)
            pixels[index * 4 + 1] = UInt8(truncatingIfNeeded: index / width)
            pixels[index * 4 + 2] = UInt8(truncatingIfNeeded: index * 7)
            if alpha { pixels[index * 4 + 3] = UInt8(truncatingIfNeeded: 128 + index % 128) }
        }
        return pixels
    }

    private static func download(_ texture: OpaquePointer, runs: Int) -> Double {
        let width = Int(clamping: gdk_texture_get_width(texture))
        var target = [UInt8](repeating: 0, count: width * Int(clamping: gdk_texture_get_height(texture)) * 4)
        return BenchClock.best(runs: runs, clock: .threadCPU) {
            target.withUnsafeMutableBufferPointer {
                gdk_texture_download(texture, $0.baseAddress, gsize(clamping: width * 4))
            }
        }
    }
}
