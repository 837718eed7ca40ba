import Foundation

/// A decoded image: tightly packed 8-bit RGBA pixels (premultiplied: no), row-major.
///
/// The value the pipeline caches and hosts upload to textures. `cost` is what the memory
/// cache counts against its limit.
public struct DecodedImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row (at least `width * 4`).
    public let bytesPerRow: Int
    /// Pixel bytes, `bytesPerRow * height` long.
    public let pixels: [UInt8]
    /// Whether any pixel is not fully opaque.
    public let hasAlpha: Bool

    /// Creates an image from RGBA pixels.
    ///
    /// - Precondition: `pixels.count >= bytesPerRow * height` and `bytesPerRow >= width * 4`.
    public init(width: Int, height: Int, bytesPerRow: Int, pixels: [UInt8], hasAlpha: Bool) {
        precondition(width >= 0 && height >= 0 && bytesPerRow >= width * 4)
        precondition(pixels.count >= bytesPerRow * height)
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.pixels = pixels
        self.hasAlpha = hasAlpha
    }

    /// The memory the pixels take, in bytes.
    public var cost: Int { pixels.count }
}

/// Turns encoded image bytes into a `DecodedImage`, downsampling while decoding.
///
/// The core pipeline never decodes by itself: the Linux implementation lives in the GTK host
/// (`PixbufImageDecoder`, over gdk-pixbuf); tests use fakes.
public protocol ImageDecoding: Sendable {
    /// Decodes `data`, scaled (aspect preserved) so it fits within `targetSize` pixels without
    /// ever decoding the full-size image when the format allows scaling at load time.
    /// A `targetSize` of nil decodes at the original size.
    ///
    /// - Throws: `ImageDecodingError`.
    func decode(_ data: Data, targetSize: PixelSize?) throws -> DecodedImage
}

/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// Why an image could not be decoded.
public enum ImageDecodingError: Error, Equatable, Sendable {
    /// The bytes are not an image format the decoder knows.
    case unsupportedFormat
    /// The data is corrupt or ends early.
    case corrupt(String)
    /// The image declares more pixels than the decoder accepts (the limit, in pixels).
    case tooLarge(width: Int, height: Int, limit: Int)
}
