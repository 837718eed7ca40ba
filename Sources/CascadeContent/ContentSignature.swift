/// What a file's first bytes say it is: the one content sniffer of the folder scan, the opener
/// (`cascade FILE`) and the player, so the three agree on every file.
///
/// Files are judged by their content, never by their name: a text file called `clip.mp4` is
/// `.unknown`, a `.bin` holding Matroska is `.video`.
///
/// Policy for what is shown and played: Cascade is a video app. `.video` is a container that can
/// hold video (MP4/QuickTime, Matroska/WebM, AVI, MPEG-PS/TS, Ogg with a video stream, FLV,
/// ASF/WMV); the folder lists it, the opener opens it, the player plays it. `.audio` (M4A, MP3,
/// WAV, FLAC, AIFF, Ogg with only audio streams) and `.image` (HEIC/AVIF, JPEG, PNG, …) are hidden
/// by the folder scan, called "not a video" by the opener and refused by the player. A container
/// that may hold either (an `isom` MP4, Matroska) is `.video` here; whether it really has a video
/// stream is the folder probe's decision (it hides those without one).
public enum ContentSignature: Equatable, Sendable {
    /// A container that can hold video (`"MP4"`, `"Matroska/WebM"`, …).
    case video(String)
    /// An audio-only format (`"M4A"`, `"MP3"`, …).
    case audio(String)
    /// An image format (`"PNG"`, `"HEIF/AVIF"`, …).
    case image(String)
    /// No known signature.
    case unknown

    /// How many leading bytes `init(header:)` looks at: enough for three transport-stream
    /// packets, the first pages of an Ogg file and an SVG's opening tag after an XML prolog.
    public static let headerLength = 1024

    /// Classifies a file from its first bytes (up to `headerLength`; fewer when the file is
    /// shorter).
    public init(header: some Collection<UInt8>) {
        let bytes = Header(Array(header.prefix(Self.headerLength)))
        self = Self.container(bytes) ?? Self.image(bytes) ?? Self.audioFrame(bytes) ?? .unknown
    }

    /// Whether the folder lists it, the opener opens it and the player plays it.
    public var isVideo: Bool {
        if case .video = self { return true }
        return false
    }

    /// The player's error for a refused file, nil for a video.
    public var refusal: String? {
        switch self {
        case .video: nil
        case .audio(let format): "This isn't a video (it is \(format) audio)."
        case .image(let format): "This isn't a video (it is a \(format) image)."
        case .unknown: "This isn't a video (the file is not a video format the player knows)."
        }
    }

    // MARK: Private

    /// ISO base media brands of still images and image sequences.
    private static let imageBrands: Set<String> = [
        "avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1",
    ]
    /// ISO base media brands of audio-only files (iTunes audio and audiobooks, Flash audio).
    private static let audioBrands: Set<String> = ["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]
    /// QuickTime files without `ftyp` start with one of these top-level boxes.
    private static let quickTimeBoxes: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    private static func container(_ b: Header) -> ContentSignature? {
        if b.ascii(4, "ftyp") {
            let brand = b.text(8..<12) ?? ""
            if imageBrands.contains(brand) { return .image("HEIF/AVIF") }
            if audioBrands.contains(brand) { return .audio("M4A") }
            return .video("MP4")
        }
        if let box = b.text(4..<8), quickTimeBoxes.contains(box) { return .video("QuickTime") }
        if b.starts([0x1A, 0x45, 0xDF, 0xA3]) { return .video("Matroska/WebM") }
        if b.ascii(0, "RIFF") {
            if b.ascii(8, "AVI ") { return .video("AVI") }
            if b.ascii(8, "WAVE") { return .audio("WAV") }
            if b.ascii(8, "WEBP") { return .image("WebP") }
            return nil
        }
        if b.ascii(0, "FLV"), b.count > 3, b[3] == 1 { return .video("FLV") }
        if b.ascii(0, "OggS") { return OggStreams.hasOnlyAudio(b.bytes) ? .audio("Ogg") : .video("Ogg") }
        if b.starts([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11]) { return .video("ASF") }  // header GUID
        if b.starts([0x00, 0x00, 0x01, 0xBA]) || b.starts([0x00, 0x00, 0x01, 0xB3]) { return .video("MPEG") }
        if isTransportStream(b) { return .video("MPEG-TS") }
        if b.ascii(0, "FORM"), b.ascii(8, "AIFF") || b.ascii(8, "AIFC") { return .audio("AIFF") }
        if b.ascii(0, "fLaC") { return .audio("FLAC") }
        if b.ascii(0, "ID3") { return .audio("MP3") }
        return nil
    }

    /// MPEG-TS: a 0x47 sync byte every 188 bytes (192 for M2TS, after a 4-byte timestamp), three
    /// packets in a row, so a file that merely starts with `G` is not a stream.
    private static func isTransportStream(_ b: Header) -> Bool {
        for (stride, first) in [(188, 0), (192, 4)] {
            let offsets = [first, first + stride, first + 2 * stride]
            if offsets.allSatisfy({ $0 < b.count && b[$0] == 0x47 }) { return true }
        }
        return false
    }

    private static func image(_ b: Header) -> ContentSignature? {
        if b.starts([0x89, 0x50, 0x4E, 0x47]) { return .image("PNG") }
        if b.starts([0xFF, 0xD8, 0xFF]) { return .image("JPEG") }
        if b.ascii(0, "GIF8") { return .image("GIF") }
        if b.ascii(0, "BM") { return .image("BMP") }
        if b.starts([0x49, 0x49, 0x2A, 0x00]) || b.starts([0x4D, 0x4D, 0x00, 0x2A]) { return .image("TIFF") }
        if b.starts([0x00, 0x00, 0x01, 0x00]) { return .image("ICO") }
        if b.starts([0xFF, 0x0A]) || b.starts([0, 0, 0, 0x0C] + Array("JXL ".utf8)) { return .image("JPEG XL") }
        let text = String(decoding: b.bytes, as: UTF8.self).lowercased()
        if text.contains("<svg") { return .image("SVG") }
        if text.contains("xpm") && text.contains("static") { return .image("XPM") }
        return nil
    }

    /// An MPEG audio (MP3) or ADTS (AAC) frame: 11 sync bits. Checked last: JPEG's `FF D8` is not
    /// one, and no container above starts with `FF`.
    private static func audioFrame(_ b: Header) -> ContentSignature? {
        b.count >= 2 && b[0] == 0xFF && b[1] & 0xE0 == 0xE0 ? .audio("MPEG") : nil
    }
}

/// A file's first bytes with the comparisons the sniffer needs.
private struct Header {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }
    subscript(index: Int) -> UInt8 { bytes[index] }

    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
        offset + magic.count <= bytes.count && bytes[offset..<offset + magic.count].elementsEqual(magic)
    }

    func ascii(_ offset: Int, _ text: String) -> Bool { starts(Array(text.utf8), at: offset) }

    func text(_ range: Range<Int>) -> String? {
        range.upperBound <= bytes.count ? String(decoding: bytes[range], as: UTF8.self) : nil
    }
}
