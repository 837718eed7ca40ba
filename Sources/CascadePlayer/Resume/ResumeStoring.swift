/// Remembers where videos were left, keyed by the feed's video URL (`URL.absoluteString`).
///
/// The default implementation is `ResumeStore` (persisted, bounded); `PlayerController` asks
/// it for an offer when a source is set and tells it where playback was left.
@MainActor
public protocol ResumeStoring: AnyObject {
    /// Where `key` was left, if it was left partway (never a finished or barely started video).
    func resumePoint(for key: String) -> ResumePoint?
    /// Records that `key` was left at `position` of `duration` seconds (0: unknown); the store's
    /// policy decides whether it is remembered or forgotten.
    func record(_ key: String, position: Double, duration: Double)
    /// Records that `key` played to its end: it starts from the start next time.
    func finished(_ key: String)
}
