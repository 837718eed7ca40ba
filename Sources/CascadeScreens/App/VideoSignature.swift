import Foundation

/// Recognises video containers by their first bytes (magic numbers), so a text file named
/// `clip.mp4` is refused and a video without an extension is accepted.
///
/// Covers what GStreamer on Debian plays from a file manager's "Open With": ISO BMFF (MP4, MOV,
/// 3GP), Matroska/WebM, AVI, FLV, Ogg, MPEG program and transport streams, ASF/WMV.
public enum VideoSignature {
    /// How many leading bytes `matches(_:)` looks at.
    public static let bytesNeeded = 600

    /// Whether `head` (a file's first bytes) starts like a video container.
    public static func matches(_ head: Data) -> Bool {
        let b = [UInt8](head.prefix(bytesNeeded))
        func at(_ offset: Int, _ bytes: [UInt8]) -> Bool {
            b.count >= offset + bytes.count && Array(b[offset..<offset + bytes.count]) == bytes
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        // ISO base media (mp4, m4v, mov, 3gp): a box whose type is ftyp, moov, mdat, free, wide.
        for box in ["ftyp", "moov", "mdat", "free", "wide", "skip"] where at(4, ascii(box)) { return true }
        if at(0, [0x1A, 0x45, 0xDF, 0xA3]) { return true }  // EBML: Matroska, WebM
        if at(0, ascii("RIFF")) && at(8, ascii("AVI ")) { return true }
        if at(0, ascii("FLV")) && b.count > 3 && b[3] == 1 { return true }
        if at(0, ascii("OggS")) { return true }
        if at(0, [0x00, 0x00, 0x01, 0xBA]) || at(0, [0x00, 0x00, 0x01, 0xB3]) { return true }  // MPEG-PS / ES
        // ASF (wmv): its header GUID.
        if at(0, [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11]) { return true }
        return isTransportStream(b)
    }

    /// MPEG-TS: a 0x47 sync byte every 188 bytes (192 for M2TS), at least three packets in.
    private static func isTransportStream(_ b: [UInt8]) -> Bool {
        for (stride, first) in [(188, 0), (192, 4)] {
            let offsets = [first, first + stride, first + 2 * stride]
            if offsets.allSatisfy({ $0 < b.count && b[$0] == 0x47 }) { return true }
        }
        return false
    }
}
