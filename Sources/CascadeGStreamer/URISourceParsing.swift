import CGStreamer

/// Keeps playbin3's `urisourcebin` from demuxing a network stream itself (`parse-streams`), so
/// decodebin3 parses it as it parses a local file.
///
/// With parsed streams, decodebin3 1.22 passes each one through an `identity`, and setting the
/// pipeline to NULL sometimes dereferences a missing input stream there and crashes the app
/// (Docs/PLATFORM_NOTES.md). The file path has no `identity`.
enum URISourceParsing {
    /// Turns `parse-streams` off on the `urisourcebin` holding the source `playbin` sets up for
    /// `uri`, when it is a network one (urisourcebin never parses a file). `source-setup` comes
    /// before the source is typefound, while the choice can still change.
    static func disable(on playbin: UnsafeMutablePointer<GstElement>, uri: String) {
        guard uri.hasPrefix("http://") || uri.hasPrefix("https://") else { return }
        let setup: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, source, _ in
            guard let source,
                let parent = gst_object_get_parent(source.assumingMemoryBound(to: GstObject.self))
            else { return }
            defer { gst_object_unref(UnsafeMutableRawPointer(parent)) }
            let object = UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GObject.self)
            guard GObjectProperty.spec(of: object, named: "parse-streams") != nil else { return }
            gst_util_set_object_arg(object, "parse-streams", "false")
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(playbin), "source-setup", unsafeBitCast(setup, to: GCallback.self), nil, nil,
            GConnectFlags(rawValue: 0))
    }
}

extension PlaybackPipeline {
    /// Every element inside the pipeline, at any depth, as "parent/element" factory names
    /// ("decodebin3/parsebin"): what decodebin3 built for the stream, for tests.
    package var elementFactories: [String] {
        guard !isStopped else { return [] }
        let bin = UnsafeMutablePointer<GstBin>(OpaquePointer(pipelineElement))
        guard let iterator = gst_bin_iterate_recurse(bin) else { return [] }
        defer { gst_iterator_free(iterator) }
        var names: [String] = []
        var item = GValue()
        while gst_iterator_next(iterator, &item) == GST_ITERATOR_OK {
            if let element = g_value_get_object(&item)?.assumingMemoryBound(to: GstObject.self) {
                let parent = gst_object_get_parent(element)
                names.append("\(Self.factoryName(parent))/\(Self.factoryName(element))")
                if let parent { gst_object_unref(UnsafeMutableRawPointer(parent)) }
            }
            g_value_reset(&item)
        }
        g_value_unset(&item)
        return names
    }

    nonisolated static func factoryName(_ object: UnsafeMutablePointer<GstObject>?) -> String {
        guard let object,
            let factory = gst_element_get_factory(
                UnsafeMutableRawPointer(object).assumingMemoryBound(to: GstElement.self)),
            let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
        else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }
}
