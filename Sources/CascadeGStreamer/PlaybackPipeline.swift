import CGStreamer
import CascadeNumerics
import Synchronization

/// The player's GStreamer pipeline: `playbin3` with audio, its video drawn as opaque BGRA
/// frames handed to the GLib main loop, as the hover previews' frames are (`FrameMailbox`).
///
/// `playbin3` (audio-filter `scaletempo`, so a rate other than 1 keeps the pitch; video-sink
/// `videoconvert → videoscale → capsfilter (BGRA, square pixels) → appsink` with
/// `max-buffers=1 drop=true sync=true`). Nothing of GstPlay or GTK's media backend, whose
/// pipelines outlive their release in GStreamer 1.22 (Docs/PLATFORM_NOTES.md): `stop()` sets
/// the pipeline to NULL, removes the bus watch and drops every reference, and
/// `livePipelines` counts pipelines from creation until GObject finalizes them.
///
/// Every seek carries the current rate (a seek at rate 1 would undo it); `setRate` is itself a
/// flushing seek from the current position. A frame step is a GStreamer step event of one
/// buffer (only while paused, so the video sink prerolls the next frame).
///
/// - Warning: create, use and stop it on the thread running the GLib default main context.
@MainActor
public final class PlaybackPipeline: SampleReceiving {
    /// What the pipeline reports, on the main thread.
    public enum Event: Equatable, Sendable {
        /// An asynchronous state change or a flushing seek completed (the first one: prepared).
        case settled
        /// The duration changed; query `duration`.
        case durationChanged
        /// Network buffering, 0…100 percent.
        case buffering(Int)
        /// The end of the stream.
        case ended
        /// An error: GStreamer's message.
        case failed(String)
        /// The stream collection or the selection changed; read `streams` and
        /// `selectedStreamIDs` (`PlaybackPipeline+Streams`).
        case streamsChanged
    }

    private nonisolated static let live = Atomic<Int>(0)

    /// Player pipelines created and not yet finalized (in this process).
    public nonisolated static var livePipelines: Int { live.load(ordering: .relaxed) }

    private nonisolated static let peak = Atomic<Int>(0)

    /// The most player pipelines alive at once so far in this process (a pre-rolled neighbour
    /// counts: the player promises never more than 2).
    public nonisolated static var peakLivePipelines: Int { peak.load(ordering: .relaxed) }

    /// Receives each event.
    public var onEvent: ((Event) -> Void)?
    /// Receives each frame drawn (borrowed: copy the pixels before returning); its `position`
    /// is the frame's stream time.
    public var onFrame: ((PreviewFrame) -> Void)?
    /// Frames handed to `onFrame` so far.
    public private(set) var framesDelivered = 0
    /// Whether audio goes through `scaletempo` (gst-plugins-good), so another rate keeps the
    /// pitch; without it the rate still applies, with the pitch shifted.
    public private(set) var keepsPitch = false

    /// The subtitle file drawn over the video (playbin3's `suburi`), nil for none.
    public let subtitleURI: String?
    /// The Pango font description subtitles are drawn in (`subtitle-font-desc`).
    public let subtitleFont: String?

    /// Initialises GStreamer now if nothing has yet: without a writable registry cache (a
    /// read-only or full cache folder) that scans every plugin, seconds on a busy machine, which
    /// a caller timing how long a video takes to prepare must not count.
    public static func initializeRuntime() { GStreamerRuntime.initialize() }

    /// playbin3's newest stream collection (a reference held until the release); its streams'
    /// tags arrive after it at times, so `streams` reads them when asked.
    var collection: UnsafeMutablePointer<GstStreamCollection>?
    /// The ids of the streams playing, from playbin3's newest `streams-selected` message.
    public internal(set) var selectedStreamIDs: [String] = []

