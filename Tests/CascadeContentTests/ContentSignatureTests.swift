import CascadeContent
import Testing

/// The golden table of signatures: every format the folder scan, the opener and the player
/// tell apart, with what each of them does with it (`isVideo`).
@Suite struct ContentSignatureTests {
    private static func padded(_ prefix: [UInt8], to length: Int = 300) -> [UInt8] {
        prefix + [UInt8](repeating: 0, count: max(0, length - prefix.count))
    }

    private static func box(_ type: String, brand: String = "") -> [UInt8] {
        [0, 0, 0, 0x18] + Array((type + brand).utf8)
    }

    /// An Ogg page that begins a stream (`firstPage`) or continues one, holding `packet`.
    private static func oggPage(_ packet: [UInt8], firstPage: Bool = true) -> [UInt8] {
        Array("OggS".utf8) + [0, firstPage ? 0x02 : 0x00] + [UInt8](repeating: 0, count: 20) + [1, UInt8(packet.count)]
            + packet
    }

    private static let vorbis = oggPage([0x01] + Array("vorbis".utf8) + [UInt8](repeating: 0, count: 23))
    private static let theora = oggPage([0x80] + Array("theora".utf8) + [UInt8](repeating: 0, count: 35))
    private static let opus = oggPage(Array("OpusHead".utf8) + [UInt8](repeating: 0, count: 11))
    private static let comments = oggPage(
        [0x03] + Array("vorbis".utf8) + [UInt8](repeating: 0, count: 40), firstPage: false)

