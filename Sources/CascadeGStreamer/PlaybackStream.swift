/// One elementary stream of the media playing, as playbin3's stream collection lists it.
public struct PlaybackStream: Equatable, Sendable {
    /// What the stream carries.
    public enum Kind: Equatable, Sendable {
        /// Pictures.
        case video
        /// Sound.
        case audio
        /// Subtitles.
        case text
        /// Anything else (a container's data stream).
        case other
    }

    /// GStreamer's stream id, unique within the pipeline.
    public var id: String
    /// What it carries.
    public var kind: Kind
    /// The `language-code` tag (GStreamer gives ISO 639-1 where one exists: "en", "zh").
    public var language: String?
    /// The `title` tag.
    public var title: String?
    /// Whether it comes from the subtitle file (`suburi`) rather than the media itself: its id
    /// does not start with the video stream's upstream part (the text before the first `/`).
    public var isExternal: Bool

    /// A stream.
    public init(id: String, kind: Kind, language: String? = nil, title: String? = nil, isExternal: Bool = false) {
        self.id = id
        self.kind = kind
        self.language = language
        self.title = title
        self.isExternal = isExternal
    }
}
