import CPixbuf
import CascadeImages
import CascadeNumerics
import Foundation

/// The Linux image decoder: gdk-pixbuf, scaling while loading.
///
/// - Formats: PNG, JPEG, WebP (webp-pixbuf-loader) and GIF, recognised by their signatures;
///   anything else (SVG, TIFF, ...) is `.unsupportedFormat`, so untrusted bytes only ever reach
///   these four loaders.
/// - Animated GIF and WebP decode their first frame only: the file is rewritten to a still of
///   that frame before the loader sees it, so memory is bounded by one frame
///   (`PixbufFormat.firstFrame(of:pixelLimit:)`).
/// - The target size is set on the loader in its `size-prepared` signal, before any pixel is
///   decoded: JPEG decodes straight at 1/2, 1/4 or 1/8 scale (libjpeg's scaled IDCT), so a large
///   photo is never decoded at full size, and the small result is then resized to the target.
///   Formats without scaled decoding (PNG, WebP, GIF) are decoded, then scaled by the loader.
/// - A declared size above `pixelLimit` (16 MiP by default, 4096 × 4096: a cover needs far
///   less) is rejected before the loader allocates anything: `.tooLarge`. The limit applies to
///   an animation's canvas and to each frame, and again in `size-prepared`.
/// - Corrupt or truncated data is `.corrupt`: the container structure is checked first
///   (gdk-pixbuf alone returns partial images for truncated files), then gdk-pixbuf's errors
///   from `write` and `close` are reported with its message.
/// - Output: tightly packed RGBA, 8 bits per channel (an opaque alpha channel is added to RGB
///   images), upright: a JPEG's EXIF orientation is applied (`ExifOrientation`), and the target
///   size bounds the image as shown.
/// - Thread-safe: every decode has its own loader, so decodes may run on any threads at once.
public struct PixbufImageDecoder: ImageDecoding {
    /// 16 MiP (4096 × 4096 = 16,777,216 pixels; 64 MB of RGBA at most per decode).
    public static let defaultPixelLimit = 4096 * 4096

    /// The most pixels (width × height, as declared by the file) a decode accepts.
    public let pixelLimit: Int

    // MARK: Lifecycle

    /// Creates a decoder rejecting images that declare more than `pixelLimit` pixels.
    public init(pixelLimit: Int = PixbufImageDecoder.defaultPixelLimit) {
        self.pixelLimit = max(1, pixelLimit)
    }

    // MARK: ImageDecoding

    /// Decodes `data` to fit within `targetSize` (aspect preserved, never upscaled; a
    /// non-positive dimension leaves that dimension unbounded; nil keeps the original size).
    ///
    /// - Throws: `ImageDecodingError`.
    public func decode(_ data: Data, targetSize: PixelSize?) throws -> DecodedImage {
        try decodeMeasured(data, targetSize: targetSize).image
    }

    // MARK: Public API

