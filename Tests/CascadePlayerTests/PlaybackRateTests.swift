import CascadePlayer
import Testing

@Suite struct PlaybackRateTests {
    @Test(arguments: [
        (0.5, 0.75), (0.75, 1.0), (1.0, 1.25), (1.25, 1.5), (1.5, 1.75), (1.75, 2.0), (2.0, 2.0),
        (1.3, 1.5), (0.6, 0.75), (1.999_999_9, 2.0),
    ])
    func fasterGoesToTheNextStepAndStopsAtTwo(rate: Double, next: Double) {
        #expect(PlaybackRate.faster(than: rate) == next)
    }

    @Test(arguments: [
        (2.0, 1.75), (1.75, 1.5), (1.0, 0.75), (0.75, 0.5), (0.5, 0.5), (1.3, 1.25), (0.600_000_1, 0.5),
        (1.000_000_1, 0.75),
    ])
    func slowerGoesToTheStepBelowAndStopsAtAHalf(rate: Double, next: Double) {
        #expect(PlaybackRate.slower(than: rate) == next)
    }

    @Test func sevenPressesEitherWayReachTheEndsAndStay() {
        var rate = PlaybackRate.normal
        var seen: [Double] = []
        for _ in 0..<7 {
            rate = PlaybackRate.faster(than: rate)
            seen.append(rate)
        }
        #expect(seen == [1.25, 1.5, 1.75, 2, 2, 2, 2])
        seen = []
        for _ in 0..<8 {
            rate = PlaybackRate.slower(than: rate)
            seen.append(rate)
        }
        #expect(seen == [1.75, 1.5, 1.25, 1, 0.75, 0.5, 0.5, 0.5])
    }

    @Test(
        arguments: [
            (1.0, 1.0), (1.3, 1.3), (0.1, 0.5), (0.5, 0.5), (2.0, 2.0), (16.0, 2.0), (Double.infinity, nil),
            (.nan, nil), (0, nil), (-1, nil),
        ] as [(Double, Double?)])
    func clampsToTheRangeAndRefusesNonSpeeds(rate: Double, clamped: Double?) {
        #expect(PlaybackRate.clamped(rate) == clamped)
    }

    @Test(arguments: [
        (1.0, 2), (1.3, 3), (1.4, 4), (0.1, 0), (7.0, 6), (Double.nan, 2), (0.6, 0), (0.65, 1),
    ])
    func nearestStepSelectsTheMenuItem(rate: Double, index: Int) {
        #expect(PlaybackRate.nearestStep(to: rate) == index)
    }

    @Test func labelsAreShortAndEveryStepHasOne() {
        #expect(PlaybackRate.steps.map(PlaybackRate.label) == ["0.5×", "0.75×", "1×", "1.25×", "1.5×", "1.75×", "2×"])
        #expect(PlaybackRate.label(1.333) == "1.33×")
        #expect(PlaybackRate.label(.nan) == "1×")
        #expect(PlaybackRate.steps.first == PlaybackRate.minimum && PlaybackRate.steps.last == PlaybackRate.maximum)
    }
}
