import CascadeCollection
import CascadeTestSupport
import Foundation
import Testing

/// The physics the app uses: the fling glide (script `fling`) and the pull's rubber band.
@Suite struct ScrollPhysicsTests {
    @Test(arguments: [DecelerationRate.normal, .fast])
    func decelerationIsMonotoneAndEndsAtTheProjection(rate: DecelerationRate) {
        var random = SeededGenerator(seed: 3)
        for _ in 0..<50 {
            let velocity = Double.random(in: -8_000...8_000, using: &random)
            let model = DecelerationModel(offset: 100, velocity: velocity, rate: rate)
            var previousOffset = model.offset(at: 0)
            var previousSpeed = abs(model.velocity(at: 0))
            #expect(previousSpeed == abs(velocity))
            for frame in 1...600 {
                let t = Double(frame) / 60
                let offset = model.offset(at: t)
                let speed = abs(model.velocity(at: t))
                #expect(speed <= previousSpeed)
                // The offset moves in the fling's direction only.
                #expect(velocity >= 0 ? offset >= previousOffset : offset <= previousOffset)
                previousOffset = offset
                previousSpeed = speed
            }
            #expect(abs(model.offset(at: model.duration()) - model.restingOffset) <= 0.5 + 1e-9)
        }
    }

    @Test func projectionMatchesUIScrollViewRates() {
        // 1000 pt/s at 0.998 per ms glides about 500 pt; at 0.99 about 100 pt.
        #expect(abs(DecelerationModel(offset: 0, velocity: 1_000, rate: .normal).restingOffset - 499.5) < 0.1)
        #expect(abs(DecelerationModel(offset: 0, velocity: 1_000, rate: .fast).restingOffset - 99.5) < 0.1)
        #expect(DecelerationModel(offset: 0, velocity: .nan).restingOffset == 0)
        #expect(DecelerationRate(perMillisecond: 7).perMillisecond < 1)
    }

    @Test func rubberBandFollowsUIScrollViewsFormula() {
        let d = 800.0
        for x in stride(from: 0.0, through: 5_000, by: 250) {
            let expected = (1 - 1 / (x * 0.55 / d + 1)) * d
            #expect(abs(RubberBand.distance(forOverscroll: x, dimension: d) - expected) < 1e-9)
            #expect(
                RubberBand.distance(forOverscroll: -x, dimension: d) == -RubberBand.distance(
                    forOverscroll: x, dimension: d))
            #expect(RubberBand.distance(forOverscroll: x, dimension: d) < d)
        }
        #expect(RubberBand.offset(-100, bounds: 0...1_000, dimension: d) < 0)
        #expect(RubberBand.offset(-100, bounds: 0...1_000, dimension: d) > -100)
        #expect(RubberBand.offset(500, bounds: 0...1_000, dimension: d) == 500)
        #expect(RubberBand.distance(forOverscroll: 10, dimension: 0) == 0)
    }
}
