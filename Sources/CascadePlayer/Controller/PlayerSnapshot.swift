/// Everything a host renders for a player, as one value published on every change.
public struct PlayerSnapshot: Equatable, Sendable {
    /// The playback state.
    public var state: PlayerState = .idle
    /// The position in seconds (the seek target while a seek is in flight).
    public var position: Double = 0
    /// The duration in seconds, 0 while unknown.
    public var duration: Double = 0
    /// Whether the engine waits for data.
    public var isBuffering = false
    /// The time ranges (seconds) the engine holds data for.
    public var bufferedRanges: [ClosedRange<Double>] = []
    /// Whether a seek is in flight.
    public var isSeeking = false
    /// The position previewed by a horizontal drag, nil when not dragging.
    public var scrubPosition: Double?
    /// Whether the player fills the screen (as confirmed by the host).
    public var isFullscreen = false
    /// Output volume, 0…1.
    public var volume: Double = 1
    /// Playback rate, `PlaybackRate.minimum…maximum` (1 = normal); kept across videos.
    public var rate: Double = 1
    /// Brightness of the video surface, 0…1 (1 = untouched); desktop hosts dim the surface.
    public var brightness: Double = 1
    /// Whether the controls overlay is shown.
    public var controlsVisible = true
    /// Where the video was left last time, offered before playback starts ("Resume from 1:23",
    /// the default, or start over); nil once playback starts or when there is nothing to resume.
    public var resumeOffer: ResumePoint?

    /// Creates the snapshot of a fresh player.
    public init() {}

    /// The values a controls overlay shows, derived from this snapshot.
    public var controls: PlayerControls { PlayerControls(snapshot: self) }
}
