import CascadeCollection
import CascadeTestSupport
import Foundation
import Testing

@Suite struct PageSnapTests {
    /// (position, velocity, expected page) over pages 0...3.
    static let golden: [(Double, Double, Int)] = [
        (1.3, 0, 1), (1.3, 0.5, 1), (1.3, 2, 2), (1.3, -2, 1),
        (1.7, 0, 2), (1.7, -0.5, 2), (1.7, -2, 1), (1.7, 2, 2),
        (1.5, 0, 2),  // halves round away from zero
        (2.0, 5, 2), (2.0, -5, 2),  // already on a page: a flick stays there
        (-0.4, -3, 0), (3.2, 3, 3), (9, 5, 3), (-9, -5, 0),  // limited to the pages
        (.nan, 1, 0), (1.2, .infinity, 1), (1.2, -.infinity, 1),
    ]

    @Test func goldenTable() {
        for (position, velocity, expected) in Self.golden {
            #expect(
                PageSnap.target(position: position, velocity: velocity, pages: 0...3) == expected,
                "position \(position), velocity \(velocity)")
        }
    }

    @Test func theThresholdIsConfigurable() {
        #expect(PageSnap.target(position: 1.2, velocity: 1, pages: 0...3, velocityThreshold: 2) == 1)
        #expect(PageSnap.target(position: 1.2, velocity: 3, pages: 0...3, velocityThreshold: 2) == 2)
    }

    /// Over seeded random releases: the target is within the pages, within one page of the
    /// release position, in the flick's direction when there is one, and the nearest page
    /// otherwise.
    @Test func propertiesOverSeededReleases() {
        var random = SeededGenerator(seed: 13)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...8, using: &random)
            let position = Double.random(in: -1...Double(count), using: &random)
            let velocity = Double.random(in: -3...3, using: &random)
            let target = PageSnap.target(position: position, velocity: velocity, pages: 0...(count - 1))
            #expect((0...(count - 1)).contains(target))
            let inside = min(Double(count - 1), max(0, position))
            #expect(abs(Double(target) - inside) < 1 + 1e-9)
            if velocity > PageSnap.velocityThreshold {
                #expect(Double(target) >= inside.rounded(.down))
            } else if velocity < -PageSnap.velocityThreshold {
                #expect(Double(target) <= inside.rounded(.up))
            } else {
                #expect(abs(Double(target) - inside) <= 0.5 + 1e-9)
            }
        }
    }
}

@Suite struct VelocityTrackerTests {
    @Test func steadyMotionGivesItsSpeed() {
        var tracker = VelocityTracker()
        for frame in 0...30 { tracker.add(position: Double(frame) * 5, time: Double(frame) / 60) }
        #expect(abs(tracker.velocity - 300) < 1e-6)
    }

    @Test func onlyTheLastWindowCounts() {
        var tracker = VelocityTracker(window: 0.1)
        // Fast at first, then slow for longer than the window.
        for frame in 0...10 { tracker.add(position: Double(frame) * 50, time: Double(frame) / 100) }
        for frame in 11...40 { tracker.add(position: 500 + Double(frame - 10), time: Double(frame) / 100) }
        #expect(abs(tracker.velocity - 100) < 1e-6)
    }

    @Test func aLoneEventCountsAsOneFrameOfMovement() {
        var tracker = VelocityTracker()
        tracker.add(position: 1, time: 5)
        #expect(tracker.velocity == 0)
        tracker.add(position: 1.06, time: 5)
        #expect(abs(tracker.velocity - 0.06 * 60) < 1e-9)
    }

    @Test func resetAndBadInput() {
        var tracker = VelocityTracker()
        #expect(!tracker.isTracking)
        tracker.add(position: .nan, time: 0)
        tracker.add(position: 0, time: .infinity)
        #expect(!tracker.isTracking)
        tracker.add(position: 0, time: 1)
        tracker.add(position: 10, time: 0.5)  // a clock going back counts as the same instant
        #expect(tracker.velocity.isFinite)
        #expect(tracker.lastPosition == 10)
        tracker.reset()
        #expect(!tracker.isTracking && tracker.velocity == 0)
        let defaults = VelocityTracker(window: -1, minimumInterval: .nan)
        #expect(defaults.window == VelocityTracker.defaultWindow)
        #expect(defaults.minimumInterval == VelocityTracker.defaultMinimumInterval)
    }

    /// Over seeded random drags at a constant speed with jittered event times, the estimate is
    /// that speed, and its sign always follows the last window's direction of motion.
    @Test func constantSpeedsAreRecoveredFromJitteredEvents() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let speed = Double.random(in: -4_000...4_000, using: &random)
            var tracker = VelocityTracker()
            var time = Double.random(in: 0...1_000, using: &random)
            let start = time
            for _ in 0..<Int.random(in: 3...40, using: &random) {
                time += Double.random(in: 0.017...0.05, using: &random)
                tracker.add(position: (time - start) * speed, time: time)
            }
            #expect(abs(tracker.velocity - speed) <= abs(speed) * 1e-9 + 1e-9)
        }
    }
}

@Suite struct MotionTests {
    @Test(arguments: [AnimationCurve.linear, .easeOut, .easeIn])
    func curvesRunFromZeroToOneMonotonically(curve: AnimationCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1 && curve.value(at: .nan) == 1)
        var previous = 0.0
        for step in 1...100 {
            let value = curve.value(at: Double(step) / 100)
            #expect(value >= previous)
            previous = value
        }
    }

    @Test func goldenValues() {
        #expect(AnimationCurve.easeOut.value(at: 0.5) == 0.875)
        #expect(AnimationCurve.easeIn.value(at: 0.5) == 0.25)
        #expect(AnimationCurve.linear.value(at: 0.25) == 0.25)
        #expect(Motion.pageSnap == Motion(curve: .easeOut, duration: 0.25))
        #expect(Motion.refreshHeaderClose == Motion(curve: .easeIn, duration: 0.25))
    }

    @Test func aMotionReachesItsTargetExactlyWhenItsDurationHasPassed() {
        let motion = Motion(curve: .easeOut, duration: 0.2)
        #expect(motion.value(from: 3, to: 5, elapsed: 0) == 3)
        #expect(motion.value(from: 3, to: 5, elapsed: 0.1) == 3 + 2 * 0.875)
        #expect(!motion.isFinished(elapsed: 0.199))
        #expect(motion.isFinished(elapsed: 0.2))
        #expect(motion.value(from: 3, to: 5, elapsed: 0.2) == 5)
        #expect(motion.value(from: 3, to: 5, elapsed: 9) == 5)
        #expect(Motion(curve: .linear, duration: -1).duration == 1.0 / 60)
    }
}

@Suite struct PointerInputTests {
    @Test func wheelClicksBecomePointsAndTouchpadDeltasStay() {
        #expect(PointerInput.points(forScrollDelta: 2, isWheel: true) == 2 * PointerInput.wheelStep)
        #expect(PointerInput.points(forScrollDelta: -13.5, isWheel: false) == -13.5)
        #expect(PointerInput.points(forScrollDelta: .nan, isWheel: true) == 0)
    }

    @Test func tapsAreWithinTheSlop() {
        #expect(PointerInput.isTap(dx: 0, dy: 0))
        #expect(PointerInput.isTap(dx: 3.9, dy: -3.9))
        #expect(!PointerInput.isTap(dx: PointerInput.tapSlop, dy: 0))
        #expect(!PointerInput.isTap(dx: 0, dy: -10))
    }
}
