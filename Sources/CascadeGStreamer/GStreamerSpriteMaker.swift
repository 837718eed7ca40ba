import CGStreamer
import CascadeFolder
import CascadeNumerics
import Foundation

/// Makes seek-preview sprites with GStreamer: a paused `uridecodebin → videoconvert → videoscale
/// → appsink` pipeline scales frames to the plan's tile size (RGB, square pixels, letterboxed to
/// the video's aspect) and seeks to each position in turn, copying the prerolled frame into its
/// tile; `StoredPNG` encodes the sprite. Videos up to a minute seek to the exact frame, longer
/// ones to the keyframe before it (fast, and close enough for a preview). Every wait is bounded
/// by `timeout`; a tile whose seek fails keeps the frame before it.
public struct GStreamerSpriteMaker: SpriteMaking {
    /// Seconds each step (preroll, seek) may take.
    public var timeout: Double

    /// Creates a maker.
    public init(timeout: Double = 5) {
        self.timeout = timeout
    }

    public func spritePNG(video: URL, plan: SeekPreviewPlan) throws -> [UInt8] {
        let width = SeekPreviewPlan.tileWidth
        let height = plan.tileHeight
        let uri = video.isFileURL ? FileURI.from(path: video.path) : video.absoluteString
        let pipeline = try StillFramePipeline(
            uri: uri, caps: "video/x-raw,format=RGB,width=\(width),height=\(height),pixel-aspect-ratio=1/1",
            timeout: timeout)
        let flags =
            plan.duration > 60
            ? GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_BEFORE.rawValue
            : GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue
        let rowBytes = plan.spriteWidth * 3
        var sprite = [UInt8](repeating: 0, count: rowBytes * plan.spriteHeight)
        var previous: [UInt8]?
        var decoded = 0
        for (index, seconds) in plan.positions.enumerated() {
            let position = gint64(saturating: seconds * Double(GStreamerRuntime.second))
            var tile: [UInt8]?
            if (try? pipeline.seek(to: position, flags: flags)) == true {
                tile = pullTile(pipeline, width: width, height: height)
            }
            if tile != nil { decoded += 1 }
            guard let pixels = tile ?? previous else { continue }
            previous = pixels
            let origin = plan.origin(ofTile: index)
            for row in 0..<height {
                let target = (origin.y + row) * rowBytes + origin.x * 3
                sprite.replaceSubrange(
                    target..<target + width * 3, with: pixels[row * width * 3..<(row + 1) * width * 3])
            }
        }
        guard decoded > 0, let png = StoredPNG.encode(width: plan.spriteWidth, height: plan.spriteHeight, rgb: sprite)
        else { throw VideoProbeError.unreadable("no frame decoded") }
        return png
    }

    // MARK: Private

    /// The prerolled frame as tightly packed RGB rows, or nil when it is not the tile's size.
    private func pullTile(_ pipeline: StillFramePipeline, width: Int, height: Int) -> [UInt8]? {
        guard let sample = pipeline.pullSample() else { return nil }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(sample)) }
        guard let buffer = gst_sample_get_buffer(sample) else { return nil }
        let stride = (width * 3 + 3) & ~3  // GStreamer's default RGB row alignment
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        guard map.size >= stride * (height - 1) + width * 3, let data = map.data else { return nil }
        var rows = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            for column in 0..<width * 3 { rows[row * width * 3 + column] = data[row * stride + column] }
        }
        return rows
    }
}
