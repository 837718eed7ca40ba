/// What an MPRIS 2 player (`org.mpris.MediaPlayer2.Player`) shows the desktop, derived from the
/// player's snapshot and the track on the page: one value, so the host publishes exactly what
/// changed between two of them (`changes(from:)`).
///
/// `Position` is part of the value for `Get`, but changes of it are not `PropertiesChanged`
/// (MPRIS says clients extrapolate it from `Rate`); a jump is the `Seeked` signal
/// (`seeked(from:)`).
public struct MPRISState: Equatable, Sendable {
    /// `PlaybackStatus`.
    public enum PlaybackStatus: String, Equatable, Sendable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    /// `PlaybackStatus`.
    public var playbackStatus: PlaybackStatus
    /// The track (nil: none, the `NoTrack` id and no other metadata).
    public var track: MPRISTrack?
    /// `mpris:length` in microseconds (nil while the duration is unknown).
    public var length: Int64?
    /// `Position` in microseconds.
    public var position: Int64
    /// `Volume`, 0…1.
    public var volume: Double
    /// `CanPlay`.
    public var canPlay: Bool
    /// `CanPause`.
    public var canPause: Bool
    /// `CanSeek`.
    public var canSeek: Bool
    /// Whether a seek is in flight (not an MPRIS property: its end is a `Seeked` signal).
    public var isSeeking: Bool
    /// `Rate`: the player's speed.
    public var rate: Double
    /// `MinimumRate` (`PlaybackRate.minimum`).
    public let minimumRate = PlaybackRate.minimum
    /// `MaximumRate` (`PlaybackRate.maximum`).
    public let maximumRate = PlaybackRate.maximum
    /// `CanGoNext`: the player page's feed has a video after the one shown.
    public var canGoNext: Bool
    /// `CanGoPrevious`: the player page's feed has a video before the one shown.
    public var canGoPrevious: Bool
    /// `CanControl`: always (MPRIS expects it never to change).
    public let canControl = true

    /// The state for `snapshot` with `track` on the page (nil: the page is not shown), which has
    /// a next and a previous video as `canGoNext` and `canGoPrevious` say.
    ///
    /// Loading counts as playing (playback was asked for); an ended video, about to stop, as
    /// stopped. Without a track nothing can be played, paused, seeked or paged.
    public init(snapshot: PlayerSnapshot, track: MPRISTrack?, canGoNext: Bool = false, canGoPrevious: Bool = false) {
        self.track = track
        self.canGoNext = track != nil && canGoNext
        self.canGoPrevious = track != nil && canGoPrevious
        let state = track == nil ? .idle : snapshot.state
        switch state {
        case .playing, .loading: playbackStatus = .playing
        case .paused: playbackStatus = .paused
        case .idle, .ended, .stopped, .failed: playbackStatus = .stopped
        }
        length = snapshot.duration > 0 && track != nil ? MPRISTime.microseconds(fromSeconds: snapshot.duration) : nil
        position = track == nil ? 0 : MPRISTime.microseconds(fromSeconds: snapshot.position)
        volume = snapshot.volume.isFinite ? min(1, max(0, snapshot.volume)) : 1
        rate = PlaybackRate.clamped(snapshot.rate) ?? PlaybackRate.normal
        switch state {
        case .failed(_, let retryable): canPlay = retryable
        case .idle, .stopped, .ended, .paused, .loading, .playing: canPlay = track != nil
        }
        canPause = [.playing, .loading, .paused].contains(state)
        canSeek = (state == .playing || state == .paused) && snapshot.duration > 0
        isSeeking = snapshot.isSeeking
    }

    /// `mpris:trackid`.
    public var trackID: String { track?.objectPath ?? MPRISTrack.noTrackPath }

    /// The properties whose values differ from `old`'s, in `MPRISProperty` order (never
    /// `Position`).
    public func changes(from old: MPRISState) -> [MPRISProperty] {
        MPRISProperty.allCases.filter { property in
            switch property {
            case .playbackStatus: return playbackStatus != old.playbackStatus
            case .metadata: return track != old.track || length != old.length
            case .volume: return volume != old.volume
            case .rate: return rate != old.rate
            case .canPlay: return canPlay != old.canPlay
            case .canPause: return canPause != old.canPause
            case .canSeek: return canSeek != old.canSeek
            case .canGoNext: return canGoNext != old.canGoNext
            case .canGoPrevious: return canGoPrevious != old.canGoPrevious
            }
        }
    }

    /// The position to send in a `Seeked` signal, when going from `old` to this state is a jump:
    /// a seek finished (or started and finished between two states) on the same track.
    public func seeked(from old: MPRISState) -> Int64? {
        guard track != nil, track == old.track, !isSeeking else { return nil }
        return old.isSeeking ? position : nil
    }
}
