import CGStreamer

/// The streams of the media (playbin3's stream collection) and which of them play.
///
/// A track switch is a `select-streams` event: playback goes on from where it is, no seek.
/// Subtitles are turned off with playbin3's `text` flag, not by selecting no text stream: in
/// GStreamer 1.22 a text stream selected again after none was stalls the pipeline
/// (Docs/PLATFORM_NOTES.md). So a text stream always stays selected, and the flag says whether
/// it is drawn.
extension PlaybackPipeline {
    /// playbin3's `GST_PLAY_FLAG_TEXT`: subtitles are drawn.
    private static let textFlag: guint = 1 << 2

    /// Selects the streams whose ids are `ids` (the video's, one audio, one text) without
    /// stopping; `.streamsChanged` follows once they play. False when GStreamer refused it.
    @discardableResult
    public func selectStreams(_ ids: [String]) -> Bool {
        guard !isStopped, !ids.isEmpty else { return false }
        var list: UnsafeMutablePointer<GList>?
        let copies = ids.map { strdup($0) }
        defer {
            g_list_free(list)
            copies.forEach { free($0) }
        }
        for copy in copies { list = g_list_append(list, UnsafeMutableRawPointer(copy)) }
        guard let event = gst_event_new_select_streams(list) else { return false }
        return gst_element_send_event(pipelineElement, event) != 0
    }

    /// Whether the selected text stream is drawn (playbin3's `text` flag).
    public var showsSubtitles: Bool {
        get { (playFlags ?? Self.textFlag) & Self.textFlag != 0 }
        set {
            guard !isStopped, let flags = playFlags else { return }
            playFlags = newValue ? flags | Self.textFlag : flags & ~Self.textFlag
        }
    }

    // MARK: Internal (the bus)

    /// The streams of the media, from playbin3's newest stream collection (empty until it
    /// comes), with their tags as they are now.
    public var streams: [PlaybackStream] {
        guard let collection, !isStopped else { return [] }
        return Self.streams(in: collection)
    }

    /// The streams of `collection`, each marked external when it does not come from where the
    /// video stream comes from.
    nonisolated static func streams(in collection: UnsafeMutablePointer<GstStreamCollection>) -> [PlaybackStream] {
        var read: [PlaybackStream] = []
        for index in 0..<gst_stream_collection_get_size(collection) {
            guard let stream = gst_stream_collection_get_stream(collection, index) else { continue }
            read.append(describe(stream))
        }
        let upstream = read.first { $0.kind == .video }.map { Self.upstream(of: $0.id) }
        return read.map { stream in
            var stream = stream
            stream.isExternal = upstream != nil && Self.upstream(of: stream.id) != upstream
            return stream
        }
    }

    /// Whether a collection of the streams `received` replaces the one of `current`: unless it
    /// is a part of it. decodebin3 posts each merge of its inputs' collections after unlocking,
    /// so with a subtitle file the merge of one input can reach the bus after the merge of both
    /// (Docs/PLATFORM_NOTES.md); within one pipeline the merges only grow.
    package nonisolated static func replaces(_ received: [String], _ current: [String]) -> Bool {
        let kept = Set(current)
        return received.count >= kept.count || !received.allSatisfy(kept.contains)
    }

    /// Keeps a `stream-collection` message's collection (`streams`); false when it was a late
    /// part of the one kept, and left.
    func readCollection(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        var received: UnsafeMutablePointer<GstStreamCollection>?
        gst_message_parse_stream_collection(message, &received)
        guard let received else { return false }
        if let collection {
            guard Self.replaces(Self.streams(in: received).map(\.id), Self.streams(in: collection).map(\.id)) else {
                gst_object_unref(UnsafeMutableRawPointer(received))
                return false
            }
            gst_object_unref(UnsafeMutableRawPointer(collection))
        }
        collection = received
        return true
    }

    /// Reads a `streams-selected` message into `selectedStreamIDs`.
    func readSelection(_ message: UnsafeMutablePointer<GstMessage>) {
        var ids: [String] = []
        for index in 0..<gst_message_streams_selected_get_size(message) {
            guard let stream = gst_message_streams_selected_get_stream(message, index) else { continue }
            if let id = gst_stream_get_stream_id(stream) { ids.append(String(cString: id)) }
            gst_object_unref(UnsafeMutableRawPointer(stream))
        }
        selectedStreamIDs = ids
    }

    // MARK: Private

    nonisolated static func describe(_ stream: UnsafeMutablePointer<GstStream>) -> PlaybackStream {
        let id = gst_stream_get_stream_id(stream).map { String(cString: $0) } ?? ""
        let type = gst_stream_get_stream_type(stream).rawValue
        let kind: PlaybackStream.Kind =
            type & GST_STREAM_TYPE_VIDEO.rawValue != 0
            ? .video
            : type & GST_STREAM_TYPE_AUDIO.rawValue != 0
                ? .audio : type & GST_STREAM_TYPE_TEXT.rawValue != 0 ? .text : .other
        var language: String?
        var title: String?
        if let tags = gst_stream_get_tags(stream) {
            language = string(tags, "language-code")
            title = string(tags, "title")
            gst_mini_object_unref(UnsafeMutableRawPointer(tags).assumingMemoryBound(to: GstMiniObject.self))
        }
        return PlaybackStream(id: id, kind: kind, language: language, title: title)
    }

    private nonisolated static func string(_ tags: UnsafeMutablePointer<GstTagList>, _ tag: String) -> String? {
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, tag, &value) != 0, let value else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The part of a stream id naming where it comes from: the text before its first `/`.
    private nonisolated static func upstream(of id: String) -> Substring {
        id.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? Substring(id)
    }

    /// playbin3's `flags`, nil when they cannot be read.
    private var playFlags: guint? {
        get {
            let object = UnsafeMutableRawPointer(pipelineElement).assumingMemoryBound(to: GObject.self)
            guard let spec = flagsSpec(of: object) else { return nil }
            var value = GValue()
            g_value_init(&value, spec.pointee.value_type)
            defer { g_value_unset(&value) }
            g_object_get_property(object, "flags", &value)
            return g_value_get_flags(&value)
        }
        set {
            guard let newValue else { return }
            let object = UnsafeMutableRawPointer(pipelineElement).assumingMemoryBound(to: GObject.self)
            guard let spec = flagsSpec(of: object) else { return }
            var value = GValue()
            g_value_init(&value, spec.pointee.value_type)
            defer { g_value_unset(&value) }
            g_value_set_flags(&value, newValue)
            g_object_set_property(object, "flags", &value)
        }
    }

    /// playbin3's `flags` property, nil when the element has none.
    private func flagsSpec(of object: UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<GParamSpec>? {
        GObjectProperty.spec(of: object, named: "flags")
    }
}
