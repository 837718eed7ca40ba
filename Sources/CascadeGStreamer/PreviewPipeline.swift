import CGStreamer
import CascadeNumerics
import Synchronization

/// A muted, looping video preview on a GStreamer pipeline of its own, delivering frames to the
/// GLib main loop as opaque BGRA pixels scaled to the size they are drawn at.
///
/// `uridecodebin → videoconvert → videoscale → capsfilter (BGRA, the frame size) → appsink`
/// (`max-buffers=1 drop=true sync=true`): video only, no audio branch (muted by construction:
/// audio and image streams are never decoded: `autoplug-continue` stops at them and only raw
/// video is linked), and nothing of GstPlay or GTK's media backend, whose pipelines outlive
/// their release (Docs/PLATFORM_NOTES.md). The process-wide GStreamer feature ranks apply as
/// to any pipeline.
///
/// It prerolls paused, seeks to a segment `[0, loopSeconds]` and plays; at the segment's end
/// (or at the end of a stream that ignored the segment) it seeks back to 0. Frames are pulled on
/// GStreamer's streaming thread into a one-slot mailbox, and a GLib idle source hands the
/// newest to `onFrame` on the main thread (frames that arrive faster are dropped).
///
/// `stop()` sets the pipeline to NULL, removes the bus watch and drops every reference:
/// `livePipelines` counts pipelines from creation until GObject finalizes them.
///
/// - Warning: create, use and stop it on the thread running the GLib default main context.
@MainActor
public final class PreviewPipeline: SampleReceiving {
    /// Why a preview pipeline could not be built.
    public enum Failure: Error, Equatable {
        /// A GStreamer element is missing (plugin not installed).
        case missingElement(String)
        /// The address cannot be handed to GStreamer.
        case unsupportedAddress
        /// The elements could not be linked.
        case cannotLink
    }

    private nonisolated static let live = Atomic<Int>(0)

    /// Preview pipelines created and not yet finalized (in this process).
    public nonisolated static var livePipelines: Int { live.load(ordering: .relaxed) }

    /// Receives each frame shown (borrowed: copy the pixels before returning).
    public var onFrame: ((PreviewFrame) -> Void)?
    /// The pipeline failed (GStreamer's first sentence); it is not stopped by itself.
    public var onFailure: ((String) -> Void)?
    /// Frames handed to `onFrame` so far.
    public private(set) var framesDelivered = 0
    /// Times the clip started over.
    public private(set) var loops = 0

    /// Builds a paused-to-be pipeline for `uri` (file or http(s)), drawing frames that cover
    /// `width` × `height` device pixels, looping the first `loopSeconds`.
    public init(uri: String, width: Int, height: Int, loopSeconds: Double) throws {
        GStreamerRuntime.initialize()
        guard !uri.contains("\""), uri.utf8.count < 8192 else { throw Failure.unsupportedAddress }
        loopEnd = gint64(saturating: max(0.2, min(loopSeconds.isFinite ? loopSeconds : 5, 3600)) * 1e9)
        mailbox = FrameMailbox(box: FrameSize(width: width, height: height))
        func make(_ factory: String) throws -> UnsafeMutablePointer<GstElement> {
            guard let element = gst_element_factory_make(factory, nil) else { throw Failure.missingElement(factory) }
            return element
        }
        pipeline = gst_pipeline_new("cascade-preview")
        let source = try make("uridecodebin")
        let convert = try make("videoconvert")
        let scale = try make("videoscale")
        let filter = try make("capsfilter")
        let sink = try make("appsink")
        Self.count(pipeline)
        for element in [source, convert, scale, filter, sink] {
            _ = gst_bin_add(UnsafeMutablePointer<GstBin>(OpaquePointer(pipeline)), element)
        }
        gst_util_set_object_arg(Self.object(source), "uri", uri)
        SourceProxy.connect(source, uri: uri)
        gst_util_set_object_arg(Self.object(filter), "caps", mailbox.box.caps(for: nil))
        for (name, value) in [
            ("max-buffers", "1"), ("drop", "true"), ("sync", "true"), ("enable-last-sample", "false"),
            ("emit-signals", "false"),
        ] {
            gst_util_set_object_arg(Self.object(sink), name, value)
        }
        guard linkChain(convert, scale, filter, sink) else { throw Failure.cannotLink }
        mailbox.attach(sink: sink)
        PadLinker.connect(source: source, convert: convert, filter: filter, box: mailbox.box)
        mailbox.owner = self
        bus = gst_element_get_bus(pipeline)
        watch = bus.map { mailbox.watch($0) } ?? 0
    }

