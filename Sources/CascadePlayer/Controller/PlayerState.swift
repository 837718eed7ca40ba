/// Where a player is in its life: idle (cover shown) → loading → playing ⇄ paused → ended →
/// stopped (cover and play button again); any loading or playing state may become `failed`.
public enum PlayerState: Equatable, Sendable {
    /// Nothing loaded yet: the cover and the play button are shown.
    case idle
    /// The engine is preparing the media; the cover stays until the first frame.
    case loading
    /// Playing.
    case playing
    /// Paused by the user (or by a pause that arrived while loading).
    case paused
    /// Playback reached the end; the player is leaving fullscreen or about to stop.
    case ended
    /// Stopped and released: the cover and the play button are shown again.
    case stopped
    /// The media could not be played. `retryable` is false when trying again cannot help (an
    /// unsupported URL) and true for engine failures (network, decoding, timeouts).
    case failed(message: String, retryable: Bool)

    /// A short stable name for reports and scripts (`idle`, `loading`, `playing`, ...).
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .loading: return "loading"
        case .playing: return "playing"
        case .paused: return "paused"
        case .ended: return "ended"
        case .stopped: return "stopped"
        case .failed: return "failed"
        }
    }

    /// Whether the engine holds media in this state (it must be stopped to release it).
    public var hasMedia: Bool {
        switch self {
        case .loading, .playing, .paused, .ended: return true
        case .idle, .stopped, .failed: return false
        }
    }

    /// Whether the cover image is shown instead of the video surface.
    public var showsCover: Bool {
        switch self {
        case .idle, .loading, .stopped, .failed: return true
        case .playing, .paused, .ended: return false
        }
    }

    /// Whether the centred play button is shown.
    public var showsPlayButton: Bool {
        switch self {
        case .idle, .stopped: return true
        default: return false
        }
    }
}
