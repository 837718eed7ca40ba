import CascadePlayer
import Testing

@Suite struct StallDetectorTests {
    @Test func aPositionThatStopsWhilePlayingIsAStallUntilItMovesAgain() {
        var detector = StallDetector(threshold: 1)
        #expect(detector.position(0.1, at: 0) == nil)
        #expect(detector.check(at: 0.5, isPlaying: true) == nil)
        #expect(detector.position(0.6, at: 0.5) == nil)
        #expect(detector.position(0.6, at: 1.0) == nil)  // same position: no progress
        #expect(detector.check(at: 1.4, isPlaying: true) == nil)
        #expect(detector.check(at: 1.5, isPlaying: true) == true)
        #expect(detector.check(at: 3, isPlaying: true) == nil)
        #expect(detector.isStalled)
        #expect(detector.position(0.7, at: 3.1) == false)
        #expect(!detector.isStalled)
    }

    @Test func pausedIsNeverAStallAndResumingRestartsTheCountdown() {
        var detector = StallDetector(threshold: 1)
        _ = detector.position(1, at: 0)
        #expect(detector.check(at: 5, isPlaying: false) == nil)
        #expect(detector.check(at: 5.2, isPlaying: true) == nil)
        #expect(detector.check(at: 6.1, isPlaying: true) == nil)
        #expect(detector.check(at: 6.2, isPlaying: true) == true)
        #expect(detector.check(at: 6.3, isPlaying: false) == false)
    }

    @Test func playingBeforeAnyPositionStartsTheCountdownAtTheFirstCheck() {
        var detector = StallDetector(threshold: 0.5)
        #expect(detector.check(at: 10, isPlaying: true) == nil)
        #expect(detector.check(at: 10.5, isPlaying: true) == true)
        detector.reset()
        #expect(!detector.isStalled)
        #expect(detector.check(at: 11, isPlaying: true) == nil)
    }

    @Test func aStallOnTheLastFramesIsTheEnd() {
        // position, duration, is the end
        let table: [(Double?, Double?, Bool)] = [
            (6.037, 6.023, true), (6.0, 6.0, true), (5.8, 6.0, true), (5.75, 6.0, true), (5.7, 6.0, false),
            (0, 6.0, false), (3, nil, false), (nil, 6, false), (0, 0, false), (1, 0, false),
            (.nan, 6, false), (6, .nan, false), (.infinity, 6, false), (6, .infinity, false), (-1, 6, false),
        ]
        for (position, duration, end) in table {
            #expect(
                StallDetector.isEnd(at: position, of: duration) == end,
                "\(String(describing: position)) of \(String(describing: duration))")
        }
    }

    @Test func badInputIsIgnored() {
        var detector = StallDetector(threshold: -3)
        #expect(detector.threshold == 0)
        #expect(detector.position(.nan, at: 0) == nil)
        #expect(detector.check(at: .infinity, isPlaying: true) == nil)
        #expect(StallDetector(threshold: .nan).threshold == 0)
    }
}
