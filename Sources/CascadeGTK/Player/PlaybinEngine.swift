import CGtk
import CascadeGStreamer
import CascadeNumerics
import CascadePlayer
import CascadeScreens
import Foundation

/// The Linux playback engine: a `PlaybackPipeline` (playbin3 with audio, frames through an
/// appsink) whose frames become GDK memory textures.
///
/// Events come from the pipeline's bus (the first settled preroll is `ready`; a seek completes
/// at the next one) and from its frames (each frame reports the position). Show the video by
/// putting `paintable`, the newest frame's texture, in a `GtkPicture` on each `onFrame`. A
/// missing file fails at once, a stream not prepared within `Configuration.prepareTimeout`
/// fails too. `buffering` comes from the pipeline's buffering messages and from a stalled
/// position (`StallDetector`); `bufferedRanges` never comes. `stop()` releases the pipeline
/// synchronously: nothing is left alive once it returns (`PlaybackPipeline.livePipelines`).
/// `preroll(_:)` keeps a second pipeline paused at a neighbour's first frame, which a `load` of
/// that URL adopts; `stop()` leaves it, `preroll(nil)` releases it.
///
/// - Warning: events arrive only while the GLib main context runs.
@MainActor
package final class PlaybinEngine: PlaybackEngine {
    /// Tuning.
    package struct Configuration: Equatable, Sendable {
        /// Seconds to wait for the first preroll before failing with "timed out preparing".
        package var prepareTimeout = PlaybackTiming.prepareTimeout
        /// Seconds without position progress while playing that are reported as buffering.
        package var stallThreshold = PlaybackTiming.stallThreshold

        /// The defaults (`PlaybackTiming`).
        package init() {}
    }

    // MARK: Lifecycle

    /// Creates an idle engine.
    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        stall = StallDetector(threshold: configuration.stallThreshold)
        Self.engines += 1
    }

    isolated deinit {
        release()
        releasePreroll()
        Self.engines -= 1
    }

    // MARK: Public API

    /// Engines created and not yet deinitialized.
    package private(set) static var engines = 0

    /// Receives every event, on the main thread while the GLib main context runs.
    package var onEvent: ((PlaybackEvent) -> Void)?
    /// Called once per `load`, when the first video frame arrives (the preroll brings it, so it
    /// comes even before `play()`).
    package var onFirstFrame: (@MainActor () -> Void)?
    /// Called after each frame replaced `paintable`.
    package var onFrame: (@MainActor () -> Void)?
    /// The tuning in use.
    package let configuration: Configuration

    /// The newest frame as a `GdkTexture` (a paintable), nil when nothing is loaded or before
    /// the first frame. Borrowed: a `GtkPicture` showing it keeps its own reference.
    package private(set) var paintable: OpaquePointer?

    /// The pipeline of the current load, nil when nothing is loaded.
    package internal(set) var pipeline: PlaybackPipeline?

    /// The UI's font (a Pango description), which subtitles are drawn in (`SubtitleFont`).
    package var uiFont: String?
    /// Whether GTK's cairo renderer draws the frames: it converts each texture on every draw,
    /// and GDK 4.8 converts premultiplied BGRA, the GL renderers' format, through floats.
    package var drawnByCairo = false

    /// The subtitle file playing with the current load (a sidecar or a dropped file), nil for none.
    package internal(set) var subtitle: URL?

    /// Where the tracks chosen per video are remembered and restored from (nil: not remembered).
    package var trackChoices: TrackChoiceStore?
    /// Called when the tracks or the selection changed (read `tracks`).
    package var onTracksChanged: (@MainActor () -> Void)?

    /// Releases any previous media and starts preparing `url` (file or http(s)). Only what
    /// `MediaProbe` finds to be a video container reaches GStreamer; anything else fails with
    /// "This isn't a video …".
    package func load(_ url: URL) {
        release()
        if adoptPreroll(for: url) { return }
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
        PlaybackPipeline.initializeRuntime()
        watchdog = MainLoopTimer.after(seconds: configuration.prepareTimeout) { [weak self] in
            guard let self, self.loadCount == load, !self.isPrepared else { return }
            self.fail(PlaybackFailureText.preparingTimedOut(after: self.configuration.prepareTimeout))
        }
        if url.isFileURL {
            // A local file is probed at once, so the pipeline exists when `load` returns.
            proceed(with: MediaProbe.probeLocalFile(url), url: url, failLater: true)
            retry = MainLoopTimer.after(seconds: PlaybackTiming.localPrerollRetry) { [weak self] in
                guard let self, self.loadCount == load, !self.isPrepared else { return }
                self.retry = nil
                self.reopenStalledPreroll()
            }
            return
        }
        let probe = MediaProbe(deadline: PlaybackTiming.probeDeadline(prepareTimeout: configuration.prepareTimeout))
        let weakSelf = WeakPlaybinEngine(self)
        // A callback, not a Task: it must arrive even when Swift's cooperative threads are all busy.
        probe.probe(url) { outcome in
            MainLoopHandoff.async {
                guard let self = weakSelf.engine, self.loadCount == load else { return }
                self.proceed(with: outcome, url: url, failLater: false)
            }
        }
    }

    /// Starts or resumes playback (before `ready`: plays once prepared).
    package func play() {
        playRequested = true
        guard let pipeline, isPrepared else { return }
        if steppedSincePlay, let position = pipeline.position {
            // A frame step moves only the video: put audio and video together again first.
            steppedSincePlay = false
            pipeline.seek(to: position)
        }
        pipeline.play()
    }

    /// Pauses playback.
    package func pause() {
        playRequested = false
        guard let pipeline, isPrepared else { return }
        pipeline.pause()
    }

    /// Seeks to `seconds` (clamped at 0); `completion(true)` once the pipeline settles there,
    /// `false` at once when not prepared, and for a seek superseded or abandoned by `stop`.
    package func seek(to seconds: Double, completion: @escaping @MainActor (Bool) -> Void) {
        guard let pipeline, seconds.isFinite, isPrepared else {
            completion(false)
            return
        }
        finishSeek(false)
        guard pipeline.seek(to: max(0, seconds)) else {
            completion(false)
            return
        }
        steppedSincePlay = false
        pendingSeek = completion
        onEvent?(.position(max(0, seconds)))
    }

    /// Output volume, 0…1 (clamped; kept across loads).
    package var volume: Double = 1 {
        didSet {
            volume = volume.isFinite ? min(1, max(0, volume)) : oldValue
            pipeline?.setVolume(volume)
        }
    }

    /// Playback rate (positive and finite; kept across loads). Audio keeps its pitch.
    package var rate: Double = 1 {
        didSet {
            guard rate.isFinite, rate > 0 else {
                rate = oldValue
                return
            }
            guard rate != oldValue, let pipeline, isPrepared else { return }
            pipeline.setRate(rate, from: pipeline.position ?? 0)
        }
    }

    /// Shows the next or previous frame while paused; nothing while playing or not prepared.
    package func stepFrame(forward: Bool) {
        if forward { stepForward() } else { stepBackward() }
    }

    /// Shows the next frame while paused (GStreamer's step event); nothing while playing or
    /// not prepared.
    package func stepForward() {
        guard let pipeline, isPrepared, !playRequested else { return }
        if pipeline.stepForward() { steppedSincePlay = true }
    }

    /// Shows the previous frame while paused (a seek one frame back); nothing while playing or
    /// not prepared.
    package func stepBackward() {
        guard let pipeline, isPrepared, !playRequested else { return }
        let current = lastFramePosition ?? pipeline.position ?? 0
        let target = max(0, current - pipeline.frameDuration)
        seek(to: target) { _ in }
        // The next press steps on from this frame, even before its seek lands.
        lastFramePosition = target
    }

    /// Stops playback and releases the pipeline (NULL, unreferenced: finalized on return).
    package func stop() {
        release()
    }

    // MARK: Internal (the pipeline's events in `PlaybinEngine+Events`)

    var watchdog: MainLoopTimer?
    /// Whether `play` was called since `load` (applied when the pipeline is prepared).
    var playRequested = false
    var deferredFailure: MainLoopTimer?
    var pendingSeek: (@MainActor (Bool) -> Void)?
    var isPrepared = false
    var firstFrameSeen = false
    var steppedSincePlay = false
    /// The position of the frame shown last (its timestamp), for a step back.
    var lastFramePosition: Double?
    /// Counts `load`/`release` calls: a probe or watchdog of an earlier load does nothing.
    var loadCount = 0
    var stall: StallDetector
    var stallTimer: MainLoopTimer?
    var reportedFailure = false
    /// The source of the current pipeline.
    var openedURL: URL?
    /// A subtitle file dropped on this load, played instead of the sidecar.
    var droppedSubtitle: URL?
    /// How many pipelines opened with this load's subtitle file failed before playing.
    var subtitleFileFailures = 0
    /// Where a pipeline opened again (with a dropped subtitle file) goes on from, until prepared.
    var reopenPosition: Double?
    /// Whether the selected subtitles are drawn (off: playbin3's text flag cleared).
    var subtitlesShown = true
    /// The stream ids the remembered choice was last applied to (it applies once per collection).
    var choiceAppliedTo: [String] = []
    /// The choice a dropped subtitle file made, applied when the pipeline opened with it lists it.
    var pendingDroppedChoice: TrackChoice?
    /// The neighbour's pipeline paused at its first frame (`PlaybinEngine+Preroll`).
    var preroll: Preroll?
    /// Replays an adopted preroll's events on the main loop's next turn.
    var replay: MainLoopTimer?
    /// Opens a local file again once if its first preroll stalls (`localPrerollRetry`).
    var retry: MainLoopTimer?
    /// The remote neighbour whose first bytes are being probed before it is pre-rolled.
    var prerollProbing: URL?
    /// Tries a pre-roll again once fewer pipelines are alive.
    var prerollRetry: MainLoopTimer?
    /// Opens the current load once fewer pipelines are alive (`open`).
    var deferredOpen: MainLoopTimer?

    /// Reports `message` once per load and disarms the watchdog; the controller then stops.
    func fail(_ message: String) {
        guard !reportedFailure else { return }
        reportedFailure = true
        watchdog?.cancel()
        watchdog = nil
        finishSeek(false)
        onEvent?(.failed(message))
    }

    func finishSeek(_ success: Bool) {
        guard let completion = pendingSeek else { return }
        pendingSeek = nil
        completion(success)
    }

    // MARK: Private

    private func release() {
        playRequested = false
        openedURL = nil
        droppedSubtitle = nil
        subtitleFileFailures = 0
        pendingDroppedChoice = nil
        reopenPosition = nil
        subtitle = nil
        subtitlesShown = true
        loadCount += 1
        watchdog?.cancel()
        watchdog = nil
        retry?.cancel()
        retry = nil
        stallTimer?.cancel()
        stallTimer = nil
        deferredFailure?.cancel()
        deferredFailure = nil
        deferredOpen?.cancel()
        deferredOpen = nil
        replay?.cancel()
        replay = nil
        finishSeek(false)
        isPrepared = false
        if let pipeline {
            self.pipeline = nil
            pipeline.stop()
            // GStreamer's threads allocate from glibc's per-thread arenas, which keep freed pages
            // resident until trimmed (Docs/PLATFORM_NOTES.md).
            _ = malloc_trim(0)
        }
        setPaintable(nil)
    }

    /// Shows `texture` (owned) as the current frame, dropping the one before.
    func setPaintable(_ texture: OpaquePointer?) {
        if let paintable { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        paintable = texture
    }
}
