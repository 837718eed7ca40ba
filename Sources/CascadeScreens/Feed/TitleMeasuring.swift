import CascadeScheduling
import Foundation

/// Measures a cell's title with the host's text engine (Pango in the GTK host), so that a
/// `.fitted` cell is as tall as its title needs: the model asks it while the layout places
/// items, and never draws.
@MainActor
public protocol TitleMeasuring: AnyObject {
    /// The height of one title line, in points.
    var lineHeight: CGFloat { get }
    /// How many lines `title` wraps to in a cell `cellWidth` points wide (the host knows its
    /// own padding), at most `maximumLines`. Answers outside 1…`maximumLines` are clamped.
    func lineCount(of title: String, cellWidth: CGFloat, maximumLines: Int) -> Int
    /// How a page that lands is measured: a slice at a time between frames, or (nil) all at once
    /// as it lands. A host with a main loop gives slices, so 500 titles never fill one frame.
    var slicing: TitleSlicing? { get }
}

extension TitleMeasuring {
    /// All at once: a measurer without a main loop to come back on.
    public var slicing: TitleSlicing? { nil }
}

/// A page's titles measured in slices: each measures until `budget` seconds have passed on
/// `clock`, then the next runs `interval` seconds later on `scheduler`. With an interval longer
/// than a frame, no two slices fall between the same two frames.
@MainActor
public final class TitleSlicing {
    /// Where the next slice is scheduled.
    public let scheduler: any Scheduling
    /// The seconds one slice measures for (at least one title a slice).
    public let budget: Double
    /// The seconds from one slice to the next.
    public let interval: Double
    /// Seconds on a monotonic clock.
    public let clock: () -> Double

    /// Slices of `budget` seconds (1.5 ms: with a fast fling frame's own 4–6 ms, within the
    /// 8.3 ms of a 120 Hz frame) every `interval` (20 ms, longer than a 60 Hz frame).
    public init(
        scheduler: any Scheduling, budget: Double = 0.0015, interval: Double = 0.02,
        clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.scheduler = scheduler
        self.budget = budget.isFinite ? max(0, budget) : 0
        self.interval = interval.isFinite ? max(0, interval) : 0
        self.clock = clock
    }
}

/// How a video cell divides its height between the cover and the title.
public enum CellStyle: String, CaseIterable, Sendable {
    /// The cover at its own aspect over the whole column width, then the title in as many
    /// lines (one to three) as it needs, measured by a `TitleMeasuring`.
    case fitted
    /// The reference design's proportions: cover 85 %, gap 4 %, title band 11 % of a cell
    /// whose height follows the cover's aspect.
    case reference
}
