import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct PlayerControllerTests {
    @Test func playFromIdleLoadsTheResolvedURLAndPlaysWhenReady() {
        let h = PlayerHarness()
        #expect(h.snapshot.state == .idle)
        h.controller.play()
        #expect(h.snapshot.state == .loading)
        h.engine.send(.ready(duration: 12.5), .position(0.4), .position(1.2))
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .play])
        #expect(h.states == ["loading", "playing"])
        #expect(h.snapshot.duration == 12.5)
        #expect(h.snapshot.position == 1.2)
        #expect(h.snapshot.controls.elapsedText == "0:01")
    }

    @Test func positionIsClampedToTheDurationAndBadValuesIgnored() {
        let h = PlayerHarness()
        h.startPlaying(duration: 10)
        h.engine.send(.position(12), .position(.nan))
        #expect(h.snapshot.position == 10)
        h.engine.send(.position(-3))
        #expect(h.snapshot.position == 0)
    }

    @Test func pauseAndResume() {
        let h = PlayerHarness()
        h.startPlaying()
        h.controller.pause()
        h.controller.play()
        h.controller.pause()
        #expect(h.engine.calls == [.pause, .play, .pause])
        #expect(h.states == ["loading", "playing", "paused", "playing", "paused"])
    }

    @Test func rapidPlayPauseWhileLoadingLandsOnTheLastIntent() {
        let h = PlayerHarness()
        h.controller.play()
        h.controller.pause()
        h.controller.play()
        h.controller.pause()
        #expect(h.snapshot.state == .loading)
        h.engine.send(.ready(duration: 5))
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .play, .pause, .play, .pause])
        #expect(h.snapshot.state == .paused)
        #expect(h.states == ["loading", "paused"])
    }

    @Test func rapidTogglingWhilePlayingAlternatesEngineCalls() {
        let h = PlayerHarness()
        h.startPlaying()
        for _ in 0..<7 { h.controller.togglePlayPause() }
        #expect(h.engine.calls == [.pause, .play, .pause, .play, .pause, .play, .pause])
        #expect(h.snapshot.state == .paused)
    }

    @Test func endOutsideFullscreenStopsAtOnceAndShowsTheCoverAgain() {
        let h = PlayerHarness()
        h.startPlaying(duration: 3)
        h.engine.send(.position(2.9), .ended)
        #expect(h.engine.calls == [.stop])
        #expect(h.states == ["loading", "playing", "ended", "stopped"])
        #expect(h.fullscreenRequests.isEmpty)
        #expect(h.snapshot.position == 0)
        #expect(h.snapshot.state.showsCover && h.snapshot.state.showsPlayButton)
    }

    @Test func endInFullscreenLeavesFullscreenFirstThenStops() {
        let h = PlayerHarness()
        h.startPlaying(duration: 3)
        h.controller.toggleFullscreen()
        h.controller.fullscreenDidChange(true)
        h.engine.send(.ended)
        #expect(h.fullscreenRequests == [true, false])
        #expect(h.callsAtFullscreenRequest.last == [])
        #expect(h.snapshot.state == .ended)
        #expect(h.engine.calls.isEmpty)
        h.controller.fullscreenDidChange(false)
        #expect(h.engine.calls == [.stop])
        #expect(h.states == ["loading", "playing", "ended", "stopped"])
        #expect(!h.snapshot.isFullscreen)
        // The fallback timer was cancelled: nothing else happens later.
        h.scheduler.advance(by: 5)
        #expect(h.engine.calls == [.stop])
    }

    @Test func endInFullscreenStopsAfterTheTimeoutIfTheHostNeverAnswers() {
        let h = PlayerHarness()
        h.startPlaying(duration: 3)
        h.controller.fullscreenDidChange(true)
        h.engine.send(.ended)
        h.scheduler.advance(by: 0.9)
        #expect(h.snapshot.state == .ended)
        h.scheduler.advance(by: 0.1)
        #expect(h.snapshot.state == .stopped)
        #expect(h.engine.calls == [.stop])
    }

    @Test func playDuringTheFullscreenExitReplaysFromTheStart() {
        let h = PlayerHarness()
        h.startPlaying(duration: 3)
        h.controller.fullscreenDidChange(true)
        h.engine.send(.ended)
        h.controller.play()
        #expect(h.engine.calls == [.seek(0), .play])
        #expect(h.snapshot.state == .playing)
        h.controller.fullscreenDidChange(false)
        h.scheduler.advance(by: 5)
        #expect(h.snapshot.state == .playing)
    }

    @Test func seekWhilePausedStaysPausedAndHoldsTheTargetUntilLanded() {
        let h = PlayerHarness(completesSeeksImmediately: false)
        h.startPlaying(duration: 10)
        h.controller.pause()
        h.controller.seek(to: 4)
        #expect(h.snapshot.isSeeking)
        #expect(h.snapshot.position == 4)
        h.engine.send(.position(1))  // a stale position from before the seek
        #expect(h.snapshot.position == 4)
        h.engine.completeSeeks()
        #expect(!h.snapshot.isSeeking)
        #expect(h.snapshot.state == .paused)
        #expect(h.engine.calls == [.pause, .seek(4)])
    }

    @Test func onlyTheLatestSeekCompletionEndsSeeking() {
        let h = PlayerHarness(completesSeeksImmediately: false)
        h.startPlaying(duration: 10)
        h.controller.seek(to: 2)
        h.controller.seek(to: 30)
        #expect(h.snapshot.position == 10)
        let first = h.engine.pendingSeeks[0].completion
        first(true)
        #expect(h.snapshot.isSeeking)
        h.engine.completeSeeks()
        #expect(!h.snapshot.isSeeking)
        #expect(h.engine.calls == [.seek(2), .seek(10)])
    }

    @Test func seekWhileLoadingHappensWhenReady() {
        let h = PlayerHarness()
        h.controller.play()
        h.controller.seek(to: 7)
        h.engine.send(.position(0))
        #expect(h.snapshot.position == 7)
        h.engine.send(.ready(duration: 5))
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .play, .seek(5)])
        #expect(h.snapshot.state == .playing)
    }

    @Test func seekIsIgnoredWithoutMedia() {
        let h = PlayerHarness()
        h.controller.seek(to: 3)
        h.controller.seek(by: 5)
        #expect(h.engine.calls.isEmpty)
        #expect(h.published.isEmpty)
    }

    @Test func failureThenRetryResumesFromTheLastPosition() {
        let h = PlayerHarness()
        h.startPlaying(duration: 10)
        h.engine.send(.position(4), .failed("Connection reset"))
        #expect(h.snapshot.state == .failed(message: "Connection reset", retryable: true))
        #expect(h.engine.calls == [.stop])
        #expect(h.snapshot.controls.canRetry)
        h.engine.send(.position(9), .ended)  // late events from the dead pipeline
        #expect(h.snapshot.position == 4)
        h.controller.retry()
        #expect(h.snapshot.state == .loading)
        h.engine.send(.ready(duration: 10))
        #expect(h.engine.calls == [.stop, .load(PlayerHarness.playURL), .play, .seek(4)])
        #expect(h.states == ["loading", "playing", "failed", "loading", "playing"])
    }

    @Test func failureWhileLoadingIsRetryable() {
        let h = PlayerHarness()
        h.controller.play()
        h.engine.send(.failed(""))
        #expect(h.snapshot.state == .failed(message: "The video cannot be played.", retryable: true))
        h.controller.retry()
        h.engine.send(.ready(duration: 3))
        #expect(h.snapshot.state == .playing)
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .play, .stop, .load(PlayerHarness.playURL), .play])
    }

    @Test func unsupportedSchemeFailsWithoutTouchingTheEngine() {
        let h = PlayerHarness(source: URL(string: "rtmp://live.example.com/a.flv")!)
        h.controller.play()
        guard case .failed(let message, let retryable) = h.snapshot.state else {
            Issue.record("expected failed, got \(h.snapshot.state)")
            return
        }
        #expect(message.contains("rtmp"))
        #expect(!retryable)
        h.controller.retry()
        #expect(h.engine.calls.isEmpty)
    }

    @Test func missingSourceFails() {
        let h = PlayerHarness(source: nil)
        h.controller.play()
        #expect(h.snapshot.state == .failed(message: "This item has no video.", retryable: false))
    }

    @Test func stopReleasesOnceAndIgnoresLateEvents() {
        let h = PlayerHarness()
        h.startPlaying()
        h.controller.stop()
        h.controller.stop()
        h.engine.send(.position(3), .ended, .failed("late"))
        #expect(h.engine.calls == [.stop])
        #expect(h.snapshot.state == .stopped)
        #expect(h.snapshot.position == 0)
        h.controller.play()
        #expect(h.engine.calls == [.stop, .load(PlayerHarness.playURL), .play])
    }

    @Test func setSourceStopsAndReturnsToIdle() {
        let h = PlayerHarness()
        h.startPlaying()
        let other = URL(fileURLWithPath: "/tmp/other.flv")
        h.controller.setSource(other)
        #expect(h.engine.calls == [.stop])
        #expect(h.snapshot.state == .idle)
        h.controller.play()
        #expect(h.engine.calls.last == .play)
        #expect(h.engine.calls.dropLast().last == .load(other), "a local .flv plays as it is")
    }

    @Test func publishesEveryChangeExactlyOnce() {
        let h = PlayerHarness()
        h.startPlaying()
        h.engine.send(.position(1), .position(1), .buffering(false), .buffering(true), .position(2))
        h.controller.pause()
        h.controller.pause()
        for (previous, next) in zip(h.published, h.published.dropFirst()) {
            #expect(previous != next)
        }
        #expect(h.published.last == h.snapshot)
    }

    @Test func bufferingAndBufferedRangesArePublished() {
        let h = PlayerHarness()
        h.startPlaying(duration: 20)
        h.engine.send(.buffering(true), .bufferedRanges([0...5, 8...10]), .durationChanged(40))
        #expect(h.snapshot.isBuffering)
        #expect(h.snapshot.bufferedRanges == [0...5, 8...10])
        #expect(h.snapshot.duration == 40)
        #expect(h.snapshot.controls.bufferedFractions == [0...0.125, 0.2...0.25])
    }

    @Test func volumeStartsFromTheEngineAndIsClamped() {
        let h = PlayerHarness(volume: 0.3)
        #expect(h.snapshot.volume == 0.3)
        h.controller.setVolume(1.7)
        h.controller.setVolume(.nan)
        h.controller.setBrightness(-1)
        h.controller.setRate(0)
        h.controller.setRate(.infinity)
        h.controller.setRate(1.5)
        h.controller.setRate(9)
        #expect(h.engine.calls == [.setVolume(1), .setRate(1.5), .setRate(2)])
        #expect(h.snapshot.rate == 2)
        #expect(h.snapshot.volume == 1)
        #expect(h.snapshot.brightness == 0)
    }

    @Test func bufferingForTooLongWhilePlayingFailsRetryably() {
        let h = PlayerHarness()
        h.startPlaying(duration: 60)
        h.engine.send(.position(12), .buffering(true))
        h.scheduler.advance(by: 29.9)
        #expect(h.snapshot.state == .playing)
        h.scheduler.advance(by: 0.1)
        #expect(h.snapshot.state == .failed(message: "The video stopped loading (no data for 30 s).", retryable: true))
        #expect(h.engine.calls == [.stop])
        h.controller.retry()
        h.engine.send(.ready(duration: 60))
        #expect(h.engine.calls.suffix(2) == [.play, .seek(12)])
    }

    @Test func bufferingThatRecoversOrPausedBufferingDoesNotFail() {
        let h = PlayerHarness()
        h.startPlaying(duration: 60)
        h.engine.send(.buffering(true))
        h.scheduler.advance(by: 20)
        h.engine.send(.buffering(false))
        h.scheduler.advance(by: 20)
        h.engine.send(.buffering(true))
        h.scheduler.advance(by: 29)
        #expect(h.snapshot.state == .playing)
        h.controller.pause()
        h.scheduler.advance(by: 60)
        #expect(h.snapshot.state == .paused)
        #expect(h.engine.calls == [.pause])
        h.controller.stop()
        #expect(h.scheduler.pendingCount == 0)
    }

    @Test func anEngineFailingInsideLoadIsNotAskedToPlay() {
        let h = PlayerHarness()
        h.engine.eventsOnLoad = [.failed("no decoder")]
        h.controller.play()
        #expect(h.snapshot.state == .failed(message: "no decoder", retryable: true))
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .stop])
        h.controller.retry()
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .stop, .load(PlayerHarness.playURL), .play])
    }

    @Test func aHostStoppingFromOnChangeIsRespected() {
        let h = PlayerHarness()
        h.controller.play()
        h.controller.seek(to: 3)
        h.controller.onChange = { [weak controller = h.controller] snapshot in
            if snapshot.state == .playing || snapshot.state == .ended { controller?.stop() }
        }
        h.engine.send(.ready(duration: 10))
        #expect(h.snapshot.state == .stopped)
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .play, .stop])
    }
}
