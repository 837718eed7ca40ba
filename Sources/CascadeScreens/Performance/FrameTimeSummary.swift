import CascadeNumerics

/// A summary of frame times (milliseconds): the figures Docs/BENCHMARKS.md reports for a fling.
///
/// Percentiles are nearest-rank on the sorted samples; non-finite and negative samples are
/// dropped where they enter.
///
/// ```swift
/// let summary = FrameTimeSummary([12, 14, 15, 40])
/// summary.p95            // 40
/// summary.over16_7       // 1
/// ```
public struct FrameTimeSummary: Equatable, Sendable {
    /// The frame budget at 60 Hz, in milliseconds.
    public static let budget60Hz = 1000.0 / 60
    /// The frame budget at 30 Hz, in milliseconds.
    public static let budget30Hz = 1000.0 / 30

    /// The samples kept, sorted ascending.
    public let sorted: [Double]
    /// The frames longer than a 60 Hz frame, in the order drawn, with when each started: to
    /// line slow frames up with what else the machine did then (Docs/BENCHMARKS.md).
    public let slowFrames: [Frame]

    /// One frame: when it started (milliseconds on the clock its recorder reads) and how long
    /// it took.
    public struct Frame: Equatable, Sendable {
        /// The start, in milliseconds.
        public let start: Double
        /// The duration, in milliseconds.
        public let duration: Double

        /// A frame that started at `start` and took `duration` (both milliseconds).
        public init(start: Double, duration: Double) {
            self.start = start
            self.duration = duration
        }
    }

    /// Summarizes `samples` (milliseconds); no start times, so no `slowFrames`.
    public init(_ samples: [Double]) {
        sorted = samples.filter { $0.isFinite && $0 >= 0 }.sorted()
        slowFrames = []
    }

    /// Summarizes `frames`, in the order drawn; frames with a non-finite start, or a
    /// non-finite or negative duration, are dropped.
    public init(frames: [Frame]) {
        let kept = frames.filter { $0.start.isFinite && $0.duration.isFinite && $0.duration >= 0 }
        sorted = kept.map(\.duration).sorted()
        slowFrames = kept.filter { $0.duration > Self.budget60Hz }
    }

    /// The number of frames.
    public var count: Int { sorted.count }
    /// The median, 0 without frames.
    public var p50: Double { percentile(0.50) }
    /// The 95th percentile, 0 without frames.
    public var p95: Double { percentile(0.95) }
    /// The 99th percentile, 0 without frames.
    public var p99: Double { percentile(0.99) }
    /// Frames longer than a 60 Hz frame (16.7 ms).
    public var over16_7: Int { count - firstIndex(above: Self.budget60Hz) }
    /// Frames longer than a 30 Hz frame (33.3 ms).
    public var over33: Int { count - firstIndex(above: Self.budget30Hz) }

    /// The nearest-rank percentile `p` (0…1) of the samples, 0 without frames.
    public func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let clamped = p.isFinite ? min(1, max(0, p)) : 1
        // Nearest rank: the smallest sample with at least p of the samples at or below it.
        let rank = (clamped * Double(sorted.count)).rounded(.up)
        let index = rank < 1 ? 0 : min(sorted.count, Int(saturating: rank)) - 1
        return sorted[index]
    }

    /// The index of the first sample above `limit` (binary search).
    private func firstIndex(above limit: Double) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] > limit { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
