/// The speed of a drag or swipe, estimated from the positions it reported over the last moments.
///
/// A host adds the position (in any unit: points, pages) with a timestamp for every input event,
/// and asks for `velocity` when the finger lifts or the swipe ends. The estimate is the average
/// speed over the samples of the last `window` seconds, so one jittery event does not decide a
/// flick, and a swipe that ends with a single event still has a speed: two samples closer than
/// `minimumInterval` count as that far apart (one frame at 60 Hz by default), which is how long
/// such an event's movement took at least.
///
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.add(position: 0, time: 0)        // drag began
/// tracker.add(position: 0.2, time: 0.05)   // drag moved
/// tracker.velocity                          // 4 units per second
/// ```
public struct VelocityTracker: Sendable, Equatable {
    /// How far back samples count, in seconds.
    public static let defaultWindow = 0.1
    /// The shortest interval two samples are taken to span, in seconds (one frame at 60 Hz).
    public static let defaultMinimumInterval = 1.0 / 60

    private struct Sample: Sendable, Equatable {
        var position: Double
        var time: Double
    }

    /// How far back samples count, in seconds (> 0).
    public let window: Double
    /// The shortest interval two samples are taken to span, in seconds (> 0).
    public let minimumInterval: Double

    private var samples: [Sample] = []

    // MARK: Lifecycle

    /// Creates an empty tracker; non-positive or non-finite settings take the defaults.
    public init(window: Double = defaultWindow, minimumInterval: Double = defaultMinimumInterval) {
        self.window = window.isFinite && window > 0 ? window : Self.defaultWindow
        self.minimumInterval =
            minimumInterval.isFinite && minimumInterval > 0 ? minimumInterval : Self.defaultMinimumInterval
    }

    // MARK: Inputs

    /// Records `position` at `time` seconds (any monotonic clock). Non-finite values are ignored;
    /// a time earlier than the last sample's counts as the same instant.
    public mutating func add(position: Double, time: Double) {
        guard position.isFinite, time.isFinite else { return }
        let time = max(time, samples.last?.time ?? time)
        samples.append(Sample(position: position, time: time))
        // Keep only what the window can still use: the newest sample older than the window
        // bounds the estimate's start.
        let cutoff = time - window
        if let firstInWindow = samples.firstIndex(where: { $0.time >= cutoff }), firstInWindow > 1 {
            samples.removeFirst(firstInWindow - 1)
        }
    }

    /// Forgets every sample (a new gesture starts).
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    // MARK: Queries

    /// Whether any sample was recorded since the last reset.
    public var isTracking: Bool { !samples.isEmpty }

    /// The position last recorded, if any.
    public var lastPosition: Double? { samples.last?.position }

    /// The average speed over the last `window` seconds, in position units per second
    /// (positive: increasing positions). 0 with fewer than two samples.
    public var velocity: Double {
        guard samples.count >= 2, let last = samples.last else { return 0 }
        let cutoff = last.time - window
        // The oldest sample inside the window, but never the last one itself: a lone event after
        // a pause moved from the position before it.
        let startIndex = min(samples.firstIndex { $0.time >= cutoff } ?? 0, samples.count - 2)
        let start = samples[startIndex]
        return (last.position - start.position) / max(minimumInterval, last.time - start.time)
    }
}
