import CPixbuf
import CascadeNumerics
import CascadePixbuf
import CascadeTestSupport
import Foundation

/// Baseline JPEGs for the 1/8-scale decoder, generated once per machine: ImageMagick draws a
/// seeded picture (PPM), libjpeg-turbo's `cjpeg` encodes it with the sampling, quality and
/// restart interval under test (ImageMagick cannot write restart markers).
enum JPEGScanFixtures {
    /// One fixture: its picture and how it is encoded.
    struct Recipe: Sendable, CustomStringConvertible {
        let name: String
        let width: Int
        let height: Int
        /// ImageMagick arguments drawing the picture (after `-size WxH`).
        let picture: [String]
        let cjpeg: [String]
        /// Whether the 1/8 decoder handles the file (else it must refuse it as unsupported).
        let supported: Bool

        var description: String { name }
    }

    static let noise = ["plasma:fractal", "-attenuate", "2", "+noise", "Gaussian"]
    static let smooth = ["gradient:#204080-#e0c060", "-swirl", "90"]

    static let recipes: [Recipe] = [
        Recipe(
            name: "420-q85-noisy-1200x900", width: 1200, height: 900, picture: noise, cjpeg: ["-quality", "85"],
            supported: true),
        Recipe(
            name: "420-q85-smooth-1200x900", width: 1200, height: 900, picture: smooth, cjpeg: ["-quality", "85"],
            supported: true),
        Recipe(
            name: "444-q95-333x211", width: 333, height: 211, picture: noise,
            cjpeg: ["-quality", "95", "-sample", "1x1"], supported: true),
        Recipe(
            name: "420-q30-opt-250x97", width: 250, height: 97, picture: noise, cjpeg: ["-quality", "30", "-optimize"],
            supported: true),
        Recipe(
            name: "gray-q75-257x129", width: 257, height: 129, picture: noise, cjpeg: ["-quality", "75", "-grayscale"],
            supported: true),
        Recipe(
            name: "420-restart5-641x481", width: 641, height: 481, picture: noise,
            cjpeg: ["-quality", "80", "-restart", "5B"], supported: true),
        // Large enough (over 256 KB) to be cleaned in several ranges, restart markers in each.
        Recipe(
            name: "420-restart7-1100x800", width: 1100, height: 800, picture: noise,
            cjpeg: ["-quality", "85", "-restart", "7B"], supported: true),
        Recipe(
            name: "444-restart1-100x75", width: 100, height: 75, picture: noise,
            cjpeg: ["-quality", "90", "-sample", "1x1", "-restart", "1B"], supported: true),
        Recipe(
            name: "gray-restart2-90x33", width: 90, height: 33, picture: noise,
            cjpeg: ["-quality", "60", "-grayscale", "-restart", "2B"], supported: true),
        Recipe(name: "420-q90-1x1", width: 1, height: 1, picture: noise, cjpeg: ["-quality", "90"], supported: true),
        Recipe(name: "420-q90-17x9", width: 17, height: 9, picture: noise, cjpeg: ["-quality", "90"], supported: true),
        Recipe(
            name: "444-q90-1x23", width: 1, height: 23, picture: noise, cjpeg: ["-quality", "90", "-sample", "1x1"],
            supported: true),
        // Chroma subsampled by what the 2 x 2 inverse DCT leaves over: repeated, as libjpeg's
        // plain upsampling does at 1/8 scale.
        Recipe(
            name: "422-q85-200x150", width: 200, height: 150, picture: noise,
            cjpeg: ["-quality", "85", "-sample", "2x1"], supported: true),
        Recipe(
            name: "422-q85-noisy-1200x900", width: 1200, height: 900, picture: noise,
            cjpeg: ["-quality", "85", "-sample", "2x1"], supported: true),
        Recipe(
            name: "422-restart3-251x97", width: 251, height: 97, picture: noise,
            cjpeg: ["-quality", "80", "-sample", "2x1", "-restart", "3B"], supported: true),

        Recipe(
            name: "440-q85-150x203", width: 150, height: 203, picture: noise,
            cjpeg: ["-quality", "85", "-sample", "1x2"], supported: true),
        // Sampling factors above 2 stay with the loader.
        Recipe(
            name: "411-q85-203x61", width: 203, height: 61, picture: smooth,
            cjpeg: ["-quality", "85", "-sample", "4x1"], supported: false),
        Recipe(
            name: "progressive-200x150", width: 200, height: 150, picture: noise,
            cjpeg: ["-quality", "85", "-progressive"], supported: false),
    ]