    /// Builds a pipeline for `uri` (file or http(s)), in the NULL state; `pause()` prerolls it.
    /// A `subtitleURI` (a `.srt` or `.vtt` file, or a `data:` address holding SubRip text) is
    /// drawn into the frames in `subtitleFont`.
    public init(uri: String, subtitleURI: String? = nil, subtitleFont: String? = nil) throws {
        GStreamerRuntime.initialize()
        guard !uri.contains("\""), uri.utf8.count < 8192 else { throw PreviewPipeline.Failure.unsupportedAddress }
        guard let playbin = gst_element_factory_make("playbin3", "cascade-player") else {
            throw PreviewPipeline.Failure.missingElement("playbin3")
        }
        pipeline = playbin
        self.subtitleURI = subtitleURI.flatMap { address in
            // A `data:` address carries a whole subtitle file (`SubtitleSource`).
            let limit = address.hasPrefix("data:") ? 8 << 20 : 8192
            return !address.contains("\"") && address.utf8.count < limit ? address : nil
        }
        self.subtitleFont = subtitleFont
        Self.count(playbin)
        mailbox = FrameMailbox(box: FrameSize(width: 1, height: 1))
        var error: UnsafeMutablePointer<GError>?
        let description =
            "videoconvert ! videoscale ! capsfilter caps=video/x-raw,format=BGRA,pixel-aspect-ratio=1/1 ! "
            + "appsink name=frames max-buffers=1 drop=true sync=true enable-last-sample=false emit-signals=false"
        guard let videoSink = gst_parse_bin_from_description(description, 1, &error) else {
            _ = GStreamerRuntime.consume(error)
            gst_object_unref(UnsafeMutableRawPointer(playbin))
            throw PreviewPipeline.Failure.cannotLink
        }
        if let error { g_error_free(error) }
        let bin = UnsafeMutablePointer<GstBin>(OpaquePointer(videoSink))
        if let appsink = gst_bin_get_by_name(bin, "frames") {
            mailbox.attach(sink: appsink)
            gst_object_unref(UnsafeMutableRawPointer(appsink))
        }
        Self.setObject(playbin, "video-sink", videoSink)
        if let scaletempo = gst_element_factory_make("scaletempo", nil) {
            Self.setObject(playbin, "audio-filter", scaletempo)
            keepsPitch = true
        }
        gst_util_set_object_arg(Self.object(playbin), "uri", uri)
        SourceProxy.connect(playbin, uri: uri)
        URISourceParsing.disable(on: playbin, uri: uri)
        if let subtitleURI = self.subtitleURI {
            gst_util_set_object_arg(Self.object(playbin), "suburi", subtitleURI)
            SubtitleFileSelection.connect(to: playbin)
        }
        // Embedded subtitle tracks are drawn in it too.
        if let subtitleFont { gst_util_set_object_arg(Self.object(playbin), "subtitle-font-desc", subtitleFont) }
        mailbox.owner = self
        bus = gst_element_get_bus(playbin)
        watch = bus.map { mailbox.watch($0) } ?? 0
    }

    isolated deinit { release() }

    // MARK: Public API

    /// Prerolls (first call) or pauses; false when GStreamer refused at once.
    @discardableResult
    public func pause() -> Bool { setState(GST_STATE_PAUSED) }

    /// Plays; false when GStreamer refused at once.
    @discardableResult
    public func play() -> Bool { setState(GST_STATE_PLAYING) }

