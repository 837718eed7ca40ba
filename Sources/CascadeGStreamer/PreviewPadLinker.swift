import CGStreamer

/// The size a preview's frames must cover, and the capsfilter caps for it.
struct FrameSize: Sendable {
    let width: Int
    let height: Int

    /// Caps for frames covering this size from a video of `video` pixels (nil: unknown).
    func caps(for video: (width: Int, height: Int, pixelAspect: Double)?) -> String {
        let size = PreviewFrame.size(
            covering: (width, height), video: video.map { ($0.width, $0.height) }, pixelAspect: video?.pixelAspect ?? 1)
        return "video/x-raw,format=BGRA,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1"
    }
}

/// Connects a preview's `uridecodebin` to the rest of its pipeline: stops decoding at an image
/// or audio stream (`autoplug-continue`), and links the first video pad to
/// `videoconvert` after sizing the capsfilter for that video (`pad-added`). Both run on
/// GStreamer's threads.
final class PadLinker: @unchecked Sendable {
    private let convert: UnsafeMutablePointer<GstElement>
    private let filter: UnsafeMutablePointer<GstElement>
    private let box: FrameSize

    private init(convert: UnsafeMutablePointer<GstElement>, filter: UnsafeMutablePointer<GstElement>, box: FrameSize) {
        self.convert = convert
        self.filter = filter
        self.box = box
        gst_object_ref(UnsafeMutableRawPointer(convert))
        gst_object_ref(UnsafeMutableRawPointer(filter))
    }

    deinit {
        gst_object_unref(UnsafeMutableRawPointer(convert))
        gst_object_unref(UnsafeMutableRawPointer(filter))
    }

    /// Connects the handlers to `source` (they live as long as it does).
    static func connect(
        source: UnsafeMutablePointer<GstElement>, convert: UnsafeMutablePointer<GstElement>,
        filter: UnsafeMutablePointer<GstElement>, box: FrameSize
    ) {
        let linker = PadLinker(convert: convert, filter: filter, box: box)
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<PadLinker>.fromOpaque(data).release()
        }
        let padAdded: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, pad, data in
            guard let pad, let data else { return }
            Unmanaged<PadLinker>.fromOpaque(data).takeUnretainedValue().link(pad.assumingMemoryBound(to: GstPad.self))
        }
        let autoplugContinue: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> gboolean = {
            _, _, caps, _ in
            guard let caps else { return 0 }
            return PadLinker.isVideoPath(caps.assumingMemoryBound(to: GstCaps.self)) ? 1 : 0
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(source), "pad-added", unsafeBitCast(padAdded, to: GCallback.self),
            Unmanaged.passRetained(linker).toOpaque(), release, GConnectFlags(rawValue: 0))
        g_signal_connect_data(
            UnsafeMutableRawPointer(source), "autoplug-continue", unsafeBitCast(autoplugContinue, to: GCallback.self),
            nil, nil, GConnectFlags(rawValue: 0))
    }

    /// Whether decoding continues past `caps`: not for an image or audio (decodebin then
    /// exposes the stream undecoded, and `pad-added` links only raw video).
    static func isVideoPath(_ caps: UnsafeMutablePointer<GstCaps>) -> Bool {
        guard gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0),
            let name = gst_structure_get_name(structure)
        else { return false }
        let type = String(cString: name)
        return !type.hasPrefix("image/") && !type.hasPrefix("audio/")
    }

    private func link(_ pad: UnsafeMutablePointer<GstPad>) {
        guard let caps = gst_pad_get_current_caps(pad) ?? gst_pad_query_caps(pad, nil) else { return }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(OpaquePointer(caps))) }
        guard gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0),
            gst_structure_has_name(structure, "video/x-raw") != 0,
            let sinkPad = gst_element_get_static_pad(convert, "sink")
        else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(sinkPad)) }
        guard gst_pad_is_linked(sinkPad) == 0 else { return }
        var width: gint = 0
        var height: gint = 0
        var numerator: gint = 1
        var denominator: gint = 1
        var video: (width: Int, height: Int, pixelAspect: Double)?
        if gst_structure_get_int(structure, "width", &width) != 0,
            gst_structure_get_int(structure, "height", &height) != 0
        {
            if gst_structure_get_fraction(structure, "pixel-aspect-ratio", &numerator, &denominator) == 0
                || numerator <= 0 || denominator <= 0
            {
                numerator = 1
                denominator = 1
            }
            video = (Int(width), Int(height), Double(numerator) / Double(denominator))
        }
        gst_util_set_object_arg(
            UnsafeMutableRawPointer(filter).assumingMemoryBound(to: GObject.self), "caps", box.caps(for: video))
        _ = gst_pad_link(pad, sinkPad)
    }
}
