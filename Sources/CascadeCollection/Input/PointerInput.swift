/// The constants every view uses to read pointer input, in one place so that the feed, the
/// channel pager and the banner carousel respond alike.
public enum PointerInput {
    /// Points one wheel click scrolls in custom scroll handling (pull-to-refresh, page swipes).
    /// Touchpads report points already.
    public static let wheelStep: Double = 50
    /// Seconds without a scroll event after which a wheel or touchpad gesture counts as ended
    /// (a wheel has no "finger lifted"): long enough for the gaps of a slow wheel spin.
    public static let gestureEndDelay: Double = 0.18
    /// How far, in points, a press may move and still count as a click rather than a drag.
    public static let tapSlop: Double = 4

    /// How far, in points, a drag must pull the content past its end (upwards at the bottom)
    /// before it counts as asking for more, as MJRefresh's footer does.
    public static let dragPastEndDistance: Double = 24

    /// A scroll delta in points: wheel deltas count in clicks, touchpad deltas in points.
    public static func points(forScrollDelta delta: Double, isWheel: Bool) -> Double {
        guard delta.isFinite else { return 0 }
        return isWheel ? delta * wheelStep : delta
    }

    /// Whether a press that moved by (`dx`, `dy`) points before release is a click.
    public static func isTap(dx: Double, dy: Double) -> Bool {
        abs(dx) < tapSlop && abs(dy) < tapSlop
    }
}
