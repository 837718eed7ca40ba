/// A player command of the window's key table (`AppKeyCommand.adjustPlayback`), listed in the
/// shortcuts window: speed steps, frame steps and the next subtitle or audio track. The player's
/// controller performs the steps (`PlayerController.changeRate(faster:)`, `stepFrame(forward:)`),
/// its engine the tracks (`TrackList.nextSubtitle`, `nextAudio`).
public enum PlaybackAdjustment: Equatable, Sendable, CaseIterable {
    /// One speed step faster (`]`).
    case faster
    /// One speed step slower (`[`).
    case slower
    /// The next frame, while paused (`.`).
    case nextFrame
    /// The previous frame, while paused (`,`).
    case previousFrame
    /// The next subtitle track, round to "Off" (`v`, as in VLC).
    case nextSubtitles
    /// The next audio track (`b`, as in VLC).
    case nextAudio

    /// The adjustment for a GDK key name on the player page, nil for other keys.
    public init?(keyName: String) {
        switch keyName {
        case "bracketright": self = .faster
        case "bracketleft": self = .slower
        case "period", "KP_Decimal": self = .nextFrame
        case "comma": self = .previousFrame
        case "v", "V": self = .nextSubtitles
        case "b", "B": self = .nextAudio
        default: return nil
        }
    }
}
