import CGStreamer
import CPixbuf
import CascadeFolder
import CascadeNumerics

/// Grabs a representative frame of a video with GStreamer and encodes it as a PNG thumbnail.
///
/// A paused `uridecodebin → videoconvert → videoscale → appsink` pipeline (video streams only,
/// square pixels, RGB) seeks to a third of the duration; a frame that is nearly black (a fade,
/// a title card) is passed over for the next candidate position (15 %, 50 %, 66 %, 5 %), and the
/// brightest frame seen wins when all are dark. gdk-pixbuf scales it to fit `maxEdge` (never
/// up) and encodes the PNG. Every wait is bounded by `timeout`.
public struct GStreamerFrameGrabber: FrameGrabbing {
    /// Seconds each step (preroll, seek) may take.
    public var timeout: Double
    /// Positions tried, as fractions of the duration.
    public static let candidates: [Double] = [0.33, 0.15, 0.5, 0.66, 0.05]
    /// A frame whose mean luma (0–255) is below this is "nearly black".
    public static let darkLuma = 24.0

    /// Creates a grabber.
    public init(timeout: Double = 5) {
        self.timeout = timeout
    }

    public func thumbnailPNG(path: String, maxEdge: Int, duration: Double?) throws -> [UInt8] {
        GStreamerRuntime.initialize()
        let frame = try grab(path: path, duration: duration)
        return try encode(frame, maxEdge: max(1, maxEdge))
    }

    // MARK: Private

    private struct Frame {
        var width: Int
        var height: Int
        var stride: Int
        var rgb: [UInt8]
        var luma: Double
    }

    private func grab(path: String, duration: Double?) throws -> Frame {
        let pipeline = try StillFramePipeline(
            path: path, caps: "video/x-raw,format=RGB,pixel-aspect-ratio=1/1", timeout: timeout)
        var total = duration.map { $0 * Double(GStreamerRuntime.second) } ?? 0
        if total <= 0 { total = pipeline.duration ?? 0 }
        // Long videos seek to the nearest keyframe (fast); short ones decode to the exact frame,
        // since their only keyframe is often the first, black one.
        let flags =
            total > 60 * Double(GStreamerRuntime.second)
            ? GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue
            : GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue
        var best: Frame?
        for fraction in total > 0 ? Self.candidates : [0] {
            if total > 0, try !pipeline.seek(to: gint64(saturating: total * fraction), flags: flags) { continue }
            guard let frame = pullFrame(pipeline) else { continue }
            if frame.luma >= Self.darkLuma { return frame }
            if frame.luma > best?.luma ?? -1 { best = frame }
        }
        guard let best else { throw VideoProbeError.unreadable("no frame decoded") }
        return best
    }

    private func pullFrame(_ pipeline: StillFramePipeline) -> Frame? {
        guard let sample = pipeline.pullSample() else { return nil }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(sample)) }
        guard let caps = gst_sample_get_caps(sample), let structure = gst_caps_get_structure(caps, 0),
            let buffer = gst_sample_get_buffer(sample)
        else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        guard gst_structure_get_int(structure, "width", &width) != 0,
            gst_structure_get_int(structure, "height", &height) != 0, width > 0, height > 0, width <= 8192,
            height <= 8192
        else { return nil }
        let w = Int(width)
        let h = Int(height)
        let stride = (w * 3 + 3) & ~3  // GStreamer's default RGB row alignment
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        guard map.size >= stride * (h - 1) + w * 3, let data = map.data else { return nil }
        let rgb = Array(UnsafeBufferPointer(start: data, count: stride * (h - 1) + w * 3))
        return Frame(width: w, height: h, stride: stride, rgb: rgb, luma: Self.meanLuma(rgb, w, h, stride))
    }

    /// Mean Rec. 601 luma over a grid of up to 64 × 64 samples.
    static func meanLuma(_ rgb: [UInt8], _ width: Int, _ height: Int, _ rowBytes: Int) -> Double {
        let stepX = max(1, width / 64)
        let stepY = max(1, height / 64)
        var sum = 0.0
        var count = 0.0
        for y in stride(from: 0, to: height, by: stepY) {
            for x in stride(from: 0, to: width, by: stepX) {
                let i = y * rowBytes + x * 3
                sum += 0.299 * Double(rgb[i]) + 0.587 * Double(rgb[i + 1]) + 0.114 * Double(rgb[i + 2])
                count += 1
            }
        }
        return count > 0 ? sum / count : 0
    }

    private func encode(_ frame: Frame, maxEdge: Int) throws -> [UInt8] {
        var rgb = frame.rgb
        let pixbuf = rgb.withUnsafeMutableBytes { bytes in
            gdk_pixbuf_new_from_data(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), GDK_COLORSPACE_RGB, 0, 8, Int32(frame.width),
                Int32(frame.height), Int32(frame.stride), nil, nil)
        }
        guard let pixbuf else { throw VideoProbeError.unreadable("cannot wrap the frame") }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let scale = min(1, Double(maxEdge) / Double(max(frame.width, frame.height)))
        let targetWidth = max(1, Int32(saturatingRounded: Double(frame.width) * scale))
        let targetHeight = max(1, Int32(saturatingRounded: Double(frame.height) * scale))
        // Scaling copies the pixels, so `rgb` may go once it returns.
        guard let scaled = gdk_pixbuf_scale_simple(pixbuf, targetWidth, targetHeight, GDK_INTERP_BILINEAR) else {
            throw VideoProbeError.unreadable("cannot scale the frame")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(scaled, &buffer, &size, "png", nil, nil, &error) != 0, let buffer else {
            throw VideoProbeError.unreadable(GStreamerRuntime.consume(error))
        }
        defer { g_free(buffer) }
        _ = rgb.count
        return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)).bindMemory(to: UInt8.self))
    }
}
