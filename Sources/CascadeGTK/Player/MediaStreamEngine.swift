import CGtk
import CascadeGStreamer
import CascadeNumerics
import CascadePlayer
import CascadeScreens
import Foundation

/// The Linux playback engine: a `GtkMediaFile` (GStreamer through GTK's media backend).
///
/// Events come from the stream's notify signals (`prepared`, `duration`, `timestamp`, `ended`,
/// `error`; a seek completes when `seeking` turns false). Show the video by putting `paintable`
/// in a `GtkPicture`, again after each `load` (the picture keeps its own reference). A missing
/// file fails at once, a stream not prepared within `Configuration.prepareTimeout` fails too.
/// GTK 4.8's stream has no rate and reports no buffering: `rate` is stored only, `buffering`
/// comes from a stalled position (`StallDetector`), and `bufferedRanges` never comes.
///
/// - Warning: call `gtk_init` before `load` (the backend is a GTK module); events arrive only
///   while the GLib main context runs.
@MainActor
package final class MediaStreamEngine: PlaybackEngine {
    /// Tuning.
    package struct Configuration: Equatable, Sendable {
        /// Seconds to wait for `prepared` before failing with "timed out preparing".
        package var prepareTimeout = PlaybackTiming.prepareTimeout
        /// Seconds without position progress while playing that are reported as buffering.
        package var stallThreshold = PlaybackTiming.stallThreshold
        /// Milliseconds between pausing a released stream and dropping it (`releaseWhenDrained`).
        package var releaseDelay = PlaybackTiming.releaseDelay

        /// The defaults (`PlaybackTiming`).
        package init() {}
    }

    // MARK: Lifecycle

    /// Creates an idle engine.
    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        stall = StallDetector(threshold: configuration.stallThreshold)
        MediaStreamLiveCount.engineCreated()
    }

    isolated deinit {
        release()
        MediaStreamLiveCount.engineDestroyed()
    }

    // MARK: Public API

    /// Receives every event, on the main thread while the GLib main context runs.
    package var onEvent: ((PlaybackEvent) -> Void)?
    /// Called once per `load`, when the first video frame reaches the paintable (GStreamer
    /// prerolls it, so it comes even before `play()`).
    package var onFirstFrame: (@MainActor () -> Void)?
    /// The tuning in use.
    package let configuration: Configuration

    /// The `GdkPaintable` showing the video (the stream itself), nil when nothing is loaded.
    /// Borrowed: reference it (or hand it to a `GtkPicture`, which does) to keep it past `stop`.
    package var paintable: OpaquePointer? { stream.map { OpaquePointer($0) } }

    /// The underlying `GtkMediaStream`, nil when nothing is loaded. Borrowed.
    package private(set) var stream: UnsafeMutablePointer<GtkMediaStream>?

    /// Releases any previous media and starts preparing `url` (file or http(s)). Only what
    /// `MediaProbe` finds to be a video container reaches GStreamer; anything else fails with
    /// "This isn't a video …".
    package func load(_ url: URL) {
        release()
        if url.isFileURL {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                failSoon("File not found: \(url.path)")
                return
            }
        }
        reportedFailure = false
        let load = loadCount
        watchdog = MainLoopTimer.after(seconds: configuration.prepareTimeout) { [weak self] in
            guard let self, self.loadCount == load else { return }
            if let stream = self.stream, gtk_media_stream_is_prepared(stream) != 0 { return }
            self.fail(PlaybackFailureText.preparingTimedOut(after: self.configuration.prepareTimeout))
        }
        if url.isFileURL {
            // A local file is probed at once, so the stream exists when `load` returns.
            proceed(with: MediaProbe.probeLocalFile(url), url: url, failLater: true)
            return
        }
        let probe = MediaProbe(deadline: PlaybackTiming.probeDeadline(prepareTimeout: configuration.prepareTimeout))
        let weakSelf = WeakEngine(self)
        // A callback, not a Task: it must arrive even when Swift's cooperative threads are all busy.
        probe.probe(url) { outcome in
            MainLoopHandoff.async {
                guard let self = weakSelf.engine, self.loadCount == load else { return }
                self.proceed(with: outcome, url: url, failLater: false)
            }
        }
    }

    /// Opens `url` if the probe found a video (or could not read it: GStreamer then reports
    /// its own error), fails with the player's refusal otherwise.
    private func proceed(with outcome: MediaProbe.Outcome, url: URL, failLater: Bool) {
        let refusal: String
        switch outcome {
        case .classified(let signature) where signature.isVideo:
            openAndPlayIfRequested(url)
            return
        case .unreadable:
            openAndPlayIfRequested(url)
            return
        case .classified(let signature):
            refusal = signature.refusal ?? "This isn't a video."
        case .refused(let message):
            refusal = message
        }
        if failLater { failSoon(refusal) } else { fail(refusal) }
    }

    private func openAndPlayIfRequested(_ url: URL) {
        open(url)
        if playRequested, let stream { gtk_media_stream_play(stream) }
    }

    /// Creates the media stream for a probed source.
    private func open(_ url: URL) {
        // GTK's media backend starts GStreamer on its own: rank the still-image decoders out
        // before its first pipeline (a probe can be fooled; see StillImageDecoderLock).
        StillImageDecoderLock.apply()
        let file = g_file_new_for_uri(url.absoluteString)
        let stream = gtk_media_file_new_for_file(file)
        g_object_unref(UnsafeMutableRawPointer(file))
        guard let stream else {
            failSoon("GTK could not create a media stream for \(url.absoluteString)")
            return
        }
        self.stream = stream
        MediaStreamLiveCount.track(stream)
        firstFrameSeen = false
        gtk_media_stream_set_volume(stream, volume)
        // The player stops at the end; it never loops (GtkMediaStream's default, made explicit).
        gtk_media_stream_set_loop(stream, 0)
        connectSignals(stream)
        stall.reset()
        scheduleStallCheck()
        // The stream may have failed synchronously (e.g. no media backend).
        reportErrorIfAny()
    }

    /// Starts or resumes playback (before `ready`: plays once prepared).
    package func play() {
        playRequested = true
        guard let stream else { return }
        gtk_media_stream_play(stream)
    }

    /// Pauses playback.
    package func pause() {
        playRequested = false
        guard let stream else { return }
        gtk_media_stream_pause(stream)
    }

    /// Seeks to `seconds` (clamped at 0); `completion(true)` once `seeking` turns false, `false` at
    /// once when not prepared or seekable, and for a seek superseded or abandoned by `stop`.
    package func seek(to seconds: Double, completion: @escaping @MainActor (Bool) -> Void) {
        guard let stream, seconds.isFinite, gtk_media_stream_is_prepared(stream) != 0,
            gtk_media_stream_is_seekable(stream) != 0
        else {
            completion(false)
            return
        }
        finishSeek(false)
        pendingSeek = completion
        gtk_media_stream_seek(stream, gint64(saturating: min(max(0, seconds), 1e9) * 1_000_000))
        if gtk_media_stream_is_seeking(stream) == 0 { finishSeek(true) }
    }

    /// Output volume, 0…1 (clamped; kept across loads).
    package var volume: Double = 1 {
        didSet {
            volume = volume.isFinite ? min(1, max(0, volume)) : oldValue
            if let stream { gtk_media_stream_set_volume(stream, volume) }
        }
    }

    /// Stored only: GtkMediaStream has no rate control, so playback stays at 1×.
    package var rate: Double = 1

    /// Stops playback and releases the pipeline: disconnects every signal and unrefs the stream.
    package func stop() {
        release()
    }

    // MARK: Internal (the signal handlers in `MediaStreamEngine+Signals`)

    /// Signal handlers on the current stream: (instance, handler id).
    var connections: [(instance: gpointer, handler: gulong)] = []
    var watchdog: MainLoopTimer?
    /// Whether `play` was called since `load` (applied when the probe lets the stream open).
    var playRequested = false
    var deferredFailure: MainLoopTimer?
    var pendingSeek: (@MainActor (Bool) -> Void)?
    var firstFrameSeen = false
    var generation = 0
    /// Counts `load`/`release` calls: a probe or watchdog of an earlier load does nothing.
    var loadCount = 0
    var stall: StallDetector
    var stallTimer: MainLoopTimer?
    var reportedFailure = false

    /// Reports `message` once per load and disarms the watchdog; the controller then stops.
    func fail(_ message: String) {
        guard !reportedFailure else { return }
        reportedFailure = true
        watchdog?.cancel()
        watchdog = nil
        finishSeek(false)
        onEvent?(.failed(message))
    }

    /// Reports a failure on the next main-loop iteration, so `load` never calls back from inside `load`.
    private func failSoon(_ message: String) {
        reportedFailure = false
        deferredFailure = MainLoopTimer.after(seconds: 0) { [weak self] in
            self?.deferredFailure = nil
            self?.fail(message)
        }
    }

    func finishSeek(_ success: Bool) {
        guard let completion = pendingSeek else { return }
        pendingSeek = nil
        completion(success)
    }

    private func release() {
        playRequested = false
        loadCount += 1
        watchdog?.cancel()
        watchdog = nil
        stallTimer?.cancel()
        stallTimer = nil
        deferredFailure?.cancel()
        deferredFailure = nil
        finishSeek(false)
        for connection in connections { Signal.disconnect(connection.instance, connection.handler) }
        connections = []
        generation += 1
        if let stream {
            self.stream = nil
            gtk_media_stream_pause(stream)
            Self.releaseWhenDrained(stream, after: configuration.releaseDelay)
        }
    }

    /// Drops the engine's reference to a paused `stream` after `delay` ms, then trims malloc: GStreamer
    /// 1.22 frees a `GstPlay` only once its bus is drained, and glibc keeps freed arena pages resident.
    private static func releaseWhenDrained(_ stream: UnsafeMutablePointer<GtkMediaStream>, after delay: UInt32) {
        MainLoopTimer.after(delay) {
            g_object_unref(UnsafeMutableRawPointer(stream))
            _ = malloc_trim(0)
        }
    }

    static func seconds(_ microseconds: gint64) -> Double {
        max(0, Double(microseconds) / 1_000_000)
    }
}

/// A weak engine reference that can cross to the probe's thread (dereferenced on the main thread only).
private final class WeakEngine: @unchecked Sendable {
    weak var engine: MediaStreamEngine?
    init(_ engine: MediaStreamEngine) { self.engine = engine }
}
