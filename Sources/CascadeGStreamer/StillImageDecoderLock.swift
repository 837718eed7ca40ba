import CGStreamer
import CascadePlayer

/// Takes GStreamer's still-image decoders out of automatic plugging for the whole process
/// (`StillImageDecoderPolicy` decides which; their rank becomes NONE, so `decodebin` and the
/// players built on it never choose them). Every pipeline of this module gets it with
/// GStreamer's initialisation; GStreamer started elsewhere (GTK's media backend) needs
/// `apply()` first.
public enum StillImageDecoderLock {
    /// Walks the registry and ranks the refused elements out; returns their names, sorted.
    static func rankOut() -> [String] {
        guard let registry = gst_registry_get() else { return [] }
        let features = gst_registry_get_feature_list(registry, gst_element_factory_get_type())
        defer { gst_plugin_feature_list_free(features) }
        var names: [String] = []
        var node = features
        while let current = node {
            defer { node = current.pointee.next }
            guard let raw = current.pointee.data else { continue }
            let factory = OpaquePointer(raw)
            let feature = OpaquePointer(raw)
            guard let cName = gst_object_get_name(raw.assumingMemoryBound(to: GstObject.self)) else { continue }
            let name = String(cString: cName)
            g_free(cName)
            let klass = gst_element_factory_get_metadata(factory, "klass").map { String(cString: $0) } ?? ""
            guard StillImageDecoderPolicy.refuses(name: name, klass: klass, sinkMediaTypes: sinkMediaTypes(factory))
            else { continue }
            gst_plugin_feature_set_rank(feature, guint(GST_RANK_NONE.rawValue))
            names.append(name)
        }
        return names.sorted()
    }

    /// Applies the lock once (initialising GStreamer if needed) and returns the elements it took
    /// out, sorted. Later calls return the same list.
    @discardableResult public static func apply() -> [String] { GStreamerRuntime.lockedDecoders }

    /// The media types (`"image/png"`) of the factory's sink pad templates, one per structure.
    private static func sinkMediaTypes(_ factory: OpaquePointer) -> [String] {
        var types: [String] = []
        var node = gst_element_factory_get_static_pad_templates(factory)
        while let current = node {
            defer { node = UnsafePointer(current.pointee.next) }
            guard let raw = current.pointee.data else { continue }
            let template = raw.assumingMemoryBound(to: GstStaticPadTemplate.self)
            guard template.pointee.direction == GST_PAD_SINK, let text = template.pointee.static_caps.string,
                let caps = gst_caps_from_string(text)
            else { continue }
            defer { gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self)) }
            for index in 0..<gst_caps_get_size(caps) {
                guard let structure = gst_caps_get_structure(caps, index) else { continue }
                types.append(String(cString: gst_structure_get_name(structure)))
            }
        }
        return types
    }
}
