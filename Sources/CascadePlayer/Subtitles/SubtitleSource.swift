import Foundation

/// A subtitle file as the player hands it to GStreamer (playbin3's `suburi`): a `.srt` or
/// `.vtt` file by its own `file://` address, an `.ass`/`.ssa` file as a `data:` address holding
/// its lines as SubRip (`SubStationText`), which playbin3 reads where it cannot read the file.
///
/// Which files are subtitles is decided by name first (`SubtitleSidecar.extensions`) and, for
/// a file dropped with another name, by its first bytes (`looksLikeSubtitles`).
public enum SubtitleSource {
    /// Subtitle files larger than this are not read (a two-hour film's `.ass` is about 200 KB).
    public static let maximumBytes = 4 << 20

    /// Whether the name of `url` is a subtitle file's (its extension, any case).
    public static func hasSubtitleExtension(_ url: URL) -> Bool {
        SubtitleSidecar.extensions.contains(url.pathExtension.lowercased())
    }

    /// Whether `head` (a file's first bytes) starts like a SubRip, WebVTT or SSA/ASS file.
    public static func looksLikeSubtitles(_ head: Data) -> Bool {
        var bytes = head.prefix(1024)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard
            let text = String(data: Data(bytes), encoding: .utf8)
                ?? String(data: Data(bytes.dropLast(3)), encoding: .utf8)
        else { return false }
        let start = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if start.hasPrefix("WEBVTT") || start.hasPrefix("[Script Info]") { return true }
        // SubRip: a cue number, then a `00:00:01,000 --> 00:00:02,000` line.
        let lines = start.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).prefix(2)
        guard lines.count == 2 else { return false }
        let number = lines[lines.startIndex].trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return lines[lines.startIndex + 1].contains("-->")
    }

    /// The `suburi` for the subtitle file `url`: its own address for SubRip and WebVTT, a
    /// `data:` address with its text as SubRip for SSA/ASS; nil when an SSA/ASS file cannot be
    /// read or holds no line.
    public static func uri(for url: URL, read: (URL) -> Data? = SubtitleSource.readBounded) -> String? {
        guard ["ass", "ssa"].contains(url.pathExtension.lowercased()) else { return url.absoluteString }
        guard let data = read(url),
            let text = String(data: data, encoding: .utf8)
                ?? String(
                    data: data, encoding: .isoLatin1)
        else { return nil }
        let subRip = SubStationText.subRip(from: text)
        guard !subRip.isEmpty else { return nil }
        return "data:application/x-subrip;base64," + Data(subRip.utf8).base64EncodedString()
    }

    /// The first `maximumBytes` of the regular file `url`, nil for anything else.
    public static func readBounded(_ url: URL) -> Data? {
        guard SubtitleSidecar.isRegularFile(url), let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: maximumBytes)
    }
}
