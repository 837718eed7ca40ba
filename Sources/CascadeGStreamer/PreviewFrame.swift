import CGStreamer
import CascadeNumerics

/// One frame of a `PreviewPipeline`: opaque BGRA pixels (byte order B, G, R, A with A = 255,
/// so also premultiplied), borrowed for the duration of the `onFrame` call.
public struct PreviewFrame {
    /// The first byte of the top row.
    public let pixels: UnsafeRawPointer
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Bytes from one row to the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// The frame's position in the clip, in seconds (nil when the buffer has none).
    public var position: Double?

    /// Largest edge a preview frame may have, whatever the caps say.
    public static let maxEdge = 4096

    /// The frame size, in pixels, that covers a `box` (device pixels) with a video of
    /// `video` pixels whose pixels are `pixelAspect` (width / height) wide: the video's display
    /// aspect is kept, the smaller scale that fills the box in both directions is used, and
    /// each edge is clamped to 1…`maxEdge`. A video of unknown size gets the box's size.
    public static func size(
        covering box: (width: Int, height: Int), video: (width: Int, height: Int)?,
        pixelAspect: Double = 1
    ) -> (width: Int, height: Int) {
        let boxWidth = min(max(1, box.width), maxEdge)
        let boxHeight = min(max(1, box.height), maxEdge)
        let aspect = pixelAspect.isFinite && pixelAspect > 0 ? min(max(pixelAspect, 0.01), 100) : 1
        guard let video, video.width > 0, video.height > 0 else { return (boxWidth, boxHeight) }
        let displayWidth = Double(video.width) * aspect
        let displayHeight = Double(video.height)
        let scale = max(Double(boxWidth) / displayWidth, Double(boxHeight) / displayHeight)
        let width = Int(saturating: (displayWidth * scale).rounded())
        let height = Int(saturating: (displayHeight * scale).rounded())
        return (min(max(1, width), maxEdge), min(max(1, height), maxEdge))
    }
}

/// A sample's buffer mapped for reading, as a `PreviewFrame`.
struct MappedSample {
    let frame: PreviewFrame
    private let buffer: UnsafeMutablePointer<GstBuffer>
    private let info: GstMapInfo

    /// Maps `sample`'s buffer (borrowed sample); nil when it is not a whole BGRA frame.
    static func map(_ sample: OpaquePointer) -> MappedSample? {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return nil }
        var video = GstVideoInfo()
        guard gst_video_info_from_caps(&video, caps) != 0, video.finfo?.pointee.format == GST_VIDEO_FORMAT_BGRA
        else { return nil }
        let width = Int(clamping: video.width)
        let height = Int(clamping: video.height)
        let stride = Int(clamping: video.stride.0)
        guard width > 0, height > 0, width <= PreviewFrame.maxEdge, height <= PreviewFrame.maxEdge,
            stride >= width * 4
        else { return nil }
        var info = GstMapInfo()
        guard gst_buffer_map(buffer, &info, GST_MAP_READ) != 0 else { return nil }
        guard let data = info.data, info.size >= stride * (height - 1) + width * 4 else {
            gst_buffer_unmap(buffer, &info)
            return nil
        }
        let pts = buffer.pointee.pts
        let frame = PreviewFrame(
            pixels: UnsafeRawPointer(data), width: width, height: height, bytesPerRow: stride,
            position: pts == GstClockTime.max ? nil : Double(pts) / 1e9)
        return MappedSample(frame: frame, buffer: buffer, info: info)
    }

    /// Ends the mapping; `frame` is invalid afterwards.
    func unmap() {
        var info = info
        gst_buffer_unmap(buffer, &info)
    }
}