    /// The stream's duration in seconds, nil while unknown.
    public var duration: Double? {
        guard !stopped else { return nil }
        var nanoseconds: gint64 = 0
        guard gst_element_query_duration(pipeline, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds >= 0 else {
            return nil
        }
        return Double(nanoseconds) / 1e9
    }

    /// The playback position in seconds, nil while unknown.
    public var position: Double? {
        guard !stopped else { return nil }
        var nanoseconds: gint64 = 0
        guard gst_element_query_position(pipeline, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds >= 0 else {
            return nil
        }
        return Double(nanoseconds) / 1e9
    }

    /// The rate every seek plays at (1 = normal).
    public private(set) var rate: Double = 1

    /// The duration of one frame of the video, in seconds (1/25 until the caps say).
    public private(set) var frameDuration: Double = 0.04

    /// Flushing, accurate seek to `seconds` at the current rate; `.settled` follows. False when
    /// GStreamer refused it.
    @discardableResult
    public func seek(to seconds: Double) -> Bool {
        guard !stopped, seconds.isFinite else { return false }
        let flags = GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue
        let start = gint64(saturating: max(0, min(seconds, 1e9)) * 1e9)
        return gst_element_seek(
            pipeline, rate, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags), GST_SEEK_TYPE_SET, start,
            GST_SEEK_TYPE_NONE, -1) != 0
    }

    /// Plays on at `rate` from `position` (a flushing seek: the rate applies to audio, where
    /// `scaletempo` keeps the pitch, and to video alike). False when GStreamer refused it.
    @discardableResult
    public func setRate(_ rate: Double, from position: Double) -> Bool {
        guard rate.isFinite, rate > 0 else { return false }
        self.rate = rate
        return seek(to: position)
    }

    /// Steps one frame forward (paused only: the video sink prerolls the next frame, and
    /// `onFrame` receives it). False when GStreamer refused the event.
    @discardableResult
    public func stepForward() -> Bool {
        guard !stopped, let event = gst_event_new_step(GST_FORMAT_BUFFERS, 1, 1, 1, 0) else { return false }
        return gst_element_send_event(pipeline, event) != 0
    }

    /// Output volume, 0…1 (playbin's software volume).
    public func setVolume(_ volume: Double) {
        guard !stopped, volume.isFinite else { return }
        gst_util_set_object_arg(Self.object(pipeline), "volume", "\(min(1, max(0, volume)))")
    }

    /// Stops and releases the pipeline (NULL state, bus watch removed, references dropped).
    /// Idempotent; no callback runs afterwards.
    ///
    /// Once the pipeline has settled (prerolled or failed) the release happens before `stop`
    /// returns. Before that it waits for the preroll to settle, at most `settleWait` seconds:
    /// setting playbin3 1.22 to NULL while it is still typefinding a file sometimes deadlocks
    /// the caller with the typefind thread (Docs/PLATFORM_NOTES.md).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        onFrame = nil
        onEvent = nil
        mailbox.close()
        guard settled else {
            Self.settling[ObjectIdentifier(self)] = self
            settleTimer = MainContextTimer(seconds: Self.settleWait) { [weak self] in self?.release() }
            return
        }
        release()
    }

    /// Seconds a pipeline stopped before settling waits for it before it is released anyway.
    public static let settleWait = 3.0

