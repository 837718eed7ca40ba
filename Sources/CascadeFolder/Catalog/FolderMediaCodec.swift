import CascadeFeed

/// The media cache's file format: one line of text per file, parsed byte by byte (10,000
/// records in a few milliseconds, where Foundation's JSON reader on Linux took ~0.5 s).
///
/// ```
/// cascade-folder-media 1<TAB>/home/me/Videos
/// <mtime><TAB><ns><TAB><size><TAB>v|n<TAB>kind<TAB>duration|-<TAB>width<TAB>height<TAB>message<TAB>path
/// ```
///
/// `kind` is `-` (not probed), `ok`, `novideo` or `unreadable`. Text fields (the root, the
/// message, the path) escape `%`, tab, line feed and carriage return as `%25`, `%09`, `%0A`,
/// `%0D`. Anything else makes the whole file damaged.
enum FolderMediaCodec {
    static let magic = "cascade-folder-media 1"

    // MARK: Encoding

    static func encode(root: String, entries: [(key: String, value: FolderMediaCache.Entry)]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 120 + 64)
        out += Array(magic.utf8)
        out.append(tab)
        out += escaped(root)
        out.append(newline)
        for (path, entry) in entries {
            var fields = [
                String(entry.mtime), String(entry.mtimeNanoseconds), String(entry.size), entry.isVideo ? "v" : "n",
            ]
            switch entry.probe {
            case .success(let probe)?:
                fields += ["ok", probe.duration.map { String($0) } ?? "-", String(probe.width), String(probe.height)]
            case .failure(.noVideo)?: fields += ["novideo", "-", "0", "0"]
            case .failure(.unreadable)?: fields += ["unreadable", "-", "0", "0"]
            case .failure(.timedOut)?, nil: fields += ["-", "-", "0", "0"]
            }
            for field in fields {
                out += Array(field.utf8)
                out.append(tab)
            }
            if case .failure(.unreadable(let message))? = entry.probe { out += escaped(String(message.prefix(200))) }
            out.append(tab)
            out += escaped(path)
            out.append(newline)
        }
        return out
    }

    // MARK: Decoding

    /// The records of a file made for `root`, at most `maxEntries`; nil when it is damaged or
    /// made for another folder.
    static func decode(_ bytes: [UInt8], root: String, maxEntries: Int) -> [String: FolderMediaCache.Entry]? {
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true else { return nil }  // truncated: no final line feed
        lines.removeLast()
        guard let header = lines.first else { return nil }
        let parts = header.split(separator: tab, omittingEmptySubsequences: false)
        guard parts.count == 2, String(decoding: parts[0], as: UTF8.self) == magic, unescaped(parts[1]) == root else {
            return nil
        }
        var entries: [String: FolderMediaCache.Entry] = [:]
        entries.reserveCapacity(min(lines.count - 1, maxEntries))
        for line in lines.dropFirst().prefix(maxEntries) {
            guard let (path, entry) = entry(line) else { return nil }
            entries[path] = entry
        }
        return entries
    }

    private static func entry(_ line: ArraySlice<UInt8>) -> (String, FolderMediaCache.Entry)? {
        let f = line.split(separator: tab, omittingEmptySubsequences: false)
        guard f.count == 10, let mtime = integer(f[0]), let nanos = integer(f[1]), let size = integer(f[2]),
            f[3].count == 1, let path = unescaped(f[9]), path.hasPrefix("/"), path.utf8.count <= 4096
        else { return nil }
        let isVideo: Bool
        switch f[3].first {
        case UInt8(ascii: "v"): isVideo = true
        case UInt8(ascii: "n"): isVideo = false
        default: return nil
        }
        var entry = FolderMediaCache.Entry(
            mtime: mtime, mtimeNanoseconds: min(max(nanos, 0), 999_999_999), size: max(size, 0), isVideo: isVideo)
        switch String(decoding: f[4], as: UTF8.self) {
        case "-": break
        case "ok":
            guard let width = integer(f[6]), let height = integer(f[7]) else { return nil }
            let durationText = String(decoding: f[5], as: UTF8.self)
            let duration: Double?
            if durationText == "-" {
                duration = nil
            } else {
                guard let value = Double(durationText) else { return nil }
                duration = value.isFinite && value >= 0 ? min(value, VideoItem.maximumDuration) : nil
            }
            // The probe's own bounds: a display size of 1…65,536 pixels.
            entry.probe = .success(
                VideoProbe(
                    duration: duration, width: Int(truncatingIfNeeded: min(max(width, 1), 1 << 16)),
                    height: Int(truncatingIfNeeded: min(max(height, 1), 1 << 16))))
        case "novideo": entry.probe = .failure(.noVideo)
        case "unreadable":
            guard let message = unescaped(f[8]) else { return nil }
            entry.probe = .failure(.unreadable(String(message.prefix(200))))
        default: return nil
        }
        return (path, entry)
    }

    // MARK: Fields

    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let percent = UInt8(ascii: "%")

    /// A decimal integer (optional minus sign, at most 18 digits, so it cannot overflow).
    private static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(truncatingIfNeeded: byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    private static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case percent: out += Array("%25".utf8)
            case tab: out += Array("%09".utf8)
            case newline: out += Array("%0A".utf8)
            case UInt8(ascii: "\r"): out += Array("%0D".utf8)
            default: out.append(byte)
            }
        }
        return out
    }

    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.contains(percent) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == percent else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.endIndex,
                let code = escapes[String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self)]
            else { return nil }
            out.append(code)
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let escapes: [String: UInt8] = ["25": percent, "09": tab, "0A": newline, "0D": UInt8(ascii: "\r")]
}
