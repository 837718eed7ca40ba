import Foundation

/// The text file the track choices are kept in: a header line, then one video per line, least
/// recently chosen first, as `audio<TAB>subtitles<TAB>key`. A pick is `INDEX:LANGUAGE` (the
/// language may be empty), `e` in front for a subtitle file's track; `-` is no choice and `off`
/// is subtitles off. The key is the video's URL, as in `ResumeFileFormat`.
///
/// ```
/// cascade-track-choices 1
/// 1:fr	off	file:///videos/trip.mkv
/// -	e0:	file:///videos/talk.mp4
/// ```
///
/// Reading treats the file as hostile, like `ResumeFileFormat`: too large, not UTF-8 or without
/// the header → ignored whole with a warning; a line that does not parse is skipped; at most
/// `capacity` entries are kept (the most recent).
public enum TrackChoiceFileFormat {
    /// The header line that identifies the file and its version.
    public static let header = "cascade-track-choices 1"
    /// Files larger than this are not read.
    public static let maximumBytes = 4 << 20

    /// What reading a file gave.
    public struct Decoded: Equatable, Sendable {
        /// The entries read, least recent first.
        public var entries: [(key: String, choice: TrackChoice)]
        /// Problems found, for the terminal.
        public var warnings: [String]

        public static func == (lhs: Decoded, rhs: Decoded) -> Bool {
            lhs.warnings == rhs.warnings && lhs.entries.map(\.key) == rhs.entries.map(\.key)
                && lhs.entries.map(\.choice) == rhs.entries.map(\.choice)
        }
    }

    /// The file's bytes for `entries` (least recent first).
    public static func encode(_ entries: [(key: String, choice: TrackChoice)]) -> Data {
        var text = "# Cascade: the tracks chosen per video (written by the app)\n\(header)\n"
        for (key, choice) in entries {
            let subtitles: String
            switch choice.subtitles {
            case nil: subtitles = "-"
            case .off: subtitles = "off"
            case .track(let pick): subtitles = encode(pick)
            }
            text += "\(choice.audio.map(encode) ?? "-")\t\(subtitles)\t\(key)\n"
        }
        return Data(text.utf8)
    }

    /// Reads `data`; never throws or traps, whatever the bytes.
    public static func decode(_ data: Data, capacity: Int) -> Decoded {
        guard data.count <= maximumBytes else {
            return Decoded(entries: [], warnings: ["larger than \(maximumBytes >> 20) MB; ignored"])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return Decoded(entries: [], warnings: ["not UTF-8 text; ignored"])
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        while let first = lines.first, first.hasPrefix("#") { lines.removeFirst() }
        guard lines.popFirst().map({ $0.trimmingCharacters(in: .whitespaces) }) == header else {
            return Decoded(entries: [], warnings: ["not a track-choices file (no '\(header)' line); ignored"])
        }
        var list = TrackChoiceList(capacity: capacity)
        var skipped = 0
        for line in lines where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            let audio = fields.count == 3 ? decodeAudio(fields[0]) : (parsed: false, pick: nil)
            let subtitles = fields.count == 3 ? decodeSubtitles(fields[1]) : (parsed: false, choice: nil)
            guard audio.parsed, subtitles.parsed, ResumeFileFormat.isValidKey(String(fields[2])) else {
                skipped += 1
                continue
            }
            let choice = TrackChoice(audio: audio.pick, subtitles: subtitles.choice)
            if !choice.isEmpty { list.set(choice, for: String(fields[2])) }
        }
        let warnings = skipped > 0 ? ["\(skipped) damaged line\(skipped == 1 ? "" : "s") skipped"] : []
        return Decoded(entries: list.entries, warnings: warnings)
    }

    // MARK: Private

    private static func encode(_ pick: TrackChoice.Pick) -> String {
        "\(pick.isExternal ? "e" : "")\(pick.index):\(pick.language ?? "")"
    }

    /// A pick, nil when it does not parse. Languages are short codes of letters and `-`.
    private static func decodePick(_ field: Substring) -> TrackChoice.Pick? {
        var rest = field
        let external = rest.first == "e"
        if external { rest = rest.dropFirst() }
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (1...4).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            parts[1].count <= 16,
            parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") })
        else { return nil }
        let index = parts[0].reduce(0) { $0 * 10 + ($1.wholeNumberValue ?? 0) }
        return TrackChoice.Pick(language: String(parts[1]), index: index, isExternal: external)
    }

    /// The audio field: `parsed` false when it does not parse.
    private static func decodeAudio(_ field: Substring) -> (parsed: Bool, pick: TrackChoice.Pick?) {
        if field == "-" { return (true, nil) }
        let pick = decodePick(field)
        return (pick != nil, pick)
    }

    /// The subtitles field: `parsed` false when it does not parse.
    private static func decodeSubtitles(_ field: Substring) -> (parsed: Bool, choice: TrackChoice.Subtitles?) {
        switch field {
        case "-": return (true, nil)
        case "off": return (true, .off)
        default:
            let pick = decodePick(field)
            return (pick != nil, pick.map { .track($0) })
        }
    }
}
