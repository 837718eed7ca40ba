/// When a position is worth remembering and when a video counts as finished.
///
/// - Watched long enough: at least `minimumWatched` seconds, or a quarter of a shorter video
///   (so a few seconds of a short clip count, and opening a long film for two seconds does not).
/// - Finished ("the end"): within the last `endWindow` seconds (at most a tenth of the video,
///   so the end of an 8 s clip is its last 0.8 s), or past `finishedFraction` of the duration
///   (95 %: the credits of a long film).
///
/// A position between the two is remembered; one before the first or past the second is
/// forgotten, so the video starts from the start next time. Without a known duration nothing
/// counts as finished by position (the engine's end of stream still does).
public struct ResumePolicy: Equatable, Sendable {
    /// What to do with a position.
    public enum Decision: Equatable, Sendable {
        /// Remember it: the video was left partway.
        case remember
        /// Too early to count as watched: forget any earlier position.
        case tooEarly
        /// At the end: forget, the video starts from the start next time.
        case finished
    }

    /// Seconds watched before a position counts (less for a short video: see the type).
    public var minimumWatched: Double = 5
    /// A position this close to the end (seconds; at most a tenth of the duration) is the end.
    public var endWindow: Double = 5
    /// A position past this fraction of the duration is the end.
    public var finishedFraction: Double = 0.95
    /// How many videos are remembered; the least recently watched go first.
    public var capacity = 500

    /// The defaults described on the type.
    public init() {}

    /// The decision for `position` in a video of `duration` seconds (0 or less: unknown).
    /// Non-finite input is treated as 0.
    public func decision(position: Double, duration: Double) -> Decision {
        let position = position.isFinite ? max(0, position) : 0
        let duration = duration.isFinite ? max(0, duration) : 0
        if duration > 0 {
            let window = min(endWindow, duration / 10)
            if position >= duration * finishedFraction || duration - position <= window { return .finished }
            return position >= min(minimumWatched, duration / 4) ? .remember : .tooEarly
        }
        return position >= minimumWatched ? .remember : .tooEarly
    }
}
