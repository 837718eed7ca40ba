import CascadeScreens
import Testing

/// Frame-time summaries: a golden table of nearest-rank percentiles and the over-budget counts.
@Suite struct FrameTimeSummaryTests {
    @Test func percentilesAreNearestRankOnTheSortedSamples() {
        let summary = FrameTimeSummary((1...100).map(Double.init).reversed())
        #expect(summary.count == 100)
        #expect(summary.p50 == 50)
        #expect(summary.p95 == 95)
        #expect(summary.p99 == 99)
        #expect(summary.percentile(0) == 1)
        #expect(summary.percentile(1) == 100)
        #expect(summary.percentile(.nan) == 100)
    }

    @Test func overBudgetCountsAreStrictlyAboveEachBudget() {
        let summary = FrameTimeSummary([10, 16.6, 1000.0 / 60, 16.8, 33.3, 1000.0 / 30, 34, 200])
        #expect(summary.over16_7 == 5)
        #expect(summary.over33 == 2)
    }

    @Test func nonFiniteAndNegativeSamplesAreDroppedAndEmptyIsZero() {
        let summary = FrameTimeSummary([.nan, -.infinity, .infinity, -1, 12])
        #expect(summary.sorted == [12])
        #expect(summary.p95 == 12)
        let empty = FrameTimeSummary([])
        #expect(empty.count == 0 && empty.p50 == 0 && empty.p99 == 0 && empty.over16_7 == 0)
    }

    @Test func slowFramesKeepTheirStartsInTheOrderDrawn() {
        let frames: [FrameTimeSummary.Frame] = [
            .init(start: 100, duration: 40), .init(start: 140, duration: 5), .init(start: 145, duration: 1000.0 / 60),
            .init(start: 162, duration: 16.8), .init(start: .nan, duration: 50), .init(start: 180, duration: .infinity),
            .init(start: 190, duration: -1), .init(start: 200, duration: 20),
        ]
        let summary = FrameTimeSummary(frames: frames)
        #expect(summary.sorted == [5, 1000.0 / 60, 16.8, 20, 40])
        #expect(
            summary.slowFrames == [
                .init(start: 100, duration: 40), .init(start: 162, duration: 16.8), .init(start: 200, duration: 20),
            ])
        #expect(summary.over16_7 == summary.slowFrames.count)
        #expect(FrameTimeSummary([50]).slowFrames.isEmpty)
    }
}
