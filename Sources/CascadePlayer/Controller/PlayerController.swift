import CascadeScheduling
import Foundation

/// The player state machine: every decision of the player page, with the engine only playing.
///
/// idle (cover shown) → loading → playing ⇄ paused → ended → stopped (cover and play button
/// again); loading, playing and paused may become `failed(message, retryable)`, and `retry()`
/// starts again (from the last position). The host renders `snapshot` whenever `onChange`
/// fires, forwards user input (`play()`, `pan…`, `perform(_:)`), performs fullscreen
/// transitions asked for by `onFullscreenRequest` and confirms them with
/// `fullscreenDidChange(_:)`.
///
/// At the end of playback in fullscreen, the controller first asks the host to leave
/// fullscreen and stops only once the host confirms (or after
/// `Configuration.fullscreenExitTimeout`, should the host never answer).
///
/// - Warning: call `stop()` when the page goes away; the engine keeps its pipeline otherwise.
@MainActor
public final class PlayerController {
    /// Tuning.
    public struct Configuration: Equatable, Sendable {
        /// Seconds without interaction before the controls hide while playing.
        public var controlsAutoHideDelay: Double = 2.5
        /// Seconds to wait for the host to confirm leaving fullscreen at the end before stopping.
        public var fullscreenExitTimeout: Double = 1.0
        /// Whether `retry()` resumes from the position reached before the failure.
        public var retryResumesPosition = true
        /// Seconds of uninterrupted buffering while playing before playback fails (retryable).
        public var bufferingTimeout: Double = 30
        /// Seconds of playback between recordings of the position in the resume store while
        /// playing, so a crash or a kill loses at most this much.
        public var resumeRecordInterval: Double = 10

        /// The defaults.
        public init() {}
    }

    // MARK: Lifecycle

    /// Creates a controller for the feed's video URL `source` (nil: set one with `setSource`).
    ///
    /// The initial volume is the engine's. With a `resumeStore`, a source left partway is offered
    /// from where it was left (`PlayerSnapshot.resumeOffer`), and where playback is left is
    /// recorded in it.
    public init(
        source: URL? = nil, engine: PlaybackEngine, resolver: SourceResolving = PlainSourceResolver(),
        scheduler: Scheduling? = nil, configuration: Configuration = Configuration(),
        resumeStore: (any ResumeStoring)? = nil
    ) {
        self.source = source
        self.resumeStore = resumeStore
        self.engine = engine
        self.resolver = resolver
        let scheduler = scheduler ?? DispatchScheduler()
        self.scheduler = scheduler
        self.configuration = configuration
        autoHide = ControlsAutoHide(delay: configuration.controlsAutoHideDelay, scheduler: scheduler)
        snapshot.volume = Self.unit(engine.volume, fallback: 1)
        autoHide.onVisibilityChange = { [weak self] visible in
            self?.update { $0.controlsVisible = visible }
        }
        snapshot.resumeOffer = offer(for: source)
    }

    // MARK: Public API

    /// The current values; published through `onChange` whenever they change.
    public private(set) var snapshot = PlayerSnapshot()
    /// Receives every changed snapshot (never the same value twice in a row).
    public var onChange: (@MainActor (PlayerSnapshot) -> Void)?
    /// Asks the host to enter (true) or leave (false) fullscreen; the host answers with
    /// `fullscreenDidChange(_:)` once the transition is done. Without a handler the controller
    /// assumes the change happened at once.
    public var onFullscreenRequest: (@MainActor (Bool) -> Void)?
    /// The feed's video URL (before source resolution).
    public private(set) var source: URL?
    /// The tuning in use.
    public let configuration: Configuration
    /// Where positions are remembered (nil: nowhere); takes effect at the next `setSource`.
    public var resumeStore: (any ResumeStoring)?

    /// Replaces the video: stops any playback (recording where it was left) and returns to
    /// `idle` (cover shown), with a resume offer when the store remembers where `url` was left.
    public func setSource(_ url: URL?) {
        stop()
        source = url
        let offer = offer(for: url)
        update {
            $0.state = .idle
            $0.duration = 0
            $0.resumeOffer = offer
        }
    }

