/// A call a desktop makes on the MPRIS object, and what it means for the player.
public enum MPRISMethod: Equatable, Sendable {
    /// `org.mpris.MediaPlayer2.Raise`.
    case raise
    /// `org.mpris.MediaPlayer2.Quit`.
    case quit
    /// `Play`.
    case play
    /// `Pause`.
    case pause
    /// `PlayPause`.
    case playPause
    /// `Stop`.
    case stop
    /// `Next`.
    case next
    /// `Previous`.
    case previous
    /// `Seek(x Offset)`: microseconds from the position (negative: back).
    case seek(offset: Int64)
    /// `SetPosition(o TrackId, x Position)`.
    case setPosition(trackID: String, position: Int64)
    /// A write of the `Volume` property.
    case setVolume(Double)
    /// A write of the `Rate` property.
    case setRate(Double)

    /// The method for a D-Bus member name without arguments (`Play`, `Raise`, …), nil for others.
    public init?(member: String) {
        switch member {
        case "Raise": self = .raise
        case "Quit": self = .quit
        case "Play": self = .play
        case "Pause": self = .pause
        case "PlayPause": self = .playPause
        case "Stop": self = .stop
        case "Next": self = .next
        case "Previous": self = .previous
        default: return nil
        }
    }

    /// What the call does in `state`, nil when MPRIS says it does nothing there.
    ///
    /// - `Play`/`PlayPause` need `CanPlay` (or a pause to undo), `Pause` needs `CanPause`.
    /// - `Seek` goes by the offset from the position shown; `SetPosition` seeks only for the
    ///   current track and a position within 0…length.
    /// - `Next`/`Previous` move to the neighbouring video when `CanGoNext`/`CanGoPrevious`; a `Rate` is clamped to
    ///   `MinimumRate…MaximumRate` (with a track shown), 0 pauses, a negative one or NaN is
    ///   ignored; a volume is clamped to 0…1 and NaN ignored.
    public func command(in state: MPRISState) -> MPRISCommand? {
        switch self {
        case .raise: return .raise
        case .quit: return .quit
        case .play:
            return state.canPlay && state.playbackStatus != .playing ? .play : nil
        case .pause:
            return state.canPause && state.playbackStatus == .playing ? .pause : nil
        case .playPause:
            if state.playbackStatus == .playing { return state.canPause ? .pause : nil }
            return state.canPlay ? .play : nil
        case .stop:
            return state.track != nil && state.playbackStatus != .stopped ? .stop : nil
        case .next:
            return state.canGoNext ? .next : nil
        case .previous:
            return state.canGoPrevious ? .previous : nil
        case .seek(let offset):
            guard state.canSeek else { return nil }
            // The position is never negative, so only a forward offset can overflow.
            let sum = state.position.addingReportingOverflow(offset)
            let seconds = MPRISTime.seconds(fromMicroseconds: sum.overflow ? .max : sum.partialValue)
            let length = MPRISTime.seconds(fromMicroseconds: state.length ?? 0)
            return .seek(to: min(length, max(0, seconds)))
        case .setPosition(let trackID, let position):
            guard state.canSeek, trackID == state.trackID, position >= 0, position <= state.length ?? 0 else {
                return nil
            }
            return .seek(to: MPRISTime.seconds(fromMicroseconds: position))
        case .setVolume(let volume):
            guard volume.isFinite else { return nil }
            return .setVolume(min(1, max(0, volume)))
        case .setRate(let rate):
            // MPRIS: a rate of 0 pauses; others play within MinimumRate…MaximumRate.
            if rate == 0 { return state.canPause ? .pause : nil }
            guard state.track != nil, let value = PlaybackRate.clamped(rate) else { return nil }
            return .setRate(value)
        }
    }
}

/// What the host does for an MPRIS call.
public enum MPRISCommand: Equatable, Sendable {
    /// Present the window.
    case raise
    /// Quit the app.
    case quit
    /// `PlayerController.play()`.
    case play
    /// `PlayerController.pause()`.
    case pause
    /// `PlayerController.stop()`.
    case stop
    /// Move to the next video of the feed (as PgDn does).
    case next
    /// Move to the previous video of the feed (as PgUp does).
    case previous
    /// `PlayerController.seek(to:)`, already within 0…duration.
    case seek(to: Double)
    /// `PlayerController.setVolume(_:)`, already within 0…1.
    case setVolume(Double)
    /// `PlayerController.setRate(_:)`, already within `PlaybackRate.minimum…maximum`.
    case setRate(Double)
}
