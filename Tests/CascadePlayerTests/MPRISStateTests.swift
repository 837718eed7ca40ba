import CascadePlayer
import Foundation
import Testing

@Suite struct MPRISStateTests {
    static let track = MPRISTrack(
        id: "player-000", title: "Clip", artURL: URL(string: "file:///tmp/cover.jpg"))

    static func snapshot(
        _ state: PlayerState, position: Double = 2, duration: Double = 8, volume: Double = 0.5, seeking: Bool = false
    ) -> PlayerSnapshot {
        var snapshot = PlayerSnapshot()
        snapshot.state = state
        snapshot.position = position
        snapshot.duration = duration
        snapshot.volume = volume
        snapshot.isSeeking = seeking
        return snapshot
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let state: PlayerState
        let status: MPRISState.PlaybackStatus
        let canPlay: Bool
        let canPause: Bool
        let canSeek: Bool
        var testDescription: String { state.name }
    }

    // The golden table: player state → PlaybackStatus and CanX, with a track on the page.
    @Test(arguments: [
        Row(state: .idle, status: .stopped, canPlay: true, canPause: false, canSeek: false),
        Row(state: .loading, status: .playing, canPlay: true, canPause: true, canSeek: false),
        Row(state: .playing, status: .playing, canPlay: true, canPause: true, canSeek: true),
        Row(state: .paused, status: .paused, canPlay: true, canPause: true, canSeek: true),
        Row(state: .ended, status: .stopped, canPlay: true, canPause: false, canSeek: false),
        Row(state: .stopped, status: .stopped, canPlay: true, canPause: false, canSeek: false),
        Row(
            state: .failed(message: "x", retryable: true), status: .stopped, canPlay: true, canPause: false,
            canSeek: false),
        Row(
            state: .failed(message: "x", retryable: false), status: .stopped, canPlay: false, canPause: false,
            canSeek: false),
    ])
    func mapsTheStateToStatusAndCapabilities(row: Row) {
        let state = MPRISState(snapshot: Self.snapshot(row.state), track: Self.track)
        #expect(state.playbackStatus == row.status)
        #expect(state.canPlay == row.canPlay)
        #expect(state.canPause == row.canPause)
        #expect(state.canSeek == row.canSeek)
        #expect(state.canControl)
        #expect(!state.canGoNext)
        #expect(state.rate == 1)
        #expect(state.minimumRate == 0.5 && state.maximumRate == 2)
    }

    @Test func theNeighboursAreCapabilitiesAndTheirChangesAreSignalled() {
        let snapshot = Self.snapshot(.playing)
        let alone = MPRISState(snapshot: snapshot, track: Self.track)
        #expect(!alone.canGoNext && !alone.canGoPrevious)
        let first = MPRISState(snapshot: snapshot, track: Self.track, canGoNext: true)
        #expect(first.changes(from: alone) == [.canGoNext])
        let middle = MPRISState(snapshot: snapshot, track: Self.track, canGoNext: true, canGoPrevious: true)
        #expect(middle.changes(from: first) == [.canGoPrevious])
        let hidden = MPRISState(snapshot: snapshot, track: nil, canGoNext: true, canGoPrevious: true)
        #expect(!hidden.canGoNext && !hidden.canGoPrevious)
    }

    @Test func theRateFollowsTheSnapshotAndIsSignalled() {
        var snapshot = Self.snapshot(.playing, position: 1, duration: 8)
        let normal = MPRISState(snapshot: snapshot, track: Self.track)
        snapshot.rate = 1.5
        let faster = MPRISState(snapshot: snapshot, track: Self.track)
        #expect(faster.rate == 1.5)
        #expect(faster.changes(from: normal) == [.rate])
    }

    @Test func metadataCarriesTheTrackLengthAndArt() {
        let state = MPRISState(snapshot: Self.snapshot(.playing, position: 2.5, duration: 8), track: Self.track)
        #expect(state.trackID == "/org/cascade/Feed/track/player_2d000")
        #expect(state.length == 8_000_000)
        #expect(state.position == 2_500_000)
        #expect(state.volume == 0.5)
        #expect(state.track?.artURL?.absoluteString == "file:///tmp/cover.jpg")
    }

    @Test func withoutATrackNothingIsPlayableAndTheIdIsNoTrack() {
        let state = MPRISState(snapshot: Self.snapshot(.playing), track: nil)
        #expect(state.trackID == "/org/mpris/MediaPlayer2/TrackList/NoTrack")
        #expect(state.playbackStatus == .stopped)
        #expect(state.length == nil)
        #expect(state.position == 0)
        #expect(!state.canPlay && !state.canPause && !state.canSeek)
    }