    /// Starts, resumes or restarts playback.
    ///
    /// From idle, stopped or failed: resolves the source and loads it (`loading`, then
    /// `playing`), from the resume offer's position when there is one (the offer's default);
    /// an unplayable URL fails at once with `retryable == false`. From paused: resumes. From
    /// loading: plays as soon as ready. From ended: cancels the pending stop and plays again
    /// from the start.
    public func play() {
        autoHide.interact()
        switch snapshot.state {
        case .idle, .stopped, .failed:
            startSession(resumeAt: snapshot.resumeOffer?.position)
        case .loading:
            guard !wantsPlayback else { return }
            wantsPlayback = true
            engine.play()
        case .paused:
            wantsPlayback = true
            engine.play()
            update { $0.state = .playing }
        case .ended:
            cancelPendingStop()
            wantsPlayback = true
            performSeek(to: 0)
            engine.play()
            update { $0.state = .playing }
        case .playing:
            break
        }
    }

    /// Pauses playback (a pause while loading makes the player land in `paused`); where it
    /// paused is recorded in the resume store.
    public func pause() {
        autoHide.interact()
        switch snapshot.state {
        case .loading:
            wantsPlayback = false
            engine.pause()
        case .playing:
            wantsPlayback = false
            engine.pause()
            update { $0.state = .paused }
            rememberPosition()
        default:
            break
        }
    }

    /// Pauses when playing (or about to), plays otherwise.
    public func togglePlayPause() {
        if snapshot.state == .playing || (snapshot.state == .loading && wantsPlayback) {
            pause()
        } else {
            play()
        }
    }

    /// Seeks to `seconds`, clamped to 0…duration; the state (playing or paused) is kept.
    ///
    /// While loading, the seek happens once the media is ready. Ignored in other states and
    /// for non-finite input.
    public func seek(to seconds: Double) {
        guard seconds.isFinite else { return }
        switch snapshot.state {
        case .playing, .paused:
            performSeek(to: clampToDuration(seconds))
        case .loading:
            let target = max(0, seconds)
            pendingSeek = target
            update { $0.position = target }
        default:
            break
        }
    }

    /// Seeks `delta` seconds from the current position.
    public func seek(by delta: Double) {
        seek(to: snapshot.position + delta)
    }

    /// Stops playback, releases the engine's media and shows the cover and play button again;
    /// where playback was left is recorded in the resume store. Idempotent.
    public func stop() {
        recordPosition()
        cancelPendingStop()
        cancelBufferingWatch()
        let hadMedia = snapshot.state.hasMedia
        session += 1
        wantsPlayback = false
        pendingSeek = nil
        pan = nil
        if hadMedia {
            engine.onEvent = nil
            engine.stop()
        }
        guard hadMedia || snapshot.state != .idle else { return }
        update {
            if hadMedia { $0.state = .stopped }
            $0.position = 0
            $0.isBuffering = false
            $0.bufferedRanges = []
            $0.isSeeking = false
            $0.scrubPosition = nil
        }
    }

    /// After a failure: loads again, resuming from the last position when configured.
    /// Does nothing unless the state is `failed` with `retryable == true`.
    public func retry() {
        guard case .failed(_, true) = snapshot.state else { return }
        autoHide.interact()
        startSession(resumeAt: configuration.retryResumesPosition ? resumePosition : nil)
    }

    /// Sets the output volume, clamped to 0…1 (non-finite input is ignored).
    public func setVolume(_ volume: Double) {
        guard volume.isFinite else { return }
        let value = min(1, max(0, volume))
        engine.volume = value
        update { $0.volume = value }
    }

    /// Sets the brightness of the video surface, clamped to 0…1 (non-finite input is ignored).
    /// Engines do not see it: desktop hosts dim the surface (e.g. its opacity over black).
    public func setBrightness(_ brightness: Double) {
        guard brightness.isFinite else { return }
        let value = min(1, max(0, brightness))
        update { $0.brightness = value }
    }

