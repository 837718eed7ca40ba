import CGStreamer
import CascadeFolder
import CascadeNumerics

/// Probes a video file with GStreamer's discoverer (gst-pbutils): duration, display size
/// (pixel aspect ratio applied), and whether there is a video stream at all.
public struct GStreamerVideoProber: VideoProbing {
    /// Seconds one probe may take before it fails with `.timedOut`.
    public var timeout: Double

    /// Creates a prober.
    public init(timeout: Double = 5) {
        self.timeout = timeout
    }

    public func probe(path: String) throws -> VideoProbe {
        GStreamerRuntime.initialize()
        var error: UnsafeMutablePointer<GError>?
        let nanoseconds = GstClockTime(saturating: timeout * Double(GStreamerRuntime.second))
        guard let discoverer = gst_discoverer_new(nanoseconds, &error) else {
            throw VideoProbeError.unreadable(GStreamerRuntime.consume(error))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = gst_discoverer_discover_uri(discoverer, FileURI.from(path: path), &error)
        defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
        guard let info else { throw VideoProbeError.unreadable(GStreamerRuntime.consume(error)) }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK: break
        case GST_DISCOVERER_TIMEOUT:
            if let error { g_error_free(error) }
            throw VideoProbeError.timedOut
        default: throw VideoProbeError.unreadable(GStreamerRuntime.consume(error))
        }
        if let error { g_error_free(error) }
        let streams = gst_discoverer_info_get_video_streams(info)
        defer { gst_discoverer_stream_info_list_free(streams) }
        guard let first = streams?.pointee.data else { throw VideoProbeError.noVideo }
        let video = OpaquePointer(first)
        guard gst_discoverer_video_info_is_image(video) == 0 else { throw VideoProbeError.noVideo }
        let width = Int(gst_discoverer_video_info_get_width(video))
        let height = Int(gst_discoverer_video_info_get_height(video))
        guard width > 0, height > 0 else { throw VideoProbeError.noVideo }
        let parN = Double(gst_discoverer_video_info_get_par_num(video))
        let parD = Double(gst_discoverer_video_info_get_par_denom(video))
        let displayWidth =
            parN > 0 && parD > 0 ? max(1, Int(saturatingRounded: Double(width) * parN / parD)) : width
        let duration = gst_discoverer_info_get_duration(info)
        let seconds: Double? =
            duration == GstClockTime.max || duration == 0 ? nil : Double(duration) / Double(GStreamerRuntime.second)
        return VideoProbe(duration: seconds, width: min(displayWidth, 1 << 16), height: min(height, 1 << 16))
    }
}
