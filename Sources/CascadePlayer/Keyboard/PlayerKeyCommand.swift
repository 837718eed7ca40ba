/// What a key does on the player page; a pure mapping from key names to controller actions.
///
/// Space toggles play/pause, ←/→ seek 5 s, `j`/`l` skip 10 s back/forward (as on video sites),
/// ↑/↓ change the volume by 0.1, `f` toggles fullscreen and Esc leaves it. Seeks are clamped
/// to 0…duration by the controller. Run a command with `PlayerController.perform(_:)`.
public enum PlayerKeyCommand: Equatable, Sendable {
    /// Play if not playing, else pause.
    case togglePlayPause
    /// Seek relative to the position, in seconds (negative: back).
    case seek(by: Double)
    /// Change the volume by this amount (clamped to 0…1 by the controller).
    case changeVolume(by: Double)
    /// Enter or leave fullscreen.
    case toggleFullscreen
    /// Leave fullscreen (does nothing when not fullscreen, so Esc can go elsewhere).
    case exitFullscreen

    /// The command for a key, or nil for keys the player ignores.
    ///
    /// `name` is a GDK key name (`gdk_keyval_name`: `space`, `Left`, `Right`, `Up`, `Down`, `f`,
    /// `F`, `j`, `J`, `l`, `L`, `Escape`, and the keypad's `KP_Left`...) or a web-style name (` `, `ArrowLeft`,
    /// `Esc`...). Matching is exact except for letters, which ignore case.
    public static func command(
        forKey name: String, seekStep: Double = 5, skipStep: Double = 10, volumeStep: Double = 0.1
    )
        -> PlayerKeyCommand?
    {
        switch name {
        case "space", " ", "Space", "KP_Space":
            return .togglePlayPause
        case "Left", "KP_Left", "ArrowLeft":
            return .seek(by: -seekStep)
        case "Right", "KP_Right", "ArrowRight":
            return .seek(by: seekStep)
        case "j", "J":
            return .seek(by: -skipStep)
        case "l", "L":
            return .seek(by: skipStep)
        case "Up", "KP_Up", "ArrowUp":
            return .changeVolume(by: volumeStep)
        case "Down", "KP_Down", "ArrowDown":
            return .changeVolume(by: -volumeStep)
        case "f", "F":
            return .toggleFullscreen
        case "Escape", "Esc":
            return .exitFullscreen
        default:
            return nil
        }
    }
}
