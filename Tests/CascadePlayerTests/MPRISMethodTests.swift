import CascadePlayer
import Foundation
import Testing

@Suite struct MPRISMethodTests {
    static func state(_ player: PlayerState, position: Double = 2, duration: Double = 8) -> MPRISState {
        MPRISState(
            snapshot: MPRISStateTests.snapshot(player, position: position, duration: duration),
            track: MPRISStateTests.track)
    }

    static let trackID = MPRISStateTests.track.objectPath

    struct Row: Sendable, CustomTestStringConvertible {
        let method: MPRISMethod
        let state: PlayerState
        let command: MPRISCommand?
        var testDescription: String { "\(method) in \(state.name)" }
    }

    // The golden table: method × player state → command (position 2 s of 8 s).
    @Test(arguments: [
        Row(method: .play, state: .idle, command: .play),
        Row(method: .play, state: .paused, command: .play),
        Row(method: .play, state: .playing, command: nil),
        Row(method: .play, state: .failed(message: "x", retryable: false), command: nil),
        Row(method: .pause, state: .playing, command: .pause),
        Row(method: .pause, state: .loading, command: .pause),
        Row(method: .pause, state: .paused, command: nil),
        Row(method: .pause, state: .idle, command: nil),
        Row(method: .playPause, state: .playing, command: .pause),
        Row(method: .playPause, state: .paused, command: .play),
        Row(method: .playPause, state: .stopped, command: .play),
        Row(method: .stop, state: .playing, command: .stop),
        Row(method: .stop, state: .paused, command: .stop),
        Row(method: .stop, state: .idle, command: nil),
        Row(method: .next, state: .playing, command: nil),
        Row(method: .previous, state: .playing, command: nil),
        Row(method: .raise, state: .idle, command: .raise),
        Row(method: .quit, state: .playing, command: .quit),
        Row(method: .seek(offset: 3_000_000), state: .playing, command: .seek(to: 5)),
        Row(method: .seek(offset: -10_000_000), state: .paused, command: .seek(to: 0)),
        Row(method: .seek(offset: 60_000_000), state: .playing, command: .seek(to: 8)),
        Row(method: .seek(offset: .max), state: .playing, command: .seek(to: 8)),
        Row(method: .seek(offset: .min), state: .playing, command: .seek(to: 0)),
        Row(method: .seek(offset: 1_000_000), state: .idle, command: nil),
        Row(method: .setPosition(trackID: trackID, position: 4_000_000), state: .playing, command: .seek(to: 4)),
        Row(method: .setPosition(trackID: trackID, position: 8_000_000), state: .paused, command: .seek(to: 8)),
        Row(method: .setPosition(trackID: trackID, position: 9_000_000), state: .playing, command: nil),
        Row(method: .setPosition(trackID: trackID, position: -1), state: .playing, command: nil),
        Row(method: .setPosition(trackID: "/org/other", position: 1_000_000), state: .playing, command: nil),
        Row(method: .setPosition(trackID: trackID, position: 1_000_000), state: .loading, command: nil),
        Row(method: .setVolume(0.25), state: .playing, command: .setVolume(0.25)),
        Row(method: .setVolume(7), state: .playing, command: .setVolume(1)),
        Row(method: .setVolume(-1), state: .idle, command: .setVolume(0)),
        Row(method: .setVolume(.nan), state: .playing, command: nil),
        Row(method: .setRate(2), state: .playing, command: .setRate(2)),
        Row(method: .setRate(1.3), state: .paused, command: .setRate(1.3)),
        Row(method: .setRate(8), state: .playing, command: .setRate(2)),
        Row(method: .setRate(0.1), state: .playing, command: .setRate(0.5)),
        Row(method: .setRate(0), state: .playing, command: .pause),
        Row(method: .setRate(0), state: .stopped, command: nil),
        Row(method: .setRate(-1), state: .playing, command: nil),
        Row(method: .setRate(.nan), state: .playing, command: nil),
        Row(method: .setRate(1.5), state: .idle, command: .setRate(1.5)),
    ])
    func mapsMethodsToCommands(row: Row) {
        #expect(row.method.command(in: Self.state(row.state)) == row.command)
    }

    /// Golden table: Next and Previous move only where the page has that neighbour.
    @Test(
        arguments: [
            (false, false, nil, nil), (true, false, MPRISCommand.next, nil), (false, true, nil, .previous),
            (true, true, .next, .previous),
        ] as [(Bool, Bool, MPRISCommand?, MPRISCommand?)])
    func nextAndPreviousMoveWhereThereIsANeighbour(
        canGoNext: Bool, canGoPrevious: Bool, next: MPRISCommand?, previous: MPRISCommand?
    ) {
        for player in [PlayerState.playing, .paused, .stopped] {
            let state = MPRISState(
                snapshot: MPRISStateTests.snapshot(player), track: MPRISStateTests.track, canGoNext: canGoNext,
                canGoPrevious: canGoPrevious)
            #expect(MPRISMethod.next.command(in: state) == next)
            #expect(MPRISMethod.previous.command(in: state) == previous)
        }
        let none = MPRISState(snapshot: PlayerSnapshot(), track: nil, canGoNext: true, canGoPrevious: true)
        #expect(MPRISMethod.next.command(in: none) == nil && MPRISMethod.previous.command(in: none) == nil)
    }

    @Test func withoutATrackOnlyTheWindowAndVolumeAnswer() {
        let none = MPRISState(snapshot: PlayerSnapshot(), track: nil)
        #expect(MPRISMethod.play.command(in: none) == nil)
        #expect(MPRISMethod.playPause.command(in: none) == nil)
        #expect(MPRISMethod.stop.command(in: none) == nil)
        #expect(MPRISMethod.raise.command(in: none) == .raise)
    }

    @Test(arguments: [
        ("Raise", MPRISMethod.raise), ("Quit", .quit), ("Play", .play), ("Pause", .pause), ("PlayPause", .playPause),
        ("Stop", .stop), ("Next", .next), ("Previous", .previous),
    ])
    func namesMembers(member: String, method: MPRISMethod) {
        #expect(MPRISMethod(member: member) == method)
    }

    @Test func otherMembersAreNotMethodsWithoutArguments() {
        #expect(MPRISMethod(member: "Seek") == nil)
        #expect(MPRISMethod(member: "OpenUri") == nil)
        #expect(MPRISMethod(member: "play") == nil)
    }
}
