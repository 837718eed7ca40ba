import CascadeScreens
import Testing

@Suite struct PullTrackerTests {
    @Test func upwardDeltasAtTheTopBecomeAPull() {
        var tracker = PullTracker()
        var consumed = false
        consumed = tracker.scroll(deltaY: -30, offset: 0)
        #expect(consumed)
        consumed = tracker.scroll(deltaY: -30, offset: 0)
        #expect(consumed)
        #expect(tracker.overscroll == 60)
        let shown = tracker.distance(viewportHeight: 700)
        #expect(shown > 0 && shown < 60)  // rubber-banded
        consumed = tracker.scroll(deltaY: 100, offset: 0)
        #expect(consumed)  // scrolling back down consumes the pull first
        #expect(tracker.overscroll == 0)
        consumed = tracker.scroll(deltaY: 10, offset: 0)
        #expect(!consumed)  // then scrolls normally
    }

    @Test func scrollingUpAwayFromTheTopIsNotAPull() {
        var tracker = PullTracker()
        var consumed = false
        consumed = tracker.scroll(deltaY: -40, offset: 300)
        #expect(!consumed)
        #expect(!tracker.isPulling)
        consumed = tracker.scroll(deltaY: .nan, offset: 0)
        #expect(!consumed)
    }

    @Test func theDisplayedDistanceGrowsMonotonicallyAndStaysBelowTheViewport() {
        var tracker = PullTracker()
        var last = 0.0
        for _ in 0..<200 {
            _ = tracker.scroll(deltaY: -25, offset: 0)
            let shown = tracker.distance(viewportHeight: 600)
            #expect(shown > last && shown < 600)
            last = shown
        }
        tracker.end()
        #expect(tracker.distance(viewportHeight: 600) == 0)
    }
}
