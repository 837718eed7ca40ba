import CPixbuf
import CascadeImages
import Foundation

/// How a JPEG's stored pixels must be turned to be shown upright: the EXIF `Orientation` tag
/// (0x0112) of its APP1 segment, as cameras and phones write it instead of rotating the pixels.
///
/// gdk-pixbuf's loader only records the tag as a pixbuf option, so the decoder reads it from the
/// file itself (for both of its JPEG routes) and applies it to the decoded pixels.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// Stored upright (also what a missing, unreadable or out-of-range tag means).
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Upside down.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored about the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// To be turned 90° clockwise.
    case right = 6
    /// Mirrored about the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// To be turned 90° counter-clockwise.
    case left = 8

    /// Whether showing the image upright swaps its width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The most segments looked at before giving up (a real file has a handful before its scan).
    static let segmentLimit = 32

    // MARK: Public API

    /// The orientation recorded in `jpeg`'s EXIF segment, `.up` when there is none or it cannot
    /// be read. Reads only the segments before the first scan (`PixbufFormat.walkJPEGSegments`);
    /// every offset is bounds-checked, so any bytes are safe.
    public static func read(fromJPEG jpeg: Data) -> ExifOrientation {
        jpeg.withUnsafeBytes { raw in read(raw.bindMemory(to: UInt8.self)) }
    }

    /// `size` (a decode target) in the stored image's axes: transposed when showing it upright
    /// swaps width and height.
    public func storedSize(_ size: PixelSize?) -> PixelSize? {
        guard let size, swapsAxes else { return size }
        return PixelSize(width: size.height, height: size.width)
    }

    /// A new pixbuf holding `pixbuf`'s pixels turned upright (a new reference to the same pixbuf
    /// for `.up`); nil if gdk-pixbuf cannot allocate it. The caller releases the result.
    func applied(to pixbuf: OpaquePointer) -> OpaquePointer? {
        switch self {
        case .up:
            g_object_ref(UnsafeMutableRawPointer(pixbuf))
            return pixbuf
        case .upMirrored: return gdk_pixbuf_flip(pixbuf, 1)
        case .down: return gdk_pixbuf_rotate_simple(pixbuf, GDK_PIXBUF_ROTATE_UPSIDEDOWN)
        case .downMirrored: return gdk_pixbuf_flip(pixbuf, 0)
        case .leftMirrored: return Self.turnedClockwise(pixbuf, thenFlipping: 1)
        case .right: return gdk_pixbuf_rotate_simple(pixbuf, GDK_PIXBUF_ROTATE_CLOCKWISE)
        case .rightMirrored: return Self.turnedClockwise(pixbuf, thenFlipping: 0)
        case .left: return gdk_pixbuf_rotate_simple(pixbuf, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE)
        }
    }

    // MARK: Private

    private static func turnedClockwise(_ pixbuf: OpaquePointer, thenFlipping horizontal: gboolean) -> OpaquePointer? {
        guard let turned = gdk_pixbuf_rotate_simple(pixbuf, GDK_PIXBUF_ROTATE_CLOCKWISE) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(turned)) }
        return gdk_pixbuf_flip(turned, horizontal)
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ExifOrientation {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .up }
        var found: ExifOrientation?
        var segments = 0
        // Whether the rest of the file is whole does not matter here: the walk stops at the scan.
        _ = PixbufFormat.walkJPEGSegments(bytes) { marker, body in
            guard marker != 0xDA else { return false }
            if marker == 0xE1 { found = exifOrientation(bytes[body]) }
            segments += 1
            return found == nil && segments < segmentLimit
        }
        return found ?? .up
    }

    /// The orientation in an APP1 body ("Exif\0\0" then a TIFF header and IFD0), if present.
    private static func exifOrientation(_ segment: Slice<UnsafeBufferPointer<UInt8>>) -> ExifOrientation? {
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard segment.count >= 14, segment.prefix(6).elementsEqual(header) else { return nil }
        let tiff = Array(segment.dropFirst(6))
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func unsigned(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, width <= 4, offset + width <= tiff.count else { return nil }
            var value = 0
            for index in 0..<width {
                let byte = Int(tiff[bigEndian ? offset + index : offset + width - 1 - index])
                value = value << 8 | byte
            }
            return value
        }
        guard unsigned(2, 2) == 42, let ifd = unsigned(4, 4), let count = unsigned(ifd, 2) else { return nil }
        // Only entries that fit in the segment are read, so a huge count costs nothing.
        let entries = min(count, max(0, (tiff.count - ifd - 2) / 12))
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            guard unsigned(entry, 2) == 0x0112 else { continue }
            // SHORT (type 3), one value, stored in the first two bytes of the value field.
            guard unsigned(entry + 2, 2) == 3, unsigned(entry + 4, 4) == 1, let value = unsigned(entry + 8, 2) else {
                return nil
            }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }
}
