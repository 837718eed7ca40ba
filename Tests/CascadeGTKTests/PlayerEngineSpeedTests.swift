import CascadeGStreamer
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// The engine's rate and frame steps on a real clip, under Xvfb
/// (`xvfb-run -a swift test --filter PlayerEngineSpeedTests`).
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerEngineSpeedTests {
    let fixture: PlayerEngineFixture

    init() throws {
        fixture = try PlayerEngineFixture()
    }

    @Test func twiceTheRateAdvancesTwiceAsFastAndHalfTheRateHalfAsFast() throws {
        let clip = try TestClips.makeClip(named: "speed.mp4", in: fixture.clips.directory, duration: 8)
        let (engine, log) = fixture.makeEngine()
        // Set before the load: the engine keeps the rate and applies it once prepared.
        engine.rate = 2
        engine.load(clip)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.3 || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "failed: \(log.failure ?? "")")
        #expect(engine.pipeline?.keepsPitch == true, "scaletempo is the audio filter")
        let fast = measureRate(log)
        #expect(fast > 1.6 && fast < 2.4, "rate 2 advanced \(fast) s a second")
        engine.rate = 0.5
        MainLoopBridge.run(until: { false }, timeout: 0.3)
        let slow = measureRate(log)
        #expect(slow > 0.3 && slow < 0.7, "rate 0.5 advanced \(slow) s a second")
        #expect(!log.hasEnded && log.failure == nil)
        engine.stop()
    }

    @Test func frameStepsWhilePausedMoveOneFrameEachWay() throws {
        let (engine, log) = fixture.makeEngine()
        var frames = 0
        engine.onFrame = { frames += 1 }
        engine.load(fixture.clips.clip)
        #expect(MainLoopBridge.run(until: { log.isReady || log.failure != nil }, timeout: 10))
        try #require(log.isReady)
        var landed: Bool?
        engine.seek(to: 1) { landed = $0 }
        #expect(MainLoopBridge.run(until: { landed != nil }, timeout: 5))
        #expect(MainLoopBridge.run(until: { abs((log.lastPosition ?? 0) - 1) < 0.01 }, timeout: 5))
        // The clip has 25 frames a second: each step is 0.04 s.
        // Each step draws a new frame at the position reported.
        for expected in [1.04, 1.08, 1.12] {
            let before = frames
            engine.stepFrame(forward: true)
            #expect(
                MainLoopBridge.run(
                    until: { frames > before && abs((log.lastPosition ?? 0) - expected) < 0.01 }, timeout: 5),
                "forward to \(expected): at \(log.lastPosition ?? -1)")
        }
        for expected in [1.08, 1.04] {
            let before = frames
            engine.stepFrame(forward: false)
            #expect(
                MainLoopBridge.run(
                    until: { frames > before && abs((log.lastPosition ?? 0) - expected) < 0.01 }, timeout: 5),
                "back to \(expected): at \(log.lastPosition ?? -1)")
        }
        // Playing on after steps plays from the frame shown, audio and video together.
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 1.5 }, timeout: 5))
        #expect(log.failure == nil)
        engine.stop()
    }

    /// Seconds of media played per second of wall time, over one second.
    private func measureRate(_ log: EngineEventLog) -> Double {
        let startPosition = log.lastPosition ?? 0
        let start = Date()
        MainLoopBridge.run(until: { false }, timeout: 1)
        return ((log.lastPosition ?? 0) - startPosition) / Date().timeIntervalSince(start)
    }
}
