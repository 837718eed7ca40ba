import CascadeNumerics
import Foundation

/// The text of an SSA/ASS subtitle file as SubRip: GStreamer 1.22's playbin3 cannot read an
/// `.ass` file given as its `suburi` (typefinding finds `application/x-ass, parsed=false` and no
/// parser takes it, Docs/PLATFORM_NOTES.md), so the player shows such a file's lines as plain
/// SubRip cues, without their styling.
///
/// ```swift
/// SubStationText.subRip(from: "[Events]\nFormat: Layer, Start, End, Style, Text\n"
///     + "Dialogue: 0,0:00:01.50,0:00:03.00,Default,{\\b1}Hello\\Nworld")
/// // "1\n00:00:01,500 --> 00:00:03,000\nHello\nworld\n"
/// ```
///
/// The file is hostile input: lines that do not parse are skipped, times are clamped at 0 and
/// to 100 hours, at most `maximumCues` cues are kept, and text is never interpreted beyond the
/// override tags (`{...}`) it drops.
public enum SubStationText {
    /// The most cues converted (a two-hour film has about 2,000).
    public static let maximumCues = 20_000

    /// The SubRip text for the `Dialogue` lines of `text`, in order of their start; empty when
    /// none parses.
    public static func subRip(from text: String) -> String {
        var cues: [(start: Double, end: Double, text: String)] = []
        var fields = ["layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
        var inEvents = false
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                inEvents = line.lowercased() == "[events]"
                continue
            }
            guard inEvents, let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...]
            if key == "format" {
                fields = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                continue
            }
            guard key == "dialogue", cues.count < maximumCues, let textIndex = fields.firstIndex(of: "text"),
                textIndex == fields.count - 1
            else { continue }
            let parts = value.split(separator: ",", maxSplits: fields.count - 1, omittingEmptySubsequences: false)
            guard parts.count == fields.count, let startIndex = fields.firstIndex(of: "start"),
                let endIndex = fields.firstIndex(of: "end"), let start = seconds(parts[startIndex]),
                let end = seconds(parts[endIndex]), end > start
            else { continue }
            let cue = plainText(parts[textIndex])
            guard !cue.isEmpty else { continue }
            cues.append((start, end, cue))
        }
        // A stable sort: lines starting together keep the file's order.
        let ordered = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
        return ordered.enumerated().map { number, cue in
            "\(number + 1)\n\(timestamp(cue.element.start)) --> \(timestamp(cue.element.end))\n\(cue.element.text)\n"
        }.joined(separator: "\n")
    }

    // MARK: Private

    private static let longest = 360_000.0

    /// `H:MM:SS.cc` in seconds, clamped to 0…100 hours; nil when it is not a time.
    private static func seconds(_ field: Substring) -> Double? {
        let parts = field.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]),
            let seconds = Double(parts[2])
        else { return nil }
        let total = hours * 3600 + minutes * 60 + seconds
        guard total.isFinite else { return nil }
        return min(longest, max(0, total))
    }

    /// The text without override blocks, `\N`/`\n` as line breaks and `\h` as a space.
    private static func plainText(_ field: Substring) -> String {
        var result = ""
        var inOverride = false
        for character in field {
            if character == "{" {
                inOverride = true
            } else if character == "}" && inOverride {
                inOverride = false
            } else if !inOverride {
                result.append(character)
            }
        }
        result = result.replacingOccurrences(of: "\\N", with: "\n").replacingOccurrences(of: "\\n", with: "\n")
            .replacingOccurrences(of: "\\h", with: " ")
        return result.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    private static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int(saturating: (seconds * 1000).rounded())
        let (hours, rest) = milliseconds.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
        let (whole, millis) = rest2.quotientAndRemainder(dividingBy: 1000)
        return String(format: "%02d:%02d:%02d,%03d", hours, minutes, whole, millis)
    }
}
