/// Where a video was left: the position and the duration it had then, in seconds.
///
/// Values are clamped where they are made (finite, 0…`maximumSeconds`, position ≤ duration
/// when the duration is known), so a damaged file cannot produce an absurd offer or bar.
public struct ResumePoint: Equatable, Sendable {
    /// The largest time accepted (about 115 days); larger values are clamped to it.
    public static let maximumSeconds: Double = 10_000_000

    /// The position to resume from.
    public let position: Double
    /// The video's duration, 0 when it was not known.
    public let duration: Double

    /// Creates a point; see the type for the clamping.
    public init(position: Double, duration: Double) {
        let duration = Self.clamp(duration)
        let position = Self.clamp(position)
        self.duration = duration
        self.position = duration > 0 ? min(position, duration) : position
    }

    /// How much of the video was watched, 0…1; nil when the duration is unknown (no bar).
    public var fraction: Double? {
        duration > 0 ? min(1, position / duration) : nil
    }

    private static func clamp(_ seconds: Double) -> Double {
        seconds.isFinite ? min(maximumSeconds, max(0, seconds)) : 0
    }
}
