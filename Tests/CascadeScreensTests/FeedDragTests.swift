import CascadeScreens
import Testing

@Suite struct FeedDragTests {
    @Test func eachMoveAsksForTheStepSinceTheLastOne() {
        var drag = FeedDrag(startOffset: 100, time: 0)
        #expect(drag.moved(dy: -10, time: 0.01) == 10)
        #expect(drag.moved(dy: -25, time: 0.02) == 15)
        #expect(drag.moved(dy: -5, time: 0.03) == -20)
        #expect(drag.pastEnd == 0)
    }

    @Test func upwardTravelAtTheEndCountsAsPullingPastItAndTravelBackUndoesIt() {
        var drag = FeedDrag(startOffset: 500, time: 0)
        // Not at the end: nothing is past it.
        #expect(drag.scrolled(by: 20, from: 400, maxOffset: 500) == 0)
        // At the end (within half a point), upward steps add up.
        #expect(drag.scrolled(by: 20, from: 499.6, maxOffset: 500) == 20)
        #expect(drag.scrolled(by: 15, from: 500, maxOffset: 500) == 35)
        // Travel back down takes it off, never below zero.
        #expect(drag.scrolled(by: -30, from: 500, maxOffset: 500) == 5)
        #expect(drag.scrolled(by: -30, from: 470, maxOffset: 500) == 0)
        #expect(drag.pastEnd == 0)
    }

    @Test func theReleaseGivesTheFingersVelocity() {
        var drag = FeedDrag(startOffset: 0, time: 0)
        for step in 1...6 { _ = drag.moved(dy: Double(-20 * step), time: Double(step) / 60) }
        // 20 points a frame upwards at 60 frames a second: the offset grows at 1200 points a second.
        let velocity = drag.released(dy: -140, time: 7.0 / 60)
        #expect(abs(velocity - 1200) < 1)
    }
}
