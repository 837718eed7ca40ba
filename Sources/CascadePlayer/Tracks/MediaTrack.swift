/// One audio or subtitle track of the video playing: an embedded stream, or a subtitle file
/// played with it (a sidecar or a dropped file).
public struct MediaTrack: Equatable, Hashable, Sendable {
    /// What a track carries.
    public enum Kind: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Sound.
        case audio
        /// Text drawn over the video.
        case subtitle
    }

    /// The engine's identifier (GStreamer's stream id), unique within one video.
    public var id: String
    /// Audio or subtitles.
    public var kind: Kind
    /// The language code the file gives ("en", "zh", "fra"), nil when unknown or "und".
    public var language: String?
    /// The track's title in the file, nil when none.
    public var title: String?
    /// Whether it comes from a subtitle file beside or dropped on the video rather than the
    /// video itself.
    public var isExternal: Bool

    /// A track; an empty or "und" language and an empty title count as none.
    public init(id: String, kind: Kind, language: String? = nil, title: String? = nil, isExternal: Bool = false) {
        self.id = id
        self.kind = kind
        let code = language?.trimmingCharacters(in: .whitespaces).lowercased()
        self.language = code.flatMap { $0.isEmpty || $0 == "und" || $0.count > 16 ? nil : $0 }
        let name = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.title = name.flatMap { $0.isEmpty ? nil : String($0.prefix(120)) }
        self.isExternal = isExternal
    }
}
