/// The values a controls overlay shows: time texts, progress, buffered ranges and which
/// pieces are visible. Pure and derived from a `PlayerSnapshot`, so the host only renders.
public struct PlayerControls: Equatable, Sendable {
    /// The elapsed time (the drag preview while scrubbing), e.g. `1:05`.
    public var elapsedText: String
    /// The total time, e.g. `12:30` or `1:02:05`; `0:00` while unknown.
    public var totalText: String
    /// Elapsed over total, 0…1 (0 while the duration is unknown).
    public var progress: Double
    /// Buffered ranges as fractions of the duration, each within 0…1, ascending.
    public var bufferedFractions: [ClosedRange<Double>]
    /// Whether the overlay is shown.
    public var isVisible: Bool
    /// Whether the pointer is hidden over the page: the controls hid themselves (or were
    /// tapped away) while the video plays, as in any video player; motion shows both again.
    public var hidesPointer: Bool
    /// Whether the play/pause button shows "pause" (playback is running).
    public var showsPauseButton: Bool
    /// Whether a spinner is shown (loading or buffering).
    public var showsSpinner: Bool
    /// The error to show, if playback failed.
    public var errorMessage: String?
    /// Whether a retry button is offered with the error.
    public var canRetry: Bool
    /// The video's (and cover's) opacity over the black background: the brightness, dimmed
    /// further behind an error message so the message reads on a scrim.
    public var mediaOpacity: Double
    /// The share of the brightness left behind an error message.
    public static let errorDimming = 0.35

    /// Derives the controls from `snapshot`.
    public init(snapshot: PlayerSnapshot) {
        let duration = snapshot.duration.isFinite ? max(0, snapshot.duration) : 0
        let shown = snapshot.scrubPosition ?? snapshot.position
        elapsedText = PlayerTimeFormatter.string(from: shown)
        totalText = PlayerTimeFormatter.string(from: duration)
        progress = Self.fraction(shown, of: duration)
        bufferedFractions = snapshot.bufferedRanges.compactMap { range in
            guard duration > 0 else { return nil }
            let lower = Self.fraction(range.lowerBound, of: duration)
            let upper = Self.fraction(range.upperBound, of: duration)
            return lower <= upper ? lower...upper : nil
        }
        isVisible = snapshot.controlsVisible
        hidesPointer = !snapshot.controlsVisible && snapshot.state == .playing
        showsPauseButton = snapshot.state == .playing
        showsSpinner = snapshot.state == .loading || (snapshot.isBuffering && snapshot.state == .playing)
        if case .failed(let message, let retryable) = snapshot.state {
            errorMessage = message
            canRetry = retryable
        } else {
            errorMessage = nil
            canRetry = false
        }
        mediaOpacity = snapshot.brightness * (errorMessage == nil ? 1 : Self.errorDimming)
    }

    /// `value / total` clamped to 0…1; 0 for a zero, negative or non-finite total or value.
    static func fraction(_ value: Double, of total: Double) -> Double {
        guard total > 0, total.isFinite, value.isFinite else { return 0 }
        return min(1, max(0, value / total))
    }
}
