/// Reads and writes the text chunks of a PNG file, where the Thumbnail Managing Standard keeps a
/// thumbnail's `Thumb::URI`, `Thumb::MTime`, `Thumb::Size` and `Software`.
///
/// Only the chunk structure is parsed (signature, lengths, types, CRC-32); image data is never
/// decoded. Every length is checked against the bytes present, so a truncated or hostile file
/// yields `nil`, never a crash.
public enum PNGText {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    /// What `read(_:)` finds in a PNG.
    public struct Info: Equatable, Sendable {
        /// The image width from `IHDR`.
        public var width: Int
        /// The image height from `IHDR`.
        public var height: Int
        /// `tEXt` (and uncompressed `iTXt`) entries by keyword; the first one of a keyword wins.
        public var text: [String: String]
    }

    /// Parses `bytes` as a PNG: nil when it is not one (bad signature, a chunk running past the
    /// end, a CRC mismatch, no `IHDR` first, no `IEND`).
    /// - Complexity: O(*n*) in the file's size.
    public static func read(_ bytes: [UInt8]) -> Info? {
        guard bytes.count >= 8 + 25, Array(bytes[0..<8]) == signature else { return nil }
        var info: Info?
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(be32(bytes, offset))
            let typeStart = offset + 4
            guard length <= bytes.count - typeStart - 8 else { return nil }
            let dataStart = typeStart + 4
            let dataEnd = dataStart + length
            guard be32(bytes, dataEnd) == CRC32.checksum(bytes[typeStart..<dataEnd]) else { return nil }
            let type = String(decoding: bytes[typeStart..<dataStart], as: UTF8.self)
            let data = bytes[dataStart..<dataEnd]
            switch type {
            case "IHDR":
                guard info == nil, length == 13 else { return nil }
                info = Info(width: Int(be32(bytes, dataStart)), height: Int(be32(bytes, dataStart + 4)), text: [:])
            case "tEXt":
                guard info != nil else { return nil }
                if let (key, value) = parseText(data), info?.text[key] == nil { info?.text[key] = value }
            case "iTXt":
                guard info != nil else { return nil }
                if let (key, value) = parseInternationalText(data), info?.text[key] == nil { info?.text[key] = value }
            case "IEND":
                return info
            default:
                guard info != nil else { return nil }
            }
            offset = dataEnd + 4
        }
        return nil
    }

    /// Returns `png` with `entries` as `tEXt` chunks right after `IHDR`, replacing any text
    /// chunks with the same keywords; nil when `png` is not a valid PNG or a keyword or value
    /// cannot be stored (keywords are 1–79 Latin-1 characters, values Latin-1 without NUL).
    public static func inserting(_ entries: [(key: String, value: String)], into png: [UInt8]) -> [UInt8]? {
        guard read(png) != nil else { return nil }
        var chunks: [UInt8] = []
        for entry in entries {
            guard let key = latin1(entry.key), (1...79).contains(key.count), let value = latin1(entry.value),
                !value.contains(0)
            else { return nil }
            chunks += chunk("tEXt", key + [0] + value)
        }
        let keys = Set(entries.map(\.key))
        var out = Array(png[0..<8])
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(be32(png, offset))
            let end = offset + 12 + length
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = png[(offset + 8)..<(offset + 8 + length)]
            let replaced =
                (type == "tEXt" && parseText(data).map { keys.contains($0.0) } == true)
                || (type == "iTXt" && parseInternationalText(data).map { keys.contains($0.0) } == true)
            if !replaced { out += png[offset..<end] }
            if type == "IHDR" { out += chunks }
            offset = end
            if type == "IEND" { break }
        }
        return out
    }

    /// One chunk: length, type, data, CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var out = bigEndian(UInt32(data.count)) + typeBytes + data
        out += bigEndian(CRC32.checksum(typeBytes + data))
        return out
    }

    // MARK: Private

    private static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ]
    }

    private static func parseText(_ data: ArraySlice<UInt8>) -> (String, String)? {
        guard let nul = data.firstIndex(of: 0) else { return nil }
        return (fromLatin1(data[data.startIndex..<nul]), fromLatin1(data[(nul + 1)...]))
    }

    /// `keyword\0 compression-flag compression-method language\0 translated-keyword\0 text`,
    /// uncompressed only (compressed text needs zlib, and thumbnailers write plain `tEXt`).
    private static func parseInternationalText(_ data: ArraySlice<UInt8>) -> (String, String)? {
        guard let nul = data.firstIndex(of: 0), nul + 2 < data.endIndex, data[nul + 1] == 0 else { return nil }
        let key = fromLatin1(data[data.startIndex..<nul])
        guard let languageEnd = data[(nul + 3)...].firstIndex(of: 0),
            let translatedEnd = data[(languageEnd + 1)...].firstIndex(of: 0)
        else { return nil }
        return (key, String(decoding: data[(translatedEnd + 1)...], as: UTF8.self))
    }

    private static func fromLatin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func latin1(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard scalar.value <= 0xff else { return nil }
            out.append(UInt8(scalar.value))
        }
        return out
    }
}