    // MARK: Internal (FrameMailbox)

    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        guard !released else { return }
        switch message.pointee.type {
        case GST_MESSAGE_ASYNC_DONE, GST_MESSAGE_ERROR: settled = true
        default: break
        }
        guard !stopped else {
            if settled { release() }
            return
        }
        dispatch(message)
    }

    // MARK: Private

    /// Pipelines stopped before they settled, kept alive until they are released.
    private static var settling: [ObjectIdentifier: PlaybackPipeline] = [:]

    private var settled = false
    private var released = false
    private var settleTimer: MainContextTimer?

    /// Sets the pipeline to NULL, removes the bus watch and drops every reference. Idempotent.
    private func release() {
        guard !released else { return }
        released = true
        stopped = true
        onFrame = nil
        onEvent = nil
        settleTimer?.cancel()
        settleTimer = nil
        mailbox.close()
        mailbox.owner = nil
        if let collection { gst_object_unref(UnsafeMutableRawPointer(collection)) }
        collection = nil
        PipelineRelease.release(pipeline, bus: bus, watch: watch)
        bus = nil
        watch = 0
        Self.settling[ObjectIdentifier(self)] = nil
    }

    private func dispatch(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_ASYNC_DONE:
            onEvent?(.settled)
        case GST_MESSAGE_DURATION_CHANGED:
            onEvent?(.durationChanged)
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 0
            gst_message_parse_buffering(message, &percent)
            onEvent?(.buffering(Int(clamping: percent)))
        case GST_MESSAGE_EOS:
            onEvent?(.ended)
        case GST_MESSAGE_STREAM_COLLECTION:
            if readCollection(message) { onEvent?(.streamsChanged) }
        case GST_MESSAGE_STREAMS_SELECTED:
            readSelection(message)
            onEvent?(.streamsChanged)
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            gst_message_parse_error(message, &error, nil)
            onEvent?(.failed(GStreamerRuntime.consume(error)))
        default: break
        }
    }

    func deliver(_ sample: OpaquePointer) {
        guard !stopped, let onFrame else { return }
        readFrameRate(sample)
        guard let mapped = MappedSample.map(sample) else { return }
        defer { mapped.unmap() }
        framesDelivered += 1
        var frame = mapped.frame
        frame.position = Self.streamTime(of: sample) ?? frame.position
        onFrame(frame)
    }

    private let pipeline: UnsafeMutablePointer<GstElement>
    /// The playbin3 element, for the extensions.
    var pipelineElement: UnsafeMutablePointer<GstElement> { pipeline }
    /// Whether `stop` was called.
    var isStopped: Bool { stopped }
    private var bus: UnsafeMutablePointer<GstBus>?
    private var watch: guint = 0
    private let mailbox: FrameMailbox
    private var stopped = false

    private func setState(_ state: GstState) -> Bool {
        guard !stopped else { return false }
        return gst_element_set_state(pipeline, state) != GST_STATE_CHANGE_FAILURE
    }

    /// The stream time of `sample`'s buffer, in seconds: what a position query answers. A
    /// buffer's timestamp alone can be ahead of it (an MP4 edit list shifts the segment).
    private static func streamTime(of sample: OpaquePointer) -> Double? {
        guard let buffer = gst_sample_get_buffer(sample), let segment = gst_sample_get_segment(sample) else {
            return nil
        }
        let pts = buffer.pointee.pts
        guard pts != GstClockTime.max else { return nil }
        let time = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts)
        return time == GstClockTime.max ? nil : Double(time) / 1e9
    }

    /// Keeps the video's frame duration from `sample`'s caps (a variable rate keeps the last).
    private func readFrameRate(_ sample: OpaquePointer) {
        guard let caps = gst_sample_get_caps(sample), gst_caps_get_size(caps) > 0,
            let structure = gst_caps_get_structure(caps, 0)
        else { return }
        var numerator: gint = 0
        var denominator: gint = 1
        guard gst_structure_get_fraction(structure, "framerate", &numerator, &denominator) != 0, numerator > 0,
            denominator > 0
        else { return }
        frameDuration = min(1, Double(denominator) / Double(numerator))
    }

    /// Counts `pipeline` until GObject finalizes it, on whatever thread drops the last reference.
    private nonisolated static func count(_ pipeline: UnsafeMutablePointer<GstElement>) {
        let now = live.add(1, ordering: .relaxed).newValue
        peak.max(now, ordering: .relaxed)
        g_object_weak_ref(
            UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GObject.self),
            { _, _ in PlaybackPipeline.live.subtract(1, ordering: .relaxed) }, nil)
    }

    private static func object(_ element: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
    }

    /// Sets an element-valued property (`g_object_set` is variadic, so through a GValue) and
    /// hands `value`'s floating reference to `element`.
    private static func setObject(
        _ element: UnsafeMutablePointer<GstElement>, _ name: String, _ value: UnsafeMutablePointer<GstElement>
    ) {
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(value))
        defer { gst_object_unref(UnsafeMutableRawPointer(value)) }
        var gvalue = GValue()
        g_value_init(&gvalue, gst_element_get_type())
        g_value_set_object(&gvalue, UnsafeMutableRawPointer(value))
        g_object_set_property(object(element), name, &gvalue)
        g_value_unset(&gvalue)
    }
}
