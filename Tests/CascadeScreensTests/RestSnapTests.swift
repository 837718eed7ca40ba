import CascadeScreens
import Testing

@Suite struct RestSnapTests {
    @Test func theOffsetRestsAfterTheDelaySinceItsLastChange() {
        var rest = RestSnap()
        #expect(rest.remainingWait(at: 0) == nil)
        rest.offsetChanged(at: 10)
        rest.offsetChanged(at: 10.1)
        // The wait armed at the first change ends at 10.15; the second change pushed the rest on.
        let wait = rest.remainingWait(at: 10 + RestSnap.delay)
        #expect(wait.map { abs($0 - 0.1) < 1e-9 } == true)
        #expect(rest.remainingWait(at: 10.1 + RestSnap.delay) == nil)
        #expect(rest.remainingWait(at: 11) == nil)
    }

    @Test func itIsRestingExactlyWhenNoWaitIsLeft() {
        var rest = RestSnap()
        #expect(rest.isResting(at: -1e9))
        rest.offsetChanged(at: 5)
        // A golden table of times after the change at 5 s.
        for (time, resting) in [(4.0, false), (5.0, false), (5.149, false), (5.15, true), (6.0, true)] {
            #expect(rest.isResting(at: time) == resting, "at \(time)")
            #expect((rest.remainingWait(at: time) == nil) == resting, "at \(time)")
        }
    }
}
