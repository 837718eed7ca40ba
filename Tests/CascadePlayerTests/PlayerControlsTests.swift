import CascadePlayer
import Testing

@Suite struct PlayerControlsTests {
    func snapshot(_ change: (inout PlayerSnapshot) -> Void) -> PlayerSnapshot {
        var snapshot = PlayerSnapshot()
        change(&snapshot)
        return snapshot
    }

    @Test func derivesTimesAndProgress() {
        let controls = snapshot {
            $0.state = .playing
            $0.position = 75
            $0.duration = 300
        }.controls
        #expect(controls.elapsedText == "1:15")
        #expect(controls.totalText == "5:00")
        #expect(controls.progress == 0.25)
        #expect(controls.showsPauseButton)
        #expect(!controls.showsSpinner)
        #expect(controls.errorMessage == nil)
    }

    @Test func theMediaShowsTheBrightnessDimmedFurtherBehindAnError() {
        let playing = snapshot {
            $0.state = .playing
            $0.brightness = 0.8
        }.controls
        #expect(playing.mediaOpacity == 0.8)
        let failed = snapshot {
            $0.state = .failed(message: "Can't play this video", retryable: true)
            $0.brightness = 0.8
        }.controls
        #expect(abs(failed.mediaOpacity - 0.8 * PlayerControls.errorDimming) < 1e-12)
    }

    /// (state, controls visible, pointer hidden): the pointer hides only with the controls of a
    /// playing video.
    @Test(arguments: [
        (PlayerState.playing, false, true), (.playing, true, false), (.paused, false, false), (.paused, true, false),
        (.loading, false, false), (.ended, false, false), (.idle, false, false),
    ])
    func thePointerHidesWithThePlayingControls(state: PlayerState, visible: Bool, hidden: Bool) {
        let controls = snapshot {
            $0.state = state
            $0.controlsVisible = visible
        }.controls
        #expect(controls.hidesPointer == hidden)
    }

    @Test func scrubPreviewWinsOverPosition() {
        let controls = snapshot {
            $0.state = .paused
            $0.position = 10
            $0.scrubPosition = 50
            $0.duration = 100
        }.controls
        #expect(controls.elapsedText == "0:50")
        #expect(controls.progress == 0.5)
        #expect(!controls.showsPauseButton)
    }

    @Test func unknownDurationGivesZeroProgressAndNoBufferedRanges() {
        let controls = snapshot {
            $0.position = 10
            $0.bufferedRanges = [0...5]
        }.controls
        #expect(controls.progress == 0)
        #expect(controls.totalText == "0:00")
        #expect(controls.bufferedFractions.isEmpty)
    }

    @Test func bufferedRangesBecomeClampedFractions() {
        let controls = snapshot {
            $0.duration = 100
            $0.bufferedRanges = [0...25, 50...150]
        }.controls
        #expect(controls.bufferedFractions == [0...0.25, 0.5...1])
    }

    @Test func spinnerWhileLoadingOrBufferingWhilePlaying() {
        #expect(snapshot { $0.state = .loading }.controls.showsSpinner)
        #expect(
            snapshot {
                $0.state = .playing
                $0.isBuffering = true
            }.controls.showsSpinner)
        #expect(!snapshot { $0.state = .paused }.controls.showsSpinner)
    }

    @Test func failureCarriesMessageAndRetry() {
        let controls = snapshot { $0.state = .failed(message: "no route", retryable: true) }.controls
        #expect(controls.errorMessage == "no route")
        #expect(controls.canRetry)
    }

    @Test func coverAndPlayButtonFollowTheState() {
        let cover: [PlayerState] = [.idle, .loading, .stopped, .failed(message: "x", retryable: false)]
        let video: [PlayerState] = [.playing, .paused, .ended]
        #expect(cover.allSatisfy { $0.showsCover })
        #expect(video.allSatisfy { !$0.showsCover })
        #expect(PlayerState.idle.showsPlayButton && PlayerState.stopped.showsPlayButton)
        #expect(!PlayerState.loading.showsPlayButton && !PlayerState.playing.showsPlayButton)
    }
}
