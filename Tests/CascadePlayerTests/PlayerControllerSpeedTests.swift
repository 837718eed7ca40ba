import CascadePlayer
import CascadeTestSupport
import Testing

/// Speed steps (`[` and `]`) and frame steps (`,` and `.`) through the controller.
@MainActor
@Suite struct PlayerControllerSpeedTests {
    @Test func speedStepsGoThroughTheStepsToTheEngineAndStopAtTheEnds() {
        let h = PlayerHarness()
        h.startPlaying()
        for _ in 0..<5 { h.controller.changeRate(faster: true) }
        #expect(h.snapshot.rate == 2)
        for _ in 0..<8 { h.controller.changeRate(faster: false) }
        #expect(h.snapshot.rate == 0.5)
        // The engine hears every press; at an end the rate is set again, unchanged.
        #expect(
            h.engine.calls
                == [1.25, 1.5, 1.75, 2, 2, 1.75, 1.5, 1.25, 1, 0.75, 0.5, 0.5, 0.5].map { .setRate($0) })
        #expect(h.published.last?.rate == 0.5)
    }

    @Test func theRateStaysForTheNextVideo() {
        let h = PlayerHarness()
        h.startPlaying()
        h.controller.changeRate(faster: true)
        h.controller.stop()
        h.controller.setSource(PlayerHarness.feedURL)
        h.controller.play()
        h.engine.send(.ready(duration: 10))
        #expect(h.snapshot.rate == 1.25)
        #expect(h.engine.rate == 1.25)
    }

    @Test func frameStepsReachTheEngineOnlyWhilePaused() {
        let h = PlayerHarness()
        #expect(!h.controller.stepFrame(forward: true), "idle")
        h.startPlaying()
        #expect(!h.controller.stepFrame(forward: true), "playing")
        h.controller.pause()
        h.engine.resetCalls()
        #expect(h.controller.stepFrame(forward: true))
        #expect(h.controller.stepFrame(forward: false))
        #expect(h.engine.calls == [.stepFrame(forward: true), .stepFrame(forward: false)])
        // The new frame's position is shown as any position is, and the player stays paused.
        h.engine.send(.position(3.04))
        #expect(h.snapshot.position == 3.04)
        #expect(h.snapshot.state == .paused)
    }
}
