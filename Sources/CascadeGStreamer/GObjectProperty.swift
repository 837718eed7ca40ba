import CGStreamer

/// Looks up a property by name on a GObject's class: elements differ by version and plugin
/// (souphttpsrc's `proxy`, urisourcebin's `parse-streams`, playbin3's `flags`).
enum GObjectProperty {
    /// `object`'s property `name`, nil when its class has none.
    static func spec(of object: UnsafeMutablePointer<GObject>, named name: String) -> UnsafeMutablePointer<GParamSpec>?
    {
        guard let type = object.pointee.g_type_instance.g_class else { return nil }
        return g_object_class_find_property(
            UnsafeMutableRawPointer(type).assumingMemoryBound(to: GObjectClass.self), name)
    }
}
