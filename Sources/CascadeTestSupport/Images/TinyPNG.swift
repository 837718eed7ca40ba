import CascadeFolder
import Foundation

/// PNG fixtures for tests, written by the app's own PNG writer (`StoredPNG`): 8-bit RGBA
/// images, and headers declaring any size (a 20,000 × 20,000 image in a few dozen bytes).
public enum TinyPNG {
    /// A valid PNG of `width` × `height` RGBA pixels (`rgba.count == width * height * 4`,
    /// sides up to 4096).
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> Data {
        guard let png = StoredPNG.encode(width: width, height: height, rgba: rgba) else {
            preconditionFailure("TinyPNG: \(rgba.count) bytes for \(width) × \(height) RGBA")
        }
        return Data(png)
    }

    /// A PNG of one solid colour.
    public static func solid(width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) -> Data {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { pixels.append(contentsOf: [rgba.0, rgba.1, rgba.2, rgba.3]) }
        return encode(width: width, height: height, rgba: pixels)
    }

    /// A PNG whose header declares `width` × `height` but that carries almost no pixel data:
    /// what a decoder must reject from the header alone.
    public static func declaringSize(width: UInt32, height: UInt32) -> Data {
        Data(StoredPNG.file(width: width, height: height, colorType: 6, scanlines: [0, 0, 0, 0, 0]))
    }
}
