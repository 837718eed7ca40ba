import Foundation

/// What the first bytes of a file say it is: an audio/video container the player accepts, an
/// image (refused), or something unknown (refused).
///
/// The player plays only real audio/video streams: a "video" that is really a PNG, an SVG, a
/// TGA or anything else never reaches GStreamer, whose automatic plugging would otherwise hand
/// it to an image decoder (gdkpixbufdec, rsvgdec). The list is of containers, by their
/// signatures; formats without one (TGA) are unknown and refused.
public enum MediaSignature: Equatable, Sendable {
    /// An audio or video container (`"MP4"`, `"Matroska/WebM"`, …).
    case media(String)
    /// An image format (`"PNG"`, `"SVG"`, …).
    case image(String)
    /// No known signature.
    case unknown

    /// `ftyp` brands of HEIF/AVIF still images and image sequences (MP4-shaped, not video).
    private static let imageBrands: Set<String> = [
        "avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1",
    ]

    /// How many leading bytes `init(header:)` looks at.
    public static let headerLength = 4096

    /// Classifies a file from its first bytes (up to `headerLength`).
    public init(header data: Data) {
        let b = [UInt8](data.prefix(Self.headerLength))
        func ascii(_ at: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return b.count >= at + expected.count && Array(b[at..<at + expected.count]) == expected
        }
        func starts(_ bytes: [UInt8]) -> Bool { b.count >= bytes.count && Array(b[0..<bytes.count]) == bytes }
        if ascii(4, "ftyp") {
            let brand = b.count >= 12 ? String(decoding: b[8..<12], as: UTF8.self) : ""
            self = Self.imageBrands.contains(brand) ? .image("HEIF/AVIF") : .media("MP4")
        } else if ascii(4, "moov") || ascii(4, "mdat") || ascii(4, "wide") || ascii(4, "free") {
            self = .media("QuickTime")
        } else if starts([0x1A, 0x45, 0xDF, 0xA3]) {
            self = .media("Matroska/WebM")
        } else if ascii(0, "FLV") && b.count > 3 && b[3] == 1 {
            self = .media("FLV")
        } else if ascii(0, "OggS") {
            self = .media("Ogg")
        } else if ascii(0, "RIFF") && (ascii(8, "AVI ") || ascii(8, "WAVE")) {
            self = .media(ascii(8, "AVI ") ? "AVI" : "WAV")
        } else if ascii(0, "RIFF") && ascii(8, "WEBP") {
            self = .image("WebP")
        } else if ascii(0, "FORM") && (ascii(8, "AIFF") || ascii(8, "AIFC")) {
            self = .media("AIFF")
        } else if ascii(0, "fLaC") {
            self = .media("FLAC")
        } else if ascii(0, "ID3") {
            self = .media("MP3")
        } else if starts([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11]) {
            self = .media("ASF")
        } else if starts([0x00, 0x00, 0x01, 0xBA]) || starts([0x00, 0x00, 0x01, 0xB3]) {
            self = .media("MPEG")
        } else if b.count >= 189 && b[0] == 0x47 && b[188] == 0x47 {
            self = .media("MPEG-TS")
        } else if let image = Self.image(b) {
            self = .image(image)
        } else if b.count >= 2 && b[0] == 0xFF && b[1] & 0xE0 == 0xE0 {
            self = .media("MPEG audio")  // MP3/AAC frame sync (JPEG's FF D8 is not one)
        } else {
            self = .unknown
        }
    }

    /// Whether the player may open it.
    public var isPlayable: Bool {
        if case .media = self { return true }
        return false
    }

    /// The player's error for a refused file, nil for a playable one.
    public var refusal: String? {
        switch self {
        case .media: nil
        case .image(let format): "This isn't a video (it is a \(format) image)."
        case .unknown: "This isn't a video (the file is not an audio or video format the player knows)."
        }
    }

    private static func image(_ b: [UInt8]) -> String? {
        func starts(_ bytes: [UInt8]) -> Bool { b.count >= bytes.count && Array(b[0..<bytes.count]) == bytes }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts(Array("GIF8".utf8)) { return "GIF" }
        if starts(Array("BM".utf8)) { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "ICO" }
        let text = String(decoding: b.prefix(1024), as: UTF8.self).lowercased()
        if text.contains("<svg") { return "SVG" }
        if text.contains("xpm") && text.contains("static") { return "XPM" }
        if text.hasPrefix("<?xml") || text.hasPrefix("<") { return "XML" }
        return nil
    }
}
