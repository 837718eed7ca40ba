import CGStreamer

/// The one teardown of a pipeline that runs on the GLib main loop (the player's and the
/// previews'): its bus watch removed, the pipeline set to NULL, the bus flushed so no message
/// arrives after, then the bus and the pipeline released.
enum PipelineRelease {
    static func release(_ pipeline: UnsafeMutablePointer<GstElement>, bus: UnsafeMutablePointer<GstBus>?, watch: guint)
    {
        if let bus {
            if watch != 0 { _ = gst_bus_remove_watch(bus) }
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_bus_set_flushing(bus, 1)
            gst_object_unref(UnsafeMutableRawPointer(bus))
        } else {
            gst_element_set_state(pipeline, GST_STATE_NULL)
        }
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }
}
