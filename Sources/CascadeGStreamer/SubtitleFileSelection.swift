import CGStreamer

/// Makes a subtitle file's stream (`suburi`) the one decodebin3 plays on a video that has text
/// streams of its own.
///
/// decodebin3 1.22 chooses from the video's own collection before the file's stream joins it,
/// leaves the file's stream out, and the file's parser then stops the pipeline with
/// "not-linked" (Docs/PLATFORM_NOTES.md). Its `select-stream` signal is asked again when the
/// merged collection comes; answering for the file there makes it the text stream played.
package enum SubtitleFileSelection {
    /// decodebin3's `select-stream` answer for `stream` in `collection`: 1 plays it, 0 leaves it
    /// out, -1 leaves the choice to decodebin3. Only where the video has text streams of its
    /// own and the file's stream is there too: the file's is played, the video's are left out.
    /// Elsewhere decodebin3 chooses (answering for a file beside an mp4 made half its opens fail).
    package static func answer(for stream: PlaybackStream, in collection: [PlaybackStream]) -> Int32 {
        let text = collection.filter { $0.kind == .text }
        guard stream.kind == .text, text.contains(where: \.isExternal), text.contains(where: { !$0.isExternal })
        else { return -1 }
        return stream.isExternal ? 1 : 0
    }

    /// Connects the answer to the decodebin3 inside `playbin` (uridecodebin3 makes it when it
    /// is made, so it is there before the pipeline starts). False when there is none.
    @discardableResult
    static func connect(to playbin: UnsafeMutablePointer<GstElement>) -> Bool {
        guard let decodebin = decodebin(in: playbin) else { return false }
        defer { gst_object_unref(decodebin) }
        let select: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> gint = { _, collection, stream, _ in
            SubtitleFileSelection.answer(collection, stream)
        }
        g_signal_connect_data(
            decodebin, "select-stream", unsafeBitCast(select, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
        return true
    }

    /// The answer for `stream` in `collection` as decodebin3 gives them; runs on a streaming
    /// thread and reads only those two.
    private static func answer(_ collection: gpointer?, _ stream: gpointer?) -> gint {
        guard let collection, let stream else { return -1 }
        let streams = PlaybackPipeline.streams(in: collection.assumingMemoryBound(to: GstStreamCollection.self))
        let id = gst_stream_get_stream_id(stream.assumingMemoryBound(to: GstStream.self)).map { String(cString: $0) }
        guard let asked = streams.first(where: { $0.id == id }) else { return -1 }
        return answer(for: asked, in: streams)
    }

    /// The first element made by the `decodebin3` factory at any depth in `playbin` (a new
    /// reference), nil when there is none.
    private static func decodebin(in playbin: UnsafeMutablePointer<GstElement>) -> gpointer? {
        guard let iterator = gst_bin_iterate_recurse(UnsafeMutablePointer<GstBin>(OpaquePointer(playbin))) else {
            return nil
        }
        defer { gst_iterator_free(iterator) }
        var item = GValue()
        defer { g_value_unset(&item) }
        while gst_iterator_next(iterator, &item) == GST_ITERATOR_OK {
            if let element = g_value_get_object(&item)?.assumingMemoryBound(to: GstObject.self),
                PlaybackPipeline.factoryName(element) == "decodebin3"
            {
                return gst_object_ref(UnsafeMutableRawPointer(element))
            }
            g_value_reset(&item)
        }
        return nil
    }
}
