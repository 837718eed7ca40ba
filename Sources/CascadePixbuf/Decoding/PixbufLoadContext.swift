import CPixbuf
import CascadeImages
import Foundation

/// The state of one decode that the loader's signal handlers read and write: the requested
/// size, the size the file declares, and whether it was rejected.
///
/// Lives only for one `decodeMeasured` call, on one thread (gdk-pixbuf emits the signals
/// synchronously from `write`/`close`), so its handlers get it unretained.
final class PixbufLoadContext {
    let format: PixbufFormat
    let targetSize: PixelSize?
    let pixelLimit: Int
    private(set) var declaredSize: PixelSize?
    private(set) var rejected = false
    /// The size and bytes of the buffer the loader decoded into.
    var loadedSize: PixelSize?
    var loadedBytes = 0

    init(format: PixbufFormat, targetSize: PixelSize?, pixelLimit: Int) {
        self.format = format
        self.targetSize = targetSize
        self.pixelLimit = pixelLimit
    }

    /// Connects the `size-prepared` and `area-prepared` handlers. `self` must outlive the loader's
    /// use.
    func connect(to loader: UnsafeMutablePointer<GdkPixbufLoader>) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        g_signal_connect_data(
            loader, "size-prepared", unsafeBitCast(sizePreparedThunk, to: GCallback.self), me, nil, GConnectFlags(0))
        g_signal_connect_data(
            loader, "area-prepared", unsafeBitCast(areaPreparedThunk, to: GCallback.self), me, nil, GConnectFlags(0))
    }

    /// Throws `.tooLarge` if `size-prepared` rejected the declared size.
    func throwIfRejected() throws {
        if rejected, let size = declaredSize {
            throw ImageDecodingError.tooLarge(width: size.width, height: size.height, limit: pixelLimit)
        }
    }

    fileprivate func sizePrepared(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, width: Int, height: Int) {
        declaredSize = PixelSize(width: width, height: height)
        // Multiply in Double: a hostile header may declare 2^31 × 2^31.
        if width <= 0 || height <= 0 || Double(width) * Double(height) > Double(pixelLimit) {
            rejected = true
            // A 0 × 0 size makes every loader stop before allocating (documented gdk-pixbuf API).
            gdk_pixbuf_loader_set_size(loader, 0, 0)
            return
        }
        let fitted = PixbufImageDecoder.fittedSize(width: width, height: height, in: targetSize)
        guard fitted.width != width || fitted.height != height else { return }
        let size = format == .jpeg ? Self.jpegScaledSize(width: width, height: height, covering: fitted) : fitted
        if size.width != width || size.height != height {
            gdk_pixbuf_loader_set_size(loader, Int32(clamping: size.width), Int32(clamping: size.height))
        }
    }

    /// The smallest size libjpeg decodes to natively (1/1, 1/2, 1/4 or 1/8 of each side, rounded
    /// up, as `jpeg_calc_output_dimensions` does) that still covers `target`.
    ///
    /// Asking the loader for exactly that size makes the JPEG module decode at that scale and
    /// the loader skip its own rescale, so the decoder's final resize to `target` works on a
    /// buffer it can see (and count) instead of one hidden inside the loader.
    static func jpegScaledSize(width: Int, height: Int, covering target: PixelSize) -> PixelSize {
        var best = PixelSize(width: width, height: height)
        for denominator in [2, 4, 8] {
            let scaled = PixelSize(
                width: (width + denominator - 1) / denominator, height: (height + denominator - 1) / denominator)
            guard scaled.width >= target.width && scaled.height >= target.height else { break }
            best = scaled
        }
        return best
    }

    fileprivate func areaPrepared(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) {
        guard loadedSize == nil, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return }
        loadedSize = PixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        loadedBytes = Int(gdk_pixbuf_get_byte_length(pixbuf))
    }
}

/// `GdkPixbufLoader::size-prepared`: `(loader, width, height, user_data)`.
private let sizePreparedThunk:
    @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
        loader, width, height, data in
        guard let loader, let data else { return }
        let context = Unmanaged<PixbufLoadContext>.fromOpaque(data).takeUnretainedValue()
        context.sizePrepared(
            loader.assumingMemoryBound(to: GdkPixbufLoader.self), width: Int(width), height: Int(height))
    }

/// `GdkPixbufLoader::area-prepared`: `(loader, user_data)`.
private let areaPreparedThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    loader, data in
    guard let loader, let data else { return }
    let context = Unmanaged<PixbufLoadContext>.fromOpaque(data).takeUnretainedValue()
    context.areaPrepared(loader.assumingMemoryBound(to: GdkPixbufLoader.self))
}
