import Foundation

/// The image formats the decoder accepts, recognised by their signatures rather than by
/// gdk-pixbuf's sniffing, so that bytes from the network never reach other loaders (SVG, TIFF,
/// ANI, ...).
enum PixbufFormat: String, CaseIterable, Sendable {
    case png
    case jpeg
    case gif
    case webp

    /// The format `data` starts with, or nil.
    init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(12))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The gdk-pixbuf loader name.
    var loaderName: String { rawValue }
}