    /// Decodes like `decode(_:targetSize:)` and reports what the decode allocated.
    ///
    /// - Throws: `ImageDecodingError`.
    public func decodeMeasured(
        _ data: Data, targetSize: PixelSize?
    ) throws -> (
        image: DecodedImage, statistics: PixbufDecodeStatistics
    ) {
        guard let format = PixbufFormat(sniffing: data) else { throw ImageDecodingError.unsupportedFormat }
        try format.checkComplete(data)
        let data = try format.firstFrame(of: data, pixelLimit: pixelLimit)
        // A JPEG stored sideways is decoded for the target turned the same way, then turned upright.
        let orientation = format == .jpeg ? ExifOrientation.read(fromJPEG: data) : .up
        let storedTarget = orientation.storedSize(targetSize)
        if format == .jpeg, let size = ArithmeticJPEG.frameSize(of: data) {
            let pixbuf = try ArithmeticJPEG.decode(data, size: size, pixelLimit: pixelLimit)
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            var statistics = PixbufDecodeStatistics(
                declaredSize: size, loadedSize: size, pixelBufferBytes: Int(gdk_pixbuf_get_byte_length(pixbuf)))
            let image = try Self.finish(
                pixbuf, orientation: orientation, targetSize: targetSize, statistics: &statistics)
            return (image, statistics)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(format.loaderName, &error) else {
            g_clear_error(&error)
            throw ImageDecodingError.unsupportedFormat
        }
        defer { g_object_unref(loader) }
        let context = PixbufLoadContext(format: format, targetSize: storedTarget, pixelLimit: pixelLimit)
        return try withExtendedLifetime(context) {
            context.connect(to: loader)
            let written = data.withUnsafeBytes { buffer -> Bool in
                guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return false }
                return gdk_pixbuf_loader_write(loader, base, gsize(buffer.count), &error) != 0
            }
            if !written {
                gdk_pixbuf_loader_close(loader, nil)
                try context.throwIfRejected()
                throw Self.decodingError(error, fallback: data.isEmpty ? "empty data" : "write failed")
            }
            guard gdk_pixbuf_loader_close(loader, &error) != 0 else {
                try context.throwIfRejected()
                throw Self.decodingError(error, fallback: "close failed")
            }
            try context.throwIfRejected()
            guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
                throw ImageDecodingError.corrupt("no image in the data")
            }
            var statistics = PixbufDecodeStatistics(
                declaredSize: context.declaredSize ?? PixelSize(width: 0, height: 0),
                loadedSize: context.loadedSize, pixelBufferBytes: context.loadedBytes)
            let image = try Self.finish(
                pixbuf, orientation: orientation, targetSize: targetSize, statistics: &statistics)
            return (image, statistics)
        }
    }

    /// The size that `width` × `height` takes once fitted in `target` (aspect preserved, never
    /// upscaled, at least 1 × 1; a non-positive target dimension is unbounded).
    public static func fittedSize(width: Int, height: Int, in target: PixelSize?) -> PixelSize {
        guard let target, width > 0, height > 0 else { return PixelSize(width: width, height: height) }
        var scale = 1.0
        if target.width > 0 { scale = min(scale, Double(target.width) / Double(width)) }
        if target.height > 0 { scale = min(scale, Double(target.height) / Double(height)) }
        guard scale < 1 else { return PixelSize(width: width, height: height) }
        return PixelSize(
            width: max(1, Int(saturatingRounded: Double(width) * scale)),
            height: max(1, Int(saturatingRounded: Double(height) * scale)))
    }

    // MARK: Private

    /// Turns what the loader produced upright (`orientation`), scales it the rest of the way if
    /// the loader could not (GIF frames), and converts to tightly packed RGBA.
    private static func finish(
        _ decoded: OpaquePointer, orientation: ExifOrientation, targetSize: PixelSize?,
        statistics: inout PixbufDecodeStatistics
    ) throws -> DecodedImage {
        let decodedSize = PixelSize(
            width: Int(gdk_pixbuf_get_width(decoded)), height: Int(gdk_pixbuf_get_height(decoded)))
        // The loader's own buffer was counted in area-prepared; a loader that scaled after
        // decoding holds a second one.
        if statistics.loadedSize != decodedSize {
            if statistics.loadedSize == nil { statistics.loadedSize = decodedSize }
            statistics.pixelBufferBytes += Int(gdk_pixbuf_get_byte_length(decoded))
        }
        guard let loaded = orientation.applied(to: decoded) else {
            throw ImageDecodingError.corrupt("cannot turn the image upright (\(orientation))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        if orientation != .up { statistics.pixelBufferBytes += Int(gdk_pixbuf_get_byte_length(loaded)) }
        let width = Int(gdk_pixbuf_get_width(loaded))
        let height = Int(gdk_pixbuf_get_height(loaded))
        let fitted = fittedSize(width: width, height: height, in: targetSize)
        var pixbuf = loaded
        var scaled: OpaquePointer?
        if fitted.width < width || fitted.height < height {
            guard
                let result = gdk_pixbuf_scale_simple(
                    loaded, Int32(clamping: fitted.width), Int32(clamping: fitted.height), GDK_INTERP_BILINEAR)
            else { throw ImageDecodingError.corrupt("cannot scale to \(fitted)") }
            scaled = result
            pixbuf = result
            statistics.pixelBufferBytes += Int(gdk_pixbuf_get_byte_length(result))
        }
        defer { if let scaled { g_object_unref(UnsafeMutableRawPointer(scaled)) } }
        let image = try PixbufPixels.rgba(from: pixbuf)
        statistics.pixelBufferBytes += image.cost
        return image
    }

    private static func decodingError(_ error: UnsafeMutablePointer<GError>?, fallback: String) -> ImageDecodingError {
        guard let error else { return .corrupt(fallback) }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? fallback
        if error.pointee.domain == gdk_pixbuf_error_quark()
            && (error.pointee.code == Int32(GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue)
                || error.pointee.code == Int32(GDK_PIXBUF_ERROR_UNSUPPORTED_OPERATION.rawValue))
        {
            return .unsupportedFormat
        }
        return .corrupt(message)
    }
}

/// What one decode allocated, for the downsampling benchmark.
public struct PixbufDecodeStatistics: Sendable, Equatable {
    /// The size the file declares.
    public var declaredSize: PixelSize
    /// The size the loader decoded at (smaller than declared when it scaled while decoding).
    public var loadedSize: PixelSize?
    /// The bytes of every pixel buffer the decode held: the loader's, the scaled one (if any)
    /// and the RGBA output.
    public var pixelBufferBytes: Int
}
