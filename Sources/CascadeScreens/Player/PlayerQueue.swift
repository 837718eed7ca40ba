import CascadeFeed

/// Which video the player page shows among the feed it was opened from, and so which video is
/// next or previous, which one to pre-roll, and what the end of a video does.
///
/// The queue holds the feed's loaded items in feed order as they were when the video opened; an
/// item opened on its own (a file from the command line) is a queue of one, with no neighbours.
/// Past the last loaded item there is no next: the queue never waits for the feed to load more.
///
/// ```swift
/// var queue = PlayerQueue(items: feed.items, current: tapped)
/// queue.next                        // the video PgDn, N or a swipe up moves to (nil at the end)
/// queue.preroll                     // the neighbour to keep paused at its first frame
/// let shown = queue.move(.forward)  // now the current one, or nil when there was none
/// ```
public struct PlayerQueue: Equatable, Sendable {
    /// A move through the queue.
    public enum Step: Equatable, Sendable {
        /// To the next item in feed order (PgDn, N, a swipe or wheel up).
        case forward
        /// To the previous item (PgUp, P, a swipe or wheel down).
        case backward
    }

    /// What the end of a video does.
    public enum EndAction: Equatable, Sendable {
        /// Stop, as always (leaving fullscreen first is the controller's).
        case stop
        /// Move to the next video and play it ("Autoplay next" is on and there is one).
        case advance
    }

    /// The items, in feed order; never empty.
    public let items: [VideoItem]
    /// The index of the item shown.
    public private(set) var index: Int

    // MARK: Lifecycle

    /// A queue over `items` showing `current`; when `current` is not among them (or they are
    /// empty) the queue is `current` alone. Duplicate ids keep their first place.
    public init(items: [VideoItem], current: VideoItem) {
        if let found = items.firstIndex(where: { $0.id == current.id }) {
            self.items = items
            index = found
        } else {
            self.items = [current]
            index = 0
        }
    }

    // MARK: Public API

    /// The item shown.
    public var current: VideoItem { items[index] }

    /// The item a forward move shows, nil at the last one.
    public var next: VideoItem? { neighbour(.forward) }

    /// The item a backward move shows, nil at the first one.
    public var previous: VideoItem? { neighbour(.backward) }

    /// The item a move in `step` shows, nil when there is none that way.
    public func neighbour(_ step: Step) -> VideoItem? {
        let target = index + (step == .forward ? 1 : -1)
        return items.indices.contains(target) ? items[target] : nil
    }

    /// The neighbour to pre-roll: the next one, as moving forward is what users do most; the
    /// previous one at the end of the queue, where there is no next.
    public var preroll: VideoItem? { next ?? previous }

    /// Moves one item in `step` and returns the item now shown; nil (and nothing changes)
    /// when there is none that way.
    @discardableResult
    public mutating func move(_ step: Step) -> VideoItem? {
        guard let item = neighbour(step) else { return nil }
        index += step == .forward ? 1 : -1
        return item
    }

    /// What the end of the current video does: `.advance` when `autoplayNext` is on and there
    /// is a next video, else `.stop`.
    public func endAction(autoplayNext: Bool) -> EndAction {
        autoplayNext && next != nil ? .advance : .stop
    }

    // MARK: Gestures

    /// The slowest vertical swipe, in points per second, that moves to a neighbour: slower
    /// vertical drags stay the volume and brightness drags they are.
    public static let swipeSpeed = 1_200.0

    /// The move a swipe released at (`velocityX`, `velocityY`) points per second asks for: up
    /// (negative y) goes forward, down backward, as in short-video apps; nil for one slower than
    /// `swipeSpeed`, more horizontal than vertical, or not finite.
    public static func step(swipeVelocityX velocityX: Double, velocityY: Double) -> Step? {
        guard velocityX.isFinite, velocityY.isFinite, abs(velocityY) >= swipeSpeed, abs(velocityY) > 2 * abs(velocityX)
        else { return nil }
        return velocityY < 0 ? .forward : .backward
    }

    /// The move a vertical wheel or touchpad scroll of `deltaY` steps asks for (GTK's discrete
    /// wheel steps: positive is down, which goes forward); nil for none.
    public static func step(scrollDeltaY deltaY: Double) -> Step? {
        guard deltaY.isFinite, deltaY != 0 else { return nil }
        return deltaY > 0 ? .forward : .backward
    }
}
