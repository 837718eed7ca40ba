import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

@Suite struct PanGestureResolverTests {
    let size = CGSize(width: 400, height: 200)
    let context = PanGestureResolver.Context(position: 30, duration: 60, volume: 0.5, brightness: 0.5)

    func resolver(at location: CGPoint = CGPoint(x: 300, y: 100), velocity: CGPoint) -> PanGestureResolver {
        var pan = PanGestureResolver(size: size, context: context)
        pan.begin(at: location, velocity: velocity)
        return pan
    }

    @Test func horizontalVelocityLocksSeekingAndCommitsOnRelease() {
        var pan = resolver(velocity: CGPoint(x: -500, y: 100))
        #expect(pan.direction == .horizontal)
        // A full width seeks min(duration, 120) = 60 s; a quarter width is 15 s.
        #expect(pan.change(translation: CGPoint(x: 100, y: 80)) == .seekPreview(45))
        #expect(pan.change(translation: CGPoint(x: -100, y: -80)) == .seekPreview(15))
        #expect(pan.end() == .seekCommit(15))
    }

    @Test func seekIsClampedToTheMedia() {
        var pan = resolver(velocity: CGPoint(x: 500, y: 0))
        #expect(pan.change(translation: CGPoint(x: 4000, y: 0)) == .seekPreview(60))
        #expect(pan.change(translation: CGPoint(x: -4000, y: 0)) == .seekPreview(0))
    }

    @Test func longMediaSeeksAtMostTheConfiguredSpanPerWidth() {
        var pan = PanGestureResolver(
            size: size, context: .init(position: 1000, duration: 7200, volume: 1, brightness: 1))
        pan.begin(at: .zero, velocity: CGPoint(x: 10, y: 0))
        #expect(pan.change(translation: CGPoint(x: 400, y: 0)) == .seekPreview(1120))
    }

    @Test func verticalOnTheRightChangesVolumeUpMeaningMore() {
        var pan = resolver(at: CGPoint(x: 201, y: 50), velocity: CGPoint(x: 10, y: -300))
        #expect(pan.direction == .verticalRight)
        #expect(pan.change(translation: CGPoint(x: 150, y: -50)) == .volume(0.75))
        #expect(pan.change(translation: CGPoint(x: 0, y: 1000)) == .volume(0))
        #expect(pan.change(translation: CGPoint(x: 0, y: -1000)) == .volume(1))
        #expect(pan.end() == nil)
    }

    @Test func verticalOnTheLeftChangesBrightness() {
        var pan = resolver(at: CGPoint(x: 199, y: 50), velocity: CGPoint(x: 0, y: 300))
        #expect(pan.direction == .verticalLeft)
        #expect(pan.change(translation: CGPoint(x: 0, y: 50)) == .brightness(0.25))
    }

    @Test func withoutVelocityTheFirstMovementPastTheSlopDecides() {
        var pan = resolver(velocity: .zero)
        #expect(pan.direction == .undecided)
        #expect(pan.change(translation: CGPoint(x: 3, y: 3)) == nil)
        #expect(pan.direction == .undecided)
        #expect(pan.change(translation: CGPoint(x: 2, y: -20)) == .volume(0.6))
        #expect(pan.direction == .verticalRight)
        // Locked: a later horizontal movement still changes the volume.
        #expect(pan.change(translation: CGPoint(x: 300, y: -20)) == .volume(0.6))
    }

    @Test func unknownDurationMakesHorizontalDragsInert() {
        var pan = PanGestureResolver(size: size, context: .init(position: 0, duration: 0, volume: 1, brightness: 1))
        pan.begin(at: .zero, velocity: CGPoint(x: 100, y: 0))
        #expect(pan.change(translation: CGPoint(x: 100, y: 0)) == nil)
        #expect(pan.end() == nil)
    }

    @Test func degenerateInputGivesNoAction() {
        var empty = PanGestureResolver(size: .zero, context: context)
        empty.begin(at: .zero, velocity: CGPoint(x: 1, y: 0))
        #expect(empty.change(translation: CGPoint(x: 10, y: 0)) == nil)
        var pan = resolver(velocity: CGPoint(x: 1, y: 0))
        #expect(pan.change(translation: CGPoint(x: CGFloat.nan, y: 0)) == nil)
        var nanVelocity = resolver(velocity: CGPoint(x: CGFloat.nan, y: 0))
        #expect(nanVelocity.direction == .undecided)
        #expect(nanVelocity.change(translation: CGPoint(x: 1, y: 1)) == nil)
    }

    @Test func seededRandomPansStayInRange() {
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<500 {
            let width = Double.random(in: 1...2000, using: &generator)
            let height = Double.random(in: 1...2000, using: &generator)
            let duration = Double.random(in: 0...10_000, using: &generator)
            let start = PanGestureResolver.Context(
                position: Double.random(in: 0...duration, using: &generator), duration: duration,
                volume: Double.random(in: 0...1, using: &generator),
                brightness: Double.random(in: 0...1, using: &generator))
            var pan = PanGestureResolver(size: CGSize(width: width, height: height), context: start)
            pan.begin(
                at: CGPoint(x: Double.random(in: 0...width, using: &generator), y: 0),
                velocity: CGPoint(
                    x: Double.random(in: -1000...1000, using: &generator),
                    y: Double.random(in: -1000...1000, using: &generator)))
            for _ in 0..<5 {
                let action = pan.change(
                    translation: CGPoint(
                        x: Double.random(in: -5000...5000, using: &generator),
                        y: Double.random(in: -5000...5000, using: &generator)))
                switch action {
                case .seekPreview(let t), .seekCommit(let t): #expect(t >= 0 && t <= duration)
                case .volume(let v), .brightness(let v): #expect(v >= 0 && v <= 1)
                case nil: break
                }
            }
        }
    }
}
