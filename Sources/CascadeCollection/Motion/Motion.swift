/// One animated move: a curve and a duration. The app's moves are the named constants here, so
/// every carousel, pager and header animation shares one feel and one place to change it.
///
/// ```swift
/// let motion = Motion.pageSnap
/// let x = motion.value(from: 0, to: 1, elapsed: 0.1)   // where the page is 0.1 s in
/// motion.isFinished(elapsed: 0.3)                        // true
/// ```
public struct Motion: Sendable, Equatable {
    /// A page settling after a swipe, a flick, a tab click or an automatic advance (banner
    /// carousel and channel pager).
    public static let pageSnap = Motion(curve: .easeOut, duration: 0.25)
    /// The pull-to-refresh header collapsing after a refresh.
    public static let refreshHeaderClose = Motion(curve: .easeIn, duration: 0.25)
    /// Cells sliding to their new places, and new cells fading in, after a feed's items changed
    /// (a refresh that brought items, a file added to or removed from a folder).
    public static let feedUpdate = Motion(curve: .easeOut, duration: 0.25)
    /// The feed scrolling to an item it was asked to show.
    public static let scrollToItem = Motion(curve: .easeOut, duration: 0.35)
    /// The player page's video sliding away vertically as the next or previous one takes its
    /// place (a key, wheel or swipe moved to a neighbour).
    public static let videoSlide = Motion(curve: .easeOut, duration: 0.25)

    /// The easing curve.
    public let curve: AnimationCurve
    /// Seconds from start to end (> 0).
    public let duration: Double

    /// Creates a motion; a non-positive or non-finite duration counts as one frame (1/60 s).
    public init(curve: AnimationCurve, duration: Double) {
        self.curve = curve
        self.duration = duration.isFinite && duration > 0 ? duration : 1.0 / 60
    }

    /// The eased progress (0...1) `elapsed` seconds after the start.
    public func progress(elapsed: Double) -> Double {
        curve.value(at: elapsed / duration)
    }

    /// The value between `from` and `to` `elapsed` seconds after the start.
    public func value(from: Double, to: Double, elapsed: Double) -> Double {
        let progress = progress(elapsed: elapsed)
        return progress >= 1 ? to : from + (to - from) * progress
    }

    /// Whether the move has ended `elapsed` seconds after the start.
    public func isFinished(elapsed: Double) -> Bool {
        !(elapsed < duration)
    }
}
