import CascadeNumerics
import CascadePixbuf
import Foundation

/// The photos the decode benchmark downsamples: generated at bench start (gradients, a wavy
/// texture and seeded grain), encoded as JPEG (quality 85) with gdk-pixbuf, and written to a
/// temporary folder. The grain (0…7 levels per channel) compresses like a clean photo, about
/// 1 bit per pixel.
enum BenchJPEG {
    /// Writes a `width` × `height` JPEG into a new temporary folder and returns its bytes and URL.
    static func make(width: Int, height: Int) -> (data: Data, url: URL)? {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<height {
            let wave = sin(Double(y) / 53)
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Double(state >> 61)  // sensor grain
                let texture = 50 * sin(Double(x) / 37) * wave + 30 * sin(Double(x + y) / 211)
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(clamping: Int(saturating: Double(x * 160 / width) + 60 + texture + noise))
                pixels[offset + 1] = UInt8(
                    clamping: Int(saturating: Double(y * 160 / height) + 50 + texture * 0.5 + noise))
                pixels[offset + 2] = UInt8(clamping: Int(saturating: 120 - texture * 0.7 + noise))
            }
        }
        let data = PixbufJPEGEncoder.encode(rgb: pixels, width: width, height: height, quality: 85)
        guard let data else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-bench-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("photo-\(width)x\(height).jpg")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: url)
            return (try Data(contentsOf: url), url)
        } catch {
            return nil
        }
    }
}
