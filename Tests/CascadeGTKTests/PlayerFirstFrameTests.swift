import CGtk
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// Time from play() to the first frame for a local clip: measured and printed (never asserted),
/// recorded in Docs/BENCHMARKS.md. Run alone with
/// `xvfb-run -a swift test --skip-build --filter PlayerFirstFrameTests`.
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerFirstFrameTests {
    let fixture: PlayerEngineFixture

    init() throws {
        fixture = try PlayerEngineFixture()
    }

    @Test func measuresPlayToFirstFrame() throws {
        let clips = fixture.clips
        var coldFrame: [Double] = []
        var coldTimestamp: [Double] = []
        var warmTimestamp: [Double] = []
        for _ in 0..<5 {
            // Cold: what the player page does on a tap (load, then play at once).
            let engine = PlaybinEngine()
            var frameAt: Date?
            var movingAt: Date?
            engine.onFirstFrame = { frameAt = Date() }
            engine.onEvent = { event in
                if case .position(let seconds) = event, seconds > 0, movingAt == nil { movingAt = Date() }
            }
            let start = Date()
            engine.load(clips.clip)
            engine.play()
            #expect(MainLoopBridge.run(until: { frameAt != nil && movingAt != nil }, timeout: 10))
            coldFrame.append(milliseconds(from: start, to: frameAt))
            coldTimestamp.append(milliseconds(from: start, to: movingAt))
            engine.stop()

            // Warm: the media is already prepared (paused on its first frame) when play() comes.
            let prepared = PlaybinEngine()
            var ready = false
            var warmAt: Date?
            prepared.onEvent = { event in
                switch event {
                case .ready: ready = true
                case .position(let seconds) where seconds > 0 && warmAt == nil: warmAt = Date()
                default: break
                }
            }
            prepared.load(clips.clip)
            #expect(MainLoopBridge.run(until: { ready }, timeout: 10))
            let playAt = Date()
            prepared.play()
            #expect(MainLoopBridge.run(until: { warmAt != nil }, timeout: 10))
            warmTimestamp.append(milliseconds(from: playAt, to: warmAt))
            prepared.stop()
        }
        print(
            "player-first-frame: load+play→first paintable frame ms \(summary(coldFrame)); "
                + "load+play→timestamp>0 ms \(summary(coldTimestamp)); "
                + "play (prepared)→timestamp>0 ms \(summary(warmTimestamp))")
        #expect(coldFrame.allSatisfy { $0.isFinite })
    }

    private func milliseconds(from start: Date, to end: Date?) -> Double {
        guard let end else { return .infinity }
        return end.timeIntervalSince(start) * 1000
    }

    /// "median M (min A, max B, runs [..])" with whole milliseconds.
    private func summary(_ values: [Double]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "n/a" }
        let runs = values.map { String(Int($0.rounded())) }.joined(separator: ", ")
        return "median \(Int(sorted[sorted.count / 2].rounded())) (min \(Int(sorted[0].rounded())), "
            + "max \(Int(sorted[sorted.count - 1].rounded())), runs [\(runs)])"
    }
}