    isolated deinit { stop() }

    /// Starts prerolling; playback starts once the first frame is ready.
    public func play() {
        guard phase == .created else { return }
        phase = .prerolling
        if gst_element_set_state(pipeline, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE {
            reportFailure("The video cannot be played.")
        }
    }

    /// Stops and releases the pipeline (NULL state, bus watch removed, references dropped).
    /// Idempotent; no callback runs afterwards.
    public func stop() {
        guard phase != .stopped else { return }
        phase = .stopped
        onFrame = nil
        onFailure = nil
        mailbox.close()
        mailbox.owner = nil
        PipelineRelease.release(pipeline, bus: bus, watch: watch)
        bus = nil
        watch = 0
    }

    // MARK: Private

    private enum Phase { case created, prerolling, playing, stopped }

    private let pipeline: UnsafeMutablePointer<GstElement>
    private var bus: UnsafeMutablePointer<GstBus>?
    private var watch: guint = 0
    private let mailbox: FrameMailbox
    private let loopEnd: gint64
    private var phase = Phase.created
    private var failed = false

    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        guard phase != .stopped else { return }
        switch message.pointee.type {
        case GST_MESSAGE_ASYNC_DONE where phase == .prerolling:
            phase = .playing
            seekToStart(flush: true)
            gst_element_set_state(pipeline, GST_STATE_PLAYING)
        case GST_MESSAGE_SEGMENT_DONE:
            loops += 1
            seekToStart(flush: false)
        case GST_MESSAGE_EOS:
            loops += 1
            seekToStart(flush: true)
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            gst_message_parse_error(message, &error, &debug)
            if let debug {
                failureDetail = String(cString: debug)
                g_free(debug)
            }
            reportFailure(GStreamerRuntime.consume(error))
        default: break
        }
    }

    /// A segment seek to `[0, loopEnd]`: flushing at the start and after an end of stream,
    /// seamless (no flush) at a segment's end.
    private func seekToStart(flush: Bool) {
        var flags = GST_SEEK_FLAG_SEGMENT.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue
        if flush { flags |= GST_SEEK_FLAG_FLUSH.rawValue }
        _ = gst_element_seek(
            pipeline, 1, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags), GST_SEEK_TYPE_SET, 0, GST_SEEK_TYPE_SET,
            loopEnd)
    }

    /// GStreamer's debug text for the failure reported (the element and the reason, such as
    /// "streaming stopped, reason not-negotiated"), for the log; nil before a failure or without one.
    public private(set) var failureDetail: String?

    private func reportFailure(_ message: String) {
        guard !failed else { return }
        failed = true
        onFailure?(message)
    }

    func deliver(_ sample: OpaquePointer) {
        guard phase != .stopped, let onFrame else { return }
        guard let frame = MappedSample.map(sample) else { return }
        defer { frame.unmap() }
        framesDelivered += 1
        onFrame(frame.frame)
    }

    /// Counts `pipeline` until GObject finalizes it. Nonisolated: the last reference may go on
    /// any GStreamer thread (a bin's asynchronous state change still holding the pipeline when
    /// `stop` drops ours), and a closure formed in a main-actor context would trap there.
    private nonisolated static func count(_ pipeline: UnsafeMutablePointer<GstElement>) {
        live.add(1, ordering: .relaxed)
        g_object_weak_ref(
            UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GObject.self),
            { _, _ in PreviewPipeline.live.subtract(1, ordering: .relaxed) }, nil)
    }

    private static func object(_ element: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
    }

    private func linkChain(_ elements: UnsafeMutablePointer<GstElement>...) -> Bool {
        zip(elements, elements.dropFirst()).allSatisfy { gst_element_link($0, $1) != 0 }
    }
}
