import CGStreamer
import CascadeFolder
import CascadeNumerics

/// A paused `uridecodebin → videoconvert → videoscale → <caps> → appsink` pipeline that reads
/// single frames of a local file or an http(s) URL (routed as the HTTP client routes,
/// `SourceProxy`): prerolled on creation, then `seek(to:)` and `pullFrame()` for
/// each frame wanted; every wait bounded by `timeout`. Set to NULL and released with the value.
/// The thumbnail grabber and the seek-preview sprite maker both read frames through it.
final class StillFramePipeline {
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let sink: UnsafeMutablePointer<GstAppSink>
    private let timeout: GstClockTime

    /// Builds and prerolls the pipeline for the file at `path`, its frames converted to `caps`.
    /// - Throws: `VideoProbeError` (unreadable, or `.timedOut` prerolling).
    convenience init(path: String, caps: String, timeout: Double) throws {
        try self.init(uri: FileURI.from(path: path), caps: caps, timeout: timeout)
    }

    /// Builds and prerolls the pipeline for `uri` (`file:` or http(s)), its frames converted to
    /// `caps`.
    /// - Throws: `VideoProbeError` (unreadable, or `.timedOut` prerolling).
    init(uri: String, caps: String, timeout: Double) throws {
        GStreamerRuntime.initialize()
        guard !uri.contains("\""), uri.utf8.count < 8192 else {
            throw VideoProbeError.unreadable("unsupported address")
        }
        let description =
            "uridecodebin name=source uri=\"\(uri)\" ! videoconvert ! videoscale ! \(caps) ! appsink name=sink sync=false"
        var error: UnsafeMutablePointer<GError>?
        guard let pipeline = gst_parse_launch(description, &error) else {
            throw VideoProbeError.unreadable(GStreamerRuntime.consume(error))
        }
        if let error { g_error_free(error) }
        guard let sinkElement = gst_bin_get_by_name(UnsafeMutablePointer<GstBin>(OpaquePointer(pipeline)), "sink")
        else {
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
            throw VideoProbeError.unreadable("no appsink")
        }
        self.pipeline = pipeline
        sink = UnsafeMutablePointer<GstAppSink>(OpaquePointer(sinkElement))
        if let source = gst_bin_get_by_name(UnsafeMutablePointer<GstBin>(OpaquePointer(pipeline)), "source") {
            SourceProxy.connect(source, uri: uri)
            gst_object_unref(UnsafeMutableRawPointer(source))
        }
        self.timeout = GstClockTime(saturating: timeout * Double(GStreamerRuntime.second))
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        try waitForPreroll()
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(sink))
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    /// The stream's duration in nanoseconds, nil when unknown.
    var duration: Double? {
        var queried: gint64 = 0
        guard gst_element_query_duration(pipeline, GST_FORMAT_TIME, &queried) != 0, queried > 0 else { return nil }
        return Double(queried)
    }

    /// Seeks to `nanoseconds` with `flags` and waits for the frame there to preroll; false when
    /// GStreamer refused the seek (the pipeline stays where it was).
    /// - Throws: `VideoProbeError` when the preroll fails or times out.
    func seek(to nanoseconds: gint64, flags: UInt32) throws -> Bool {
        guard gst_element_seek_simple(pipeline, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags), nanoseconds) != 0
        else { return false }
        try waitForPreroll()
        return true
    }

    /// The prerolled frame's sample (unref it), nil when none came within the timeout.
    func pullSample() -> OpaquePointer? {
        gst_app_sink_try_pull_preroll(sink, timeout)
    }

    // MARK: Private

    private func waitForPreroll() throws {
        switch gst_element_get_state(pipeline, nil, nil, timeout) {
        case GST_STATE_CHANGE_SUCCESS, GST_STATE_CHANGE_NO_PREROLL: return
        case GST_STATE_CHANGE_ASYNC: throw VideoProbeError.timedOut
        default: throw VideoProbeError.unreadable(busError())
        }
    }

    private func busError() -> String {
        guard let bus = gst_element_get_bus(pipeline) else { return "cannot decode" }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return "cannot decode" }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(OpaquePointer(message))) }
        var error: UnsafeMutablePointer<GError>?
        gst_message_parse_error(message, &error, nil)
        return GStreamerRuntime.consume(error)
    }
}
