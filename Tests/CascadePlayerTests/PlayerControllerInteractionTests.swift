import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct PlayerControllerInteractionTests {
    @Test func controlsHideWhilePlayingAndComeBackOnPointerMotion() {
        let h = PlayerHarness()
        h.startPlaying()
        #expect(h.snapshot.controlsVisible)
        h.scheduler.advance(by: 2.5)
        #expect(!h.snapshot.controlsVisible)
        h.controller.pointerMoved()
        #expect(h.snapshot.controlsVisible)
        h.scheduler.advance(by: 2)
        h.controller.pointerMoved()
        h.scheduler.advance(by: 2)
        #expect(h.snapshot.controlsVisible)
        h.scheduler.advance(by: 0.5)
        #expect(!h.snapshot.controlsVisible)
    }

    @Test func tapTogglesTheControlsWhilePlaying() {
        let h = PlayerHarness()
        h.startPlaying()
        h.controller.controlsTapped()
        #expect(!h.snapshot.controlsVisible)
        h.controller.controlsTapped()
        #expect(h.snapshot.controlsVisible)
    }

    @Test func controlsStayWhilePausedAndReappearOnPause() {
        let h = PlayerHarness()
        h.startPlaying()
        h.scheduler.advance(by: 3)
        #expect(!h.snapshot.controlsVisible)
        h.controller.pause()
        #expect(h.snapshot.controlsVisible)
        h.scheduler.advance(by: 10)
        #expect(h.snapshot.controlsVisible)
        h.controller.controlsTapped()
        #expect(h.snapshot.controlsVisible)
    }

    @Test func keysDriveTheController() {
        let h = PlayerHarness(volume: 0.5)
        h.startPlaying(duration: 60)
        h.engine.send(.position(20))
        #expect(h.controller.handleKey(named: "Right"))
        #expect(h.controller.handleKey(named: "Left"))
        #expect(h.controller.handleKey(named: "Left"))
        #expect(h.controller.handleKey(named: "Up"))
        #expect(h.controller.handleKey(named: "space"))
        #expect(h.controller.handleKey(named: "space"))
        #expect(!h.controller.handleKey(named: "Escape"))
        #expect(h.controller.handleKey(named: "f"))
        h.controller.fullscreenDidChange(true)
        #expect(h.controller.handleKey(named: "Escape"))
        #expect(!h.controller.handleKey(named: "q"))
        #expect(h.engine.calls == [.seek(25), .seek(20), .seek(15), .setVolume(0.6), .pause, .play])
        #expect(h.fullscreenRequests == [true, false])
    }

    @Test func skipKeysMoveTenSecondsWithinTheVideo() {
        let h = PlayerHarness()
        h.startPlaying(duration: 25)
        h.engine.send(.position(3))
        #expect(h.controller.handleKey(named: "l"))
        #expect(h.snapshot.position == 13)
        #expect(h.controller.handleKey(named: "L"))
        #expect(h.controller.handleKey(named: "l"))  // past the end: the end
        #expect(h.snapshot.position == 25)
        #expect(h.controller.handleKey(named: "j"))
        #expect(h.controller.handleKey(named: "J"))
        #expect(h.controller.handleKey(named: "j"))  // before the start: the start
        #expect(h.snapshot.position == 0)
        #expect(
            h.engine.calls.filter { if case .seek = $0 { return true } else { return false } } == [
                .seek(13), .seek(23), .seek(25), .seek(15), .seek(5), .seek(0),
            ])
        h.controller.pause()
        #expect(h.controller.handleKey(named: "l"))
        #expect(h.snapshot.state == .paused && h.snapshot.position == 10)
    }

    @Test func seekKeysDoNothingWithoutMedia() {
        let h = PlayerHarness()
        #expect(!h.controller.perform(.seek(by: 5)))
        #expect(h.engine.calls.isEmpty)
    }

    @Test func horizontalDragPreviewsThenSeeksOnRelease() {
        let h = PlayerHarness()
        h.startPlaying(duration: 60)
        h.engine.send(.position(30))
        let size = CGSize(width: 400, height: 225)
        h.controller.panBegan(at: CGPoint(x: 100, y: 100), velocity: CGPoint(x: 400, y: 20), in: size)
        #expect(h.controller.panDirection == .horizontal)
        h.controller.panChanged(translation: CGPoint(x: 100, y: 5))
        #expect(h.snapshot.scrubPosition == 45)
        #expect(h.snapshot.controls.elapsedText == "0:45")
        #expect(h.engine.calls.isEmpty)
        h.controller.panEnded()
        #expect(h.engine.calls == [.seek(45)])
        #expect(h.snapshot.scrubPosition == nil)
        #expect(h.snapshot.position == 45)
    }

    @Test func cancelledDragDropsThePreview() {
        let h = PlayerHarness()
        h.startPlaying(duration: 60)
        h.controller.panBegan(at: .zero, velocity: CGPoint(x: 400, y: 0), in: CGSize(width: 400, height: 225))
        h.controller.panChanged(translation: CGPoint(x: 200, y: 0))
        h.controller.panCancelled()
        h.controller.panEnded()
        #expect(h.snapshot.scrubPosition == nil)
        #expect(h.engine.calls.isEmpty)
    }

    @Test func verticalDragsChangeVolumeOnTheRightAndBrightnessOnTheLeft() {
        let h = PlayerHarness(volume: 0.5)
        h.startPlaying()
        let size = CGSize(width: 400, height: 200)
        h.controller.panBegan(at: CGPoint(x: 350, y: 100), velocity: CGPoint(x: 0, y: -200), in: size)
        h.controller.panChanged(translation: CGPoint(x: 0, y: -40))
        h.controller.panEnded()
        h.controller.panBegan(at: CGPoint(x: 50, y: 100), velocity: CGPoint(x: 0, y: 200), in: size)
        h.controller.panChanged(translation: CGPoint(x: 0, y: 100))
        h.controller.panEnded()
        #expect(h.engine.calls == [.setVolume(0.7)])
        #expect(h.snapshot.volume == 0.7)
        #expect(h.snapshot.brightness == 0.5)
    }

    @Test func horizontalDragBeforePlaybackDoesNotSeek() {
        let h = PlayerHarness()
        h.controller.panBegan(at: .zero, velocity: CGPoint(x: 400, y: 0), in: CGSize(width: 400, height: 225))
        h.controller.panChanged(translation: CGPoint(x: 200, y: 0))
        h.controller.panEnded()
        #expect(h.engine.calls.isEmpty)
        #expect(h.snapshot.scrubPosition == nil)
    }

    @Test func fullscreenWithoutAHostHandlerAppliesAtOnce() {
        let engine = FakePlaybackEngine()
        let controller = PlayerController(
            source: PlayerHarness.feedURL, engine: engine, scheduler: ManualScheduler())
        controller.toggleFullscreen()
        #expect(controller.snapshot.isFullscreen)
        controller.toggleFullscreen()
        #expect(!controller.snapshot.isFullscreen)
    }

    @Test func endInFullscreenWithASynchronousHostStopsOnce() {
        let engine = FakePlaybackEngine()
        let scheduler = ManualScheduler()
        let controller = PlayerController(source: PlayerHarness.feedURL, engine: engine, scheduler: scheduler)
        controller.fullscreenDidChange(true)
        controller.play()
        engine.send(.ready(duration: 2), .ended)
        #expect(controller.snapshot.state == .stopped)
        #expect(!controller.snapshot.isFullscreen)
        scheduler.advance(by: 5)
        #expect(engine.calls == [.load(PlayerHarness.playURL), .play, .stop])
    }
}
