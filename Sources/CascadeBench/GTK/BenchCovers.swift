import CascadeNumerics
import CascadePixbuf
import Foundation

/// The catalog both views of the `gtk` suite show: `FeedMemoryBench.writeCatalog`'s one channel
/// of entries (4 cover sizes, 60 cover files cycling), with the 60 covers written as real JPEG
/// files, each its own colour, so both views decode the same files.
enum BenchCovers {
    /// Cover files in the catalog: entry `i` shows cover `i % count`.
    static let count = 60

    /// Writes the catalog of `items` entries and its covers under `root`; returns the cover
    /// files by index, or nil when a cover could not be encoded or written.
    static func write(to root: URL, items: Int) -> [URL]? {
        FeedMemoryBench.writeCatalog(root, count: items)
        let media = root.appendingPathComponent("media")
        let sizes = [(640, 360), (640, 480), (480, 640), (360, 640)]
        var urls: [URL] = []
        do {
            try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
            for index in 0..<count {
                let (width, height) = sizes[index % sizes.count]
                guard let data = cover(index: index, width: width, height: height) else { return nil }
                let url = media.appendingPathComponent("featured-" + String(1_000 + index).dropFirst() + ".jpg")
                try data.write(to: url)
                urls.append(url)
            }
        } catch {
            return nil
        }
        return urls
    }

    /// A gradient in the cover's own hue with diagonal bands, so a screenshot shows each cover
    /// where it is drawn.
    private static func cover(index: Int, width: Int, height: Int) -> Data? {
        let hue = Double(index) / Double(count) * 2 * Double.pi
        let base = (r: 128 + 100 * cos(hue), g: 128 + 100 * cos(hue - 2.1), b: 128 + 100 * cos(hue + 2.1))
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let shade = 0.6 + 0.4 * Double(height - y) / Double(height)
            for x in 0..<width {
                let band = (x + y) / 40 % 2 == 0 ? 1.0 : 0.85
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(clamping: Int(saturating: base.r * shade * band))
                pixels[offset + 1] = UInt8(clamping: Int(saturating: base.g * shade * band))
                pixels[offset + 2] = UInt8(clamping: Int(saturating: base.b * shade * band))
            }
        }
        return PixbufJPEGEncoder.encode(rgb: pixels, width: width, height: height, quality: 85)
    }
}
