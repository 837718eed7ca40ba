/// Infers buffering from a playing stream whose position stops moving.
///
/// For stalls an engine's own buffering reports miss (a server that simply stops sending):
/// while playback should run, a position that has not advanced for `threshold` seconds means
/// the engine is waiting for data; the next advance ends it. Pure, on caller-supplied times,
/// so it is tested without clocks.
public struct StallDetector: Equatable, Sendable {
    /// Seconds without progress, while playing, that count as a stall.
    public let threshold: Double
    /// Whether a stall is in progress.
    public private(set) var isStalled = false

    private var lastPosition: Double?
    private var lastProgressAt: Double?

    /// Creates a detector; a non-finite or negative threshold is clamped to 0.
    public init(threshold: Double = 1.0) {
        self.threshold = threshold.isFinite ? max(0, threshold) : 0
    }

    /// Records a position report at time `now` (seconds); returns the new `isStalled` if it
    /// changed (a moving position ends a stall).
    public mutating func position(_ position: Double, at now: Double) -> Bool? {
        guard position.isFinite, now.isFinite else { return nil }
        if let lastPosition, position == lastPosition { return nil }
        lastPosition = position
        lastProgressAt = now
        return setStalled(false)
    }

    /// Checks at time `now` whether playback that should be running (`isPlaying`) has stalled;
    /// returns the new `isStalled` if it changed. Not playing (paused, seeking, ended) is never
    /// a stall, and the countdown restarts when playback resumes.
    public mutating func check(at now: Double, isPlaying: Bool) -> Bool? {
        guard now.isFinite else { return nil }
        guard isPlaying else {
            lastProgressAt = nil
            return setStalled(false)
        }
        guard let since = lastProgressAt else {
            lastProgressAt = now
            return nil
        }
        return now - since >= threshold ? setStalled(true) : nil
    }

    /// Seconds before the end within which a stall is the end (a few position reports apart).
    public static let endTolerance: Double = 0.25

    /// Whether a stall at `position` of a `duration`-second stream is its end rather than a wait
    /// for data: some streams play their last frame and never signal the end (GStreamer 1.22
    /// after subtitles are turned off, Docs/PLATFORM_NOTES.md). False while the duration is
    /// unknown, zero or not a number.
    public static func isEnd(at position: Double?, of duration: Double?) -> Bool {
        guard let position, let duration, position.isFinite, duration.isFinite, duration > 0 else { return false }
        return position >= duration - endTolerance
    }

    /// Forgets everything (a new media).
    public mutating func reset() {
        isStalled = false
        lastPosition = nil
        lastProgressAt = nil
    }

    private mutating func setStalled(_ stalled: Bool) -> Bool? {
        guard stalled != isStalled else { return nil }
        isStalled = stalled
        return stalled
    }
}
