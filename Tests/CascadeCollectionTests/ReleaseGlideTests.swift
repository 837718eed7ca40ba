import CascadeCollection
import Testing

@Suite struct ReleaseGlideTests {
    @Test(arguments: [0.0, 50, -50, 49.9, .nan, .infinity])
    func slowOrInvalidReleasesDoNotGlide(velocity: Double) {
        #expect(ReleaseGlide(offset: 100, velocity: velocity, maxOffset: 1000) == nil)
    }

    @Test func contentThatCannotScrollDoesNotGlide() {
        #expect(ReleaseGlide(offset: 0, velocity: 3000, maxOffset: 0) == nil)
    }

    @Test func theGlideFollowsTheDecelerationAndIsCapped() throws {
        let glide = try #require(ReleaseGlide(offset: 100, velocity: 3000, maxOffset: 100_000))
        let model = DecelerationModel(offset: 100, velocity: 3000)
        #expect(glide.duration == min(model.duration(), ReleaseGlide.maximumDuration))
        #expect(glide.offset(at: 0.2) == model.offset(at: 0.2))
        // Past its duration the glide stays where it ended.
        #expect(glide.offset(at: glide.duration + 5) == model.offset(at: glide.duration))
        let fast = try #require(ReleaseGlide(offset: 0, velocity: 1e9, maxOffset: 1e12))
        #expect(fast.duration == ReleaseGlide.maximumDuration)
    }

    @Test func itEndsAtItsDurationOrAtTheEdgeItMovesTowards() throws {
        let down = try #require(ReleaseGlide(offset: 100, velocity: 3000, maxOffset: 1000))
        #expect(!down.isFinished(at: 0.1, offset: 500, maxOffset: 1000))
        #expect(down.isFinished(at: down.duration, offset: 500, maxOffset: 1000))
        // At the bottom: over after the grace period, not before it.
        #expect(!down.isFinished(at: ReleaseGlide.edgeGrace, offset: 1000, maxOffset: 1000))
        #expect(down.isFinished(at: 0.06, offset: 1000, maxOffset: 1000))
        // The top is not the edge a downward glide moves towards.
        #expect(!down.isFinished(at: 0.5, offset: 0, maxOffset: 1000))
        let up = try #require(ReleaseGlide(offset: 900, velocity: -3000, maxOffset: 1000))
        #expect(up.isFinished(at: 0.06, offset: 0, maxOffset: 1000))
        #expect(!up.isFinished(at: 0.06, offset: 1000, maxOffset: 1000))
    }
}
