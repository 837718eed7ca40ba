import Foundation

/// The text file the resume positions are kept in: a header line, then one video per line,
/// least recently watched first, as `position<TAB>duration<TAB>key`, then `<TAB>label` when the
/// video has one (seconds with three decimals; the key is the video's URL and the label the
/// host's description of the video, neither holding a tab or a line break). Version 1 files,
/// which have no labels, are read too.
///
/// ```
/// # Cascade: where videos were left (written by the app)
/// cascade-resume-positions 2
/// 83.250	212.480	https://cdn.example.com/v/clip.flv	{"title":"…"}
/// ```
///
/// Reading treats the file as hostile: a file over `maximumBytes`, not UTF-8 or without the
/// header is ignored whole (with a warning); a line that does not parse, or whose key is not a
/// valid key or label, is skipped (one warning counts them); numbers are clamped by `ResumePoint`; at most
/// `capacity` entries are kept (the most recent).
public enum ResumeFileFormat {
    /// The header line that identifies the file and its version.
    public static let header = "cascade-resume-positions 2"
    /// The header of the first version (no labels), still read.
    static let versionOneHeader = "cascade-resume-positions 1"
    /// Files larger than this are not read: 500 entries of 4 KB keys and 8 KB labels are about
    /// 6 MB.
    public static let maximumBytes = 8 << 20
    /// The longest key accepted, in UTF-8 bytes.
    public static let maximumKeyBytes = 4096
    /// The longest label accepted, in UTF-8 bytes.
    public static let maximumLabelBytes = 8192

    /// What reading a file gave: the entries kept and what was wrong, one line each.
    public struct Decoded: Equatable, Sendable {
        /// The entries read.
        public var list: ResumeList
        /// Problems found, for the terminal.
        public var warnings: [String]
    }

    /// Whether `key` can be stored: non-empty, at most `maximumKeyBytes`, no control characters.
    public static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= maximumKeyBytes
            && !key.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Whether `label` can be stored: non-empty, at most `maximumLabelBytes`, no control characters.
    public static func isValidLabel(_ label: String) -> Bool {
        !label.isEmpty && label.utf8.count <= maximumLabelBytes
            && !label.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The file's bytes for `list`.
    public static func encode(_ list: ResumeList) -> Data {
        var text = "# Cascade: where videos were left (written by the app)\n\(header)\n"
        for (key, point) in list.entries {
            text += "\(decimal(point.position))\t\(decimal(point.duration))\t\(key)"
            if let label = list.label(for: key) { text += "\t\(label)" }
            text += "\n"
        }
        return Data(text.utf8)
    }

    /// Reads `data`; never throws or traps, whatever the bytes.
    public static func decode(_ data: Data, capacity: Int) -> Decoded {
        var list = ResumeList(capacity: capacity)
        guard data.count <= maximumBytes else {
            return Decoded(list: list, warnings: ["larger than \(maximumBytes >> 20) MB; ignored"])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return Decoded(list: list, warnings: ["not UTF-8 text; ignored"])
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        while let first = lines.first, first.hasPrefix("#") { lines.removeFirst() }
        let version = lines.popFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        guard version == header || version == versionOneHeader else {
            return Decoded(list: list, warnings: ["not a resume-positions file (no '\(header)' line); ignored"])
        }
        var skipped = 0
        for line in lines where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            let label = fields.count == 4 ? String(fields[3]) : nil
            guard fields.count >= 3, let position = Double(fields[0]), let duration = Double(fields[1]),
                position.isFinite, duration.isFinite, isValidKey(String(fields[2])),
                label.map(isValidLabel) ?? true
            else {
                skipped += 1
                continue
            }
            list.set(ResumePoint(position: position, duration: duration), for: String(fields[2]), label: label)
        }
        let warnings = skipped > 0 ? ["\(skipped) damaged line\(skipped == 1 ? "" : "s") skipped"] : []
        return Decoded(list: list, warnings: warnings)
    }

    private static func decimal(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
