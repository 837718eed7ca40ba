/// Recognises video containers by their first bytes, so a file is listed for what it is, not
/// for its name: a text file called `clip.mp4` is not a video, a `.bin` holding Matroska is.
///
/// A positive answer means "a container that can hold video"; the probe decides whether the
/// file really has a video stream (an Ogg or Matroska file may be audio only).
public enum VideoSniffer {
    /// How many leading bytes `isVideo(prefix:)` needs to decide every format it knows.
    public static let prefixLength = 200

    /// ISO base media brands that are still images or audio, not video.
    private static let nonVideoBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "mif1", "msf1", "avif", "avis", "M4A ", "M4B ", "M4P ", "F4A ", "F4B ",
    ]

    /// Whether `prefix` (the file's first bytes, up to `prefixLength`) starts a video container.
    public static func isVideo(prefix: [UInt8]) -> Bool {
        let b = prefix
        func ascii(_ range: Range<Int>) -> String? {
            guard range.upperBound <= b.count else { return nil }
            return String(decoding: b[range], as: UTF8.self)
        }
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            offset + magic.count <= b.count && Array(b[offset..<(offset + magic.count)]) == magic
        }
        // ISO base media (mp4, m4v, mov, 3gp) and QuickTime without `ftyp`.
        if let box = ascii(4..<8) {
            if box == "ftyp" { return ascii(8..<12).map { !nonVideoBrands.contains($0) } ?? false }
            if ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(box) { return true }
        }
        if starts([0x1a, 0x45, 0xdf, 0xa3]) { return true }  // EBML: Matroska, WebM
        if starts(Array("RIFF".utf8)), ascii(8..<11) == "AVI" { return true }
        if starts(Array("FLV".utf8)), b.count > 3, b[3] == 1 { return true }
        if starts(Array("OggS".utf8)) { return true }
        if starts([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]) { return true }  // ASF: wmv
        if starts([0x00, 0x00, 0x01, 0xba]) || starts([0x00, 0x00, 0x01, 0xb3]) { return true }  // MPEG-PS / ES
        if b.count > 188, b[0] == 0x47, b[188] == 0x47 { return true }  // MPEG-TS
        if b.count > 196, b[4] == 0x47, b[196] == 0x47 { return true }  // M2TS (BDAV)
        return false
    }
}