    private static func transportStream(stride: Int, first: Int, packets: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 700)
        for packet in 0..<packets { bytes[first + packet * stride] = 0x47 }
        return bytes
    }

    static let table: [(String, [UInt8], ContentSignature)] = [
        // ISO base media: the brand tells video, still image and audio apart.
        ("mp4 isom", padded(box("ftyp", brand: "isom")), .video("MP4")),
        ("mp4 mp42", padded(box("ftyp", brand: "mp42")), .video("MP4")),
        ("mov qt", padded(box("ftyp", brand: "qt  ")), .video("MP4")),
        ("3gp", padded(box("ftyp", brand: "3gp5")), .video("MP4")),
        ("quicktime moov", padded(box("moov")), .video("QuickTime")),
        ("quicktime mdat", padded(box("mdat")), .video("QuickTime")),
        ("quicktime wide", padded(box("wide")), .video("QuickTime")),
        ("quicktime free", padded(box("free")), .video("QuickTime")),
        ("quicktime skip", padded(box("skip")), .video("QuickTime")),
        ("quicktime pnot", padded(box("pnot")), .video("QuickTime")),
        ("heic", padded(box("ftyp", brand: "heic")), .image("HEIF/AVIF")),
        ("heix", padded(box("ftyp", brand: "heix")), .image("HEIF/AVIF")),
        ("mif1", padded(box("ftyp", brand: "mif1")), .image("HEIF/AVIF")),
        ("msf1", padded(box("ftyp", brand: "msf1")), .image("HEIF/AVIF")),
        ("avif", padded(box("ftyp", brand: "avif")), .image("HEIF/AVIF")),
        ("avis", padded(box("ftyp", brand: "avis")), .image("HEIF/AVIF")),
        ("m4a", padded(box("ftyp", brand: "M4A ")), .audio("M4A")),
        ("m4b", padded(box("ftyp", brand: "M4B ")), .audio("M4A")),
        // Other containers.
        ("matroska", padded([0x1A, 0x45, 0xDF, 0xA3, 0x9F]), .video("Matroska/WebM")),
        ("avi", padded(Array("RIFF\0\0\0\0AVI LIST".utf8)), .video("AVI")),
        ("flv", padded(Array("FLV".utf8) + [1, 5]), .video("FLV")),
        ("flv version 2", padded(Array("FLV".utf8) + [2, 5]), .unknown),
        ("asf", padded([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9]), .video("ASF")),
        ("mpeg-ps", padded([0, 0, 1, 0xBA, 0x44]), .video("MPEG")),
        ("mpeg-es", padded([0, 0, 1, 0xB3, 0x14]), .video("MPEG")),
        ("mpeg-ts", transportStream(stride: 188, first: 0, packets: 3), .video("MPEG-TS")),
        ("m2ts", transportStream(stride: 192, first: 4, packets: 3), .video("MPEG-TS")),
        ("two ts packets", transportStream(stride: 188, first: 0, packets: 2), .unknown),
        // Ogg: the codecs of the streams it begins.
        ("ogg theora+vorbis", padded(theora + vorbis + comments), .video("Ogg")),
        ("ogg vorbis", padded(vorbis + comments), .audio("Ogg")),
        ("ogg opus", padded(opus + comments), .audio("Ogg")),
        ("ogg cut short", Array(vorbis.prefix(20)), .video("Ogg")),
        (
            "ogg unknown codec", padded(oggPage(Array("\u{80}daala".utf8) + [0, 0, 0, 0, 0, 0, 0, 0]) + comments),
            .video("Ogg")
        ),
        // Audio.
        ("wav", padded(Array("RIFF\0\0\0\0WAVEfmt ".utf8)), .audio("WAV")),
        ("aiff", padded(Array("FORM\0\0\0\0AIFF".utf8)), .audio("AIFF")),
        ("flac", padded(Array("fLaC".utf8)), .audio("FLAC")),
        ("mp3 id3", padded(Array("ID3".utf8) + [4, 0]), .audio("MP3")),
        ("mp3 frame", padded([0xFF, 0xFB, 0x90]), .audio("MPEG")),
        ("aac adts", padded([0xFF, 0xF1, 0x50]), .audio("MPEG")),
        // Images.
        ("png", padded([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), .image("PNG")),
        ("jpeg", padded([0xFF, 0xD8, 0xFF, 0xE0]), .image("JPEG")),
        ("gif", padded(Array("GIF89a".utf8)), .image("GIF")),
        ("webp", padded(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)), .image("WebP")),
        ("bmp", padded(Array("BM".utf8)), .image("BMP")),
        ("tiff le", padded([0x49, 0x49, 0x2A, 0]), .image("TIFF")),
        ("tiff be", padded([0x4D, 0x4D, 0, 0x2A]), .image("TIFF")),
        ("ico", padded([0, 0, 1, 0, 1, 0]), .image("ICO")),
        ("jpeg xl", padded([0xFF, 0x0A]), .image("JPEG XL")),
        ("svg", Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8), .image("SVG")),
        ("xpm", Array("/* XPM */\nstatic char *x[] = {".utf8), .image("XPM")),
        // Nothing known.
        ("tga", [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 0, 24, 0], .unknown),
        ("text named mp4", Array("hello, I am text pretending to be mp4".utf8), .unknown),
        ("riff of another kind", padded(Array("RIFF\0\0\0\0CDXA".utf8)), .unknown),
        ("empty", [], .unknown),
    ]

    @Test(arguments: table)
    func goldenTable(name: String, header: [UInt8], expected: ContentSignature) {
        let signature = ContentSignature(header: header)
        #expect(signature == expected, "\(name)")
        if case .video = expected {
            #expect(signature.isVideo && signature.refusal == nil, "\(name)")
        } else {
            #expect(!signature.isVideo && signature.refusal?.hasPrefix("This isn't a video") == true, "\(name)")
        }
    }

    @Test func onlyTheHeaderLengthIsRead() {
        // A signature past `headerLength` does not count.
        let late = [UInt8](repeating: 0x20, count: ContentSignature.headerLength) + Array("<svg".utf8)
        #expect(ContentSignature(header: late) == .unknown)
        #expect(ContentSignature(header: Array("<svg".utf8)) == .image("SVG"))
    }

    @Test func refusalsNameTheKind() {
        #expect(ContentSignature.audio("M4A").refusal == "This isn't a video (it is M4A audio).")
        #expect(ContentSignature.image("PNG").refusal == "This isn't a video (it is a PNG image).")
    }
}