    /// Sets the playback rate, clamped to `PlaybackRate.minimum…maximum` (not finite, zero or
    /// negative: ignored). Audio keeps its pitch; the rate stays for the next videos.
    public func setRate(_ rate: Double) {
        guard let value = PlaybackRate.clamped(rate) else { return }
        autoHide.interact()
        engine.rate = value
        update { $0.rate = value }
    }

    /// One speed step faster or slower (`PlaybackRate.steps`), as `]` and `[` do.
    public func changeRate(faster: Bool) {
        let rate = snapshot.rate
        setRate(faster ? PlaybackRate.faster(than: rate) : PlaybackRate.slower(than: rate))
    }

    /// Shows the next (or previous) frame, only while paused, as `.` and `,` do; returns
    /// whether it did.
    @discardableResult
    public func stepFrame(forward: Bool) -> Bool {
        guard snapshot.state == .paused else { return false }
        autoHide.interact()
        engine.stepFrame(forward: forward)
        return true
    }

    // MARK: Internal (shared with the interaction extension)

    let engine: PlaybackEngine
    let resolver: SourceResolving
    let scheduler: Scheduling
    let autoHide: ControlsAutoHide
    var session = 0
    var wantsPlayback = false
    var pendingSeek: Double?
    var seekGeneration = 0
    var resumePosition: Double = 0
    var pendingStop: ScheduledTask?
    var isAwaitingFullscreenExitToStop = false
    var pan: PanGestureResolver?
    var bufferingWatch: ScheduledTask?
    var lastPublished = PlayerSnapshot()
    var lastRecordedPosition: Double = 0

    /// Applies `change` and publishes the snapshot if it changed.
    func update(_ change: (inout PlayerSnapshot) -> Void) {
        var next = snapshot
        change(&next)
        guard next != snapshot else { return }
        let stateChanged = next.state != snapshot.state
        snapshot = next
        // May re-enter `update` (showing the controls); publish once, with both changes.
        if stateChanged { autoHide.setEnabled(next.state == .playing) }
        guard snapshot != lastPublished else { return }
        lastPublished = snapshot
        onChange?(snapshot)
    }

    func clampToDuration(_ seconds: Double) -> Double {
        let duration = snapshot.duration
        return duration > 0 ? min(duration, max(0, seconds)) : max(0, seconds)
    }

    func performSeek(to target: Double) {
        seekGeneration += 1
        let generation = seekGeneration
        let session = self.session
        update {
            $0.isSeeking = true
            $0.position = target
        }
        engine.seek(to: target) { [weak self] _ in
            guard let self, self.session == session, self.seekGeneration == generation else { return }
            self.update { $0.isSeeking = false }
        }
    }

    func cancelPendingStop() {
        pendingStop?.cancel()
        pendingStop = nil
        isAwaitingFullscreenExitToStop = false
    }

    static func unit(_ value: Double, fallback: Double) -> Double {
        value.isFinite ? min(1, max(0, value)) : fallback
    }

    // MARK: Private

    private func startSession(resumeAt position: Double?) {
        cancelPendingStop()
        cancelBufferingWatch()
        guard let source else {
            update { $0.state = .failed(message: "This item has no video.", retryable: false) }
            return
        }
        let url: URL
        do {
            url = try resolver.resolve(source)
        } catch {
            update { $0.state = .failed(message: error.message, retryable: false) }
            return
        }
        session += 1
        let session = self.session
        wantsPlayback = true
        pendingSeek = (position ?? 0) > 0 ? position : nil
        engine.onEvent = { [weak self] event in self?.handle(event, session: session) }
        lastRecordedPosition = position ?? 0
        update {
            $0.state = .loading
            $0.resumeOffer = nil
            $0.position = position ?? 0
            $0.isBuffering = false
            $0.bufferedRanges = []
            $0.isSeeking = false
            $0.scrubPosition = nil
        }
        engine.load(url)
        // An engine may report synchronously from `load` (a failure ends this session).
        guard self.session == session else { return }
        engine.play()
    }
}
