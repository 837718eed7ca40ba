/// A player command of the window's key table (`AppKeyCommand.adjustPlayback`), listed in the
/// shortcuts window: speed steps and frame steps. The player's controller performs them
/// (`PlayerController.changeRate(faster:)`, `stepFrame(forward:)`).
public enum PlaybackAdjustment: Equatable, Sendable, CaseIterable {
    /// One speed step faster (`]`).
    case faster
    /// One speed step slower (`[`).
    case slower
    /// The next frame, while paused (`.`).
    case nextFrame
    /// The previous frame, while paused (`,`).
    case previousFrame

    /// The adjustment for a GDK key name on the player page, nil for other keys.
    public init?(keyName: String) {
        switch keyName {
        case "bracketright": self = .faster
        case "bracketleft": self = .slower
        case "period", "KP_Decimal": self = .nextFrame
        case "comma": self = .previousFrame
        default: return nil
        }
    }
}
