import CascadeNumerics
import Foundation

extension TestClips {
    /// Writes a Matroska clip of `duration` seconds with two audio tracks (a 440 Hz tone tagged
    /// English, an 880 Hz one tagged French and titled "Commentary") and two SubRip subtitle
    /// tracks (English "English line N", Chinese "中文字幕第N行", a cue every half second).
    ///
    /// - Throws: `ChildProcess.Failure` when ffmpeg is missing or fails.
    public static func makeMultiTrackClip(
        named name: String = "tracks.mkv", in directory: URL, duration: Double = 8, timeout: Double = 60
    ) throws -> URL {
        let output = directory.appendingPathComponent(name)
        let english = directory.appendingPathComponent("\(name)-en.srt")
        let chinese = directory.appendingPathComponent("\(name)-zh.srt")
        try subRip(duration: duration) { "English line \($0)" }.write(to: english, atomically: true, encoding: .utf8)
        try subRip(duration: duration) { "中文字幕第\($0)行" }.write(to: chinese, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(at: english)
            try? FileManager.default.removeItem(at: chinese)
        }
        let arguments = [
            "-nostdin", "-v", "error", "-y",
            "-f", "lavfi", "-i", "testsrc2=duration=\(duration):size=320x180:rate=25",
            "-f", "lavfi", "-i", "sine=frequency=440:duration=\(duration)",
            "-f", "lavfi", "-i", "sine=frequency=880:duration=\(duration)",
            "-i", english.path, "-i", chinese.path,
            "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map", "4",
            "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-c:s", "srt",
            "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra",
            "-metadata:s:a:1", "title=Commentary", "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=chi",
            output.path,
        ]
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw ChildProcess.Failure(description: "ffmpeg is not installed (scripts/install-deps.sh)")
        }
        try ChildProcess.run("/usr/bin/ffmpeg", arguments, timeout: timeout)
        return output
    }

    /// SubRip text with a cue every half second over `duration` seconds, the Nth saying `text(N)`.
    public static func subRip(duration: Double, text: (Int) -> String) -> String {
        let count = max(1, Int(saturating: (duration * 2).rounded()))
        return (0..<count).map { index in
            "\(index + 1)\n\(timestamp(Double(index) / 2)) --> \(timestamp(Double(index + 1) / 2))\n\(text(index + 1))\n"
        }.joined(separator: "\n")
    }

    /// An SSA/ASS file with a dialogue line every half second over `duration` seconds, the Nth
    /// saying `text(N)` in bold (an override tag the player drops).
    public static func subStationAlpha(duration: Double, text: (Int) -> String) -> String {
        let count = max(1, Int(saturating: (duration * 2).rounded()))
        let events = (0..<count).map { index in
            let start = timestamp(Double(index) / 2).replacingOccurrences(of: ",", with: ".").dropFirst().dropLast()
            let end = timestamp(Double(index + 1) / 2).replacingOccurrences(of: ",", with: ".").dropFirst().dropLast()
            return "Dialogue: 0,\(start),\(end),Default,,0,0,0,,{\\b1}\(text(index + 1)){\\b0}"
        }
        return """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 320
            PlayResY: 180

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, Bold
            Style: Default,Sans,18,&H00FFFFFF,0

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """ + events.joined(separator: "\n") + "\n"
    }

    private static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int(saturating: (seconds * 1000).rounded())
        return String(
            format: "%02d:%02d:%02d,%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
            milliseconds / 1000 % 60,
            milliseconds % 1000)
    }
}
