import CascadeScreens
import Testing

@Suite struct PlayerPageModelsTests {
    @Test func theHistoryRecordsChangesOnlyAndTheFurthestPositionPlayed() {
        var history = PlayerHistory()
        history.record(state: "idle", isFullscreen: false, position: 0)
        #expect(history.entries.isEmpty)  // idle from the start
        history.restart()
        for (state, fullscreen, position) in [
            ("idle", false, 0.0), ("loading", false, 0), ("playing", false, 1), ("playing", true, 2),
            ("ended", true, 3), ("ended", false, 3), ("stopped", false, 9),
        ] {
            history.record(state: state, isFullscreen: fullscreen, position: position)
        }
        #expect(
            history.entries == ["idle", "loading", "playing", "fullscreen:on", "ended", "fullscreen:off", "stopped"])
        #expect(history.reachedPosition == 3)  // a stopped player's position does not count
        history.resetReachedPosition()
        #expect(history.reachedPosition == 0)
    }

    @Test func theHistoryKeepsItsNewestEntries() {
        var history = PlayerHistory()
        for index in 0..<100 { history.record(state: "s\(index)", isFullscreen: false, position: 0) }
        #expect(history.entries.count == PlayerHistory.limit)
        #expect(history.entries.last == "s99")
    }

    @Test(arguments: [
        (0.0, "audio-volume-muted-symbolic"), (0.2, "audio-volume-low-symbolic"),
        (0.5, "audio-volume-medium-symbolic"), (0.67, "audio-volume-high-symbolic"), (1, "audio-volume-high-symbolic"),
    ])
    func volumeIcons(volume: Double, icon: String) {
        #expect(PlayerIcons.volume(volume) == icon)
    }

    @Test func buttonIconsFollowTheState() {
        #expect(PlayerIcons.playPause(showsPause: true) == "media-playback-pause-symbolic")
        #expect(PlayerIcons.playPause(showsPause: false) == "media-playback-start-symbolic")
        #expect(PlayerIcons.fullscreen(isFullscreen: true) == "view-restore-symbolic")
        #expect(PlayerIcons.fullscreen(isFullscreen: false) == "view-fullscreen-symbolic")
    }
}

@Suite struct SliderScrubTests {
    @Test func aDragPreviewsAndTheReleaseSeeksOnce() {
        var scrub = SliderScrub()
        #expect(scrub.changed(to: 3) == .seek(3))  // a key or the wheel
        #expect(scrub.released(at: 3) == nil)
        scrub.pressed()
        #expect(scrub.changed(to: 10) == .preview(10))
        #expect(scrub.changed(to: 12) == .preview(12))
        #expect(scrub.released(at: 12) == 12)
        #expect(!scrub.isScrubbing)
        #expect(scrub.released(at: 12) == nil)
    }
}
