import CascadeCollection
import CascadeTestSupport
import Foundation
import Testing

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

    @Test(arguments: 0..<20)
    func pagingSnapTargetsArePageMultiplesAtMostOnePageAway(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let page = Double.random(in: 100...1_000, using: &random)
        let pages = Int.random(in: 1...10, using: &random)
        let physics = ScrollPhysics(viewportLength: page, contentLength: page * Double(pages), pageLength: page)
        for _ in 0..<100 {
            let offset = Double.random(in: -page...(page * Double(pages)), using: &random)
            let velocity = Double.random(in: -3_000...3_000, using: &random)
            let target = physics.pageTarget(offset: offset, velocity: velocity)
            let index = target / page
            #expect(abs(index - index.rounded()) < 1e-9)
            #expect(target >= 0 && target <= physics.bounds.upperBound + 1e-9)
            #expect(abs(target - offset) <= page + 1e-9 || offset < 0 || offset > physics.bounds.upperBound)
            if abs(velocity) <= physics.pagingVelocityThreshold, offset >= 0, offset <= physics.bounds.upperBound {
                #expect(abs(target - offset) <= page / 2 + 1e-9)
            }
        }
    }

    @Test func aFlickPastTheThresholdGoesToTheNextPage() {
        let physics = ScrollPhysics(viewportLength: 300, contentLength: 1_500, pageLength: 300)
        #expect(physics.pageTarget(offset: 620, velocity: 0) == 600)
        #expect(physics.pageTarget(offset: 620, velocity: 500) == 900)
        #expect(physics.pageTarget(offset: 620, velocity: -500) == 600)
        #expect(physics.pageTarget(offset: 600, velocity: -500) == 300)
        #expect(physics.pageTarget(offset: 1_200, velocity: 5_000) == 1_200)
        #expect(physics.release(at: 620, velocity: 500).restingOffset == 900)
    }

    @Test func overscrolledReleaseSpringsBackAndSettles() {
        let physics = ScrollPhysics(viewportLength: 800, contentLength: 5_000)
        let trajectory = physics.release(at: -120, velocity: 0)
        #expect(trajectory.restingOffset == 0)
        #expect(!trajectory.isFinished(at: 0))
        #expect(trajectory.isFinished(at: 2))
        // Critically damped: never overshoots the edge into the content.
        for frame in 0...120 { #expect(trajectory.offset(at: Double(frame) / 60) <= 1e-9) }
    }

    @Test func aFlingPastTheEndBouncesBackToTheEdge() {
        let physics = ScrollPhysics(viewportLength: 800, contentLength: 5_000)
        let trajectory = physics.release(at: 4_000, velocity: 6_000)
        guard case let .bounce(_, impact, _) = trajectory else {
            Issue.record("expected a bounce, got \(trajectory)")
            return
        }
        #expect(abs(trajectory.offset(at: impact) - 4_200) < 1e-6)
        #expect(trajectory.offset(at: impact + 0.05) > 4_200)
        #expect(trajectory.restingOffset == 4_200)
        #expect(abs(trajectory.offset(at: impact + 3) - 4_200) < 0.5)
        #expect(physics.draggedOffset(4_300) < 4_300)
    }

    @Test func shortContentHasOneRestingOffset() {
        let physics = ScrollPhysics(viewportLength: 800, contentLength: 300, leadingInset: 54)
        #expect(physics.bounds == -54 ... -54)
        #expect(physics.release(at: 0, velocity: 2_000).restingOffset == -54)
        #expect(ScrollPhysics(viewportLength: .nan, contentLength: -5).bounds == 0...0)
    }
}