    static var supported: [Recipe] { recipes.filter(\.supported) }

    static let folder: URL = {
        let url = TestCache.directory.appendingPathComponent("jpeg-scan-fixtures-v1")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The file of `recipe`, generating it on first use.
    static func url(_ recipe: Recipe) throws -> URL {
        let file = folder.appendingPathComponent("\(recipe.name).jpg")
        if FileManager.default.fileExists(atPath: file.path) { return file }
        guard let convert = ChildProcess.which("convert"), let cjpeg = ChildProcess.which("cjpeg") else {
            throw ChildProcess.Failure(description: "convert or cjpeg missing (scripts/install-deps.sh)")
        }
        // Generate into unique files, then rename: tests run in parallel.
        let unique = UUID().uuidString
        let picture = folder.appendingPathComponent("\(unique).ppm")
        let temporary = folder.appendingPathComponent("\(unique).jpg")
        defer { try? FileManager.default.removeItem(at: picture) }
        try ChildProcess.run(
            convert,
            ["-seed", "17", "-size", "\(recipe.width)x\(recipe.height)"] + recipe.picture + ["PPM:\(picture.path)"])
        try ChildProcess.run(cjpeg, recipe.cjpeg + ["-outfile", temporary.path, picture.path])
        _ = rename(temporary.path, file.path)
        return file
    }

    static func data(_ recipe: Recipe) throws -> Data { try Data(contentsOf: url(recipe)) }

    /// gdk-pixbuf's loader decoding `url` at exactly ceil(w/8) x ceil(h/8) (libjpeg's 1/8 scale):
    /// tightly packed RGB.
    static func loaderEighth(_ url: URL, width: Int, height: Int) throws -> [UInt8] {
        let (eighthWidth, eighthHeight) = ((width + 7) / 8, (height + 7) / 8)
        var error: UnsafeMutablePointer<GError>?
        guard
            let pixbuf = gdk_pixbuf_new_from_file_at_scale(
                url.path, Int32(eighthWidth), Int32(eighthHeight), 0, &error)
        else {
            g_clear_error(&error)
            throw ChildProcess.Failure(description: "the loader failed on \(url.lastPathComponent)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard Int(gdk_pixbuf_get_width(pixbuf)) == eighthWidth, Int(gdk_pixbuf_get_height(pixbuf)) == eighthHeight,
            gdk_pixbuf_get_n_channels(pixbuf) == 3, let pixels = gdk_pixbuf_read_pixels(pixbuf)
        else { throw ChildProcess.Failure(description: "unexpected loader output for \(url.lastPathComponent)") }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        var rgb: [UInt8] = []
        rgb.reserveCapacity(eighthWidth * eighthHeight * 3)
        for row in 0..<eighthHeight {
            rgb.append(contentsOf: UnsafeBufferPointer(start: pixels + row * stride, count: eighthWidth * 3))
        }
        return rgb
    }
}

extension JPEGScanFixtures {
    /// A photo like the bench's (gradients, a wavy texture, seeded per-pixel grain; `noisy`:
    /// 0…31 levels of grain, else 0…7), encoded at quality 85 by `PixbufJPEGEncoder` as the
    /// bench's `BenchJPEG` does (the texture here in integers; the bench is an executable
    /// target, which tests cannot import).
    static func benchLikePhoto(width: Int, height: Int, noisy: Bool) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let shift: UInt64 = noisy ? 59 : 61
        for y in 0..<height {
            let wave = sin(Double(y) / 53)
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int(state >> shift)
                let texture = Int(saturatingRounded: 50 * sin(Double(x) / 37) * wave + 30 * sin(Double(x + y) / 211))
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(clamping: x * 160 / width + 60 + texture + noise)
                pixels[offset + 1] = UInt8(clamping: y * 160 / height + 50 + texture / 2 + noise)
                pixels[offset + 2] = UInt8(clamping: 120 - texture * 7 / 10 + noise)
            }
        }
        let data = PixbufJPEGEncoder.encode(rgb: pixels, width: width, height: height, quality: 85)
        guard let data else { throw ChildProcess.Failure(description: "gdk-pixbuf could not encode the photo") }
        return data
    }
}