    @Test func anUnknownDurationHasNoLengthAndNoSeek() {
        let state = MPRISState(snapshot: Self.snapshot(.playing, duration: 0), track: Self.track)
        #expect(state.length == nil)
        #expect(!state.canSeek)
    }

    @Test(arguments: [
        ("file:///a/b.png", true), ("http://example.com/c.jpg", true), ("HTTPS://example.com/c.jpg", true),
        ("thumb://x", false), ("data:image/png;base64,AAAA", false),
    ])
    func artIsOnlyAFileOrHTTPURL(url: String, kept: Bool) {
        #expect((MPRISTrack(id: "a", title: "t", artURL: URL(string: url)).artURL != nil) == kept)
    }

    @Test(arguments: [
        ("abc", "abc"), ("a-b", "a_2db"), ("a_b", "a_5fb"), ("", "_"), ("x/y.z", "x_2fy_2ez"), ("视", "_e8_a7_86"),
    ])
    func trackIDsAreObjectPathElements(id: String, element: String) {
        #expect(MPRISTrack(id: id, title: "", artURL: nil).objectPath == "/org/cascade/Feed/track/" + element)
    }

    static let conversions: [(Double, Int64)] = [
        (0, 0), (1.5, 1_500_000), (-3, 0), (.nan, 0), (-.infinity, 0), (.infinity, .max), (1e300, .max),
        (0.0000004, 0), (0.0000006, 1),
    ]

    @Test(arguments: conversions)
    func secondsBecomeClampedMicroseconds(seconds: Double, microseconds: Int64) {
        #expect(MPRISTime.microseconds(fromSeconds: seconds) == microseconds)
    }

    @Test func microsecondsBecomeSeconds() {
        #expect(MPRISTime.seconds(fromMicroseconds: 2_000_000) == 2)
        #expect(MPRISTime.seconds(fromMicroseconds: -10_000_000) == -10)
        #expect(MPRISTime.seconds(fromMicroseconds: .max).isFinite)
    }

    @Test func changesListOnlyWhatDiffersAndNeverPosition() {
        let playing = MPRISState(snapshot: Self.snapshot(.playing, position: 1), track: Self.track)
        let later = MPRISState(snapshot: Self.snapshot(.playing, position: 3), track: Self.track)
        #expect(later.changes(from: playing).isEmpty)
        let paused = MPRISState(snapshot: Self.snapshot(.paused, position: 3), track: Self.track)
        #expect(paused.changes(from: playing) == [.playbackStatus])
        let louder = MPRISState(snapshot: Self.snapshot(.paused, position: 3, volume: 0.9), track: Self.track)
        #expect(louder.changes(from: paused) == [.volume])
        let loading = MPRISState(snapshot: Self.snapshot(.loading, duration: 0), track: Self.track)
        let idle = MPRISState(snapshot: Self.snapshot(.idle, duration: 0), track: Self.track)
        #expect(loading.changes(from: idle) == [.playbackStatus, .canPause])
        #expect(playing.changes(from: loading) == [.metadata, .canSeek])
        let gone = MPRISState(snapshot: Self.snapshot(.stopped), track: nil)
        #expect(gone.changes(from: paused) == [.playbackStatus, .metadata, .canPlay, .canPause, .canSeek])
        let other = MPRISState(
            snapshot: Self.snapshot(.playing, position: 1), track: MPRISTrack(id: "b", title: "B", artURL: nil))
        #expect(other.changes(from: playing) == [.metadata])
    }

    @Test func aFinishedSeekIsSeekedAtTheNewPosition() {
        let before = MPRISState(snapshot: Self.snapshot(.playing, position: 1), track: Self.track)
        let seeking = MPRISState(snapshot: Self.snapshot(.playing, position: 5, seeking: true), track: Self.track)
        let done = MPRISState(snapshot: Self.snapshot(.playing, position: 5), track: Self.track)
        #expect(seeking.seeked(from: before) == nil)
        #expect(done.seeked(from: seeking) == 5_000_000)
        #expect(done.seeked(from: before) == nil)
        let otherTrack = MPRISState(
            snapshot: Self.snapshot(.playing, position: 5), track: MPRISTrack(id: "b", title: "B", artURL: nil))
        #expect(otherTrack.seeked(from: seeking) == nil)
    }
}
