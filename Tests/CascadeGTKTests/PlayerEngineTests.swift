import CGtk
import CascadeGStreamer
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// The GStreamer engine on real clips, under Xvfb (`xvfb-run -a swift test --filter PlayerEngineTests`).
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerEngineTests {
    let fixture: PlayerEngineFixture

    init() throws {
        fixture = try PlayerEngineFixture()
    }

    @Test func playsAClipWithAudioAndThePositionAdvancesWithWallTime() throws {
        let clips = fixture.clips
        let (engine, log) = fixture.makeEngine()
        engine.load(clips.clip)
        engine.play()
        #expect(MainLoopBridge.run(until: { log.isReady || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "failed: \(log.failure ?? "")")
        #expect(abs((log.duration ?? 0) - 3) < 0.2)
        #expect(engine.paintable != nil)
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.2 }, timeout: 5))
        let startPosition = log.lastPosition ?? 0
        let startTime = Date()
        MainLoopBridge.run(until: { false }, timeout: 1.0)
        let advanced = (log.lastPosition ?? 0) - startPosition
        let elapsed = Date().timeIntervalSince(startTime)
        #expect(advanced > elapsed - 0.5 && advanced < elapsed + 0.5, "advanced \(advanced) s in \(elapsed) s")
        #expect(!log.events.contains { $0.event == .buffering(true) }, "a local clip never stalls")
        engine.stop()
        #expect(engine.pipeline == nil)
    }

    @Test func seekWhilePausedLandsWithinHalfASecond() throws {
        let clips = fixture.clips
        let (engine, log) = fixture.makeEngine()
        engine.load(clips.clip)
        #expect(MainLoopBridge.run(until: { log.isReady || log.failure != nil }, timeout: 10))
        try #require(log.isReady)
        var landed: Bool?
        engine.seek(to: 2) { landed = $0 }
        #expect(MainLoopBridge.run(until: { landed != nil }, timeout: 5))
        #expect(landed == true)
        let position = try #require(engine.pipeline?.position)
        #expect(abs(position - 2) <= 0.5, "landed at \(position)")
        engine.stop()
    }

    @Test func endedFiresAtTheEndOfTheClip() throws {
        let clips = fixture.clips
        let (engine, log) = fixture.makeEngine()
        engine.load(clips.clip)
        #expect(MainLoopBridge.run(until: { log.isReady }, timeout: 10))
        var landed = false
        engine.seek(to: 2.3) { landed = $0 }
        #expect(MainLoopBridge.run(until: { landed }, timeout: 5))
        engine.play()
        #expect(MainLoopBridge.run(until: { log.hasEnded }, timeout: 5))
        #expect(log.failure == nil)
        engine.stop()
    }

    @Test func missingFileFailsAtOnceWithThePath() throws {
        let (engine, log) = fixture.makeEngine()
        let missing = URL(fileURLWithPath: "/nonexistent/cascade/missing.mp4")
        engine.load(missing)
        #expect(log.events.isEmpty, "failure must not be reported from inside load")
        #expect(MainLoopBridge.run(until: { log.failure != nil }, timeout: 2))
        #expect(log.failure?.contains(missing.path) == true)
        MainLoopBridge.run(until: { false }, timeout: 0.2)
        #expect(log.failureCount == 1)
    }

    @Test func randomBytesAreRefusedBeforeGStreamerSeesThem() throws {
        let clips = fixture.clips
        var configuration = PlaybinEngine.Configuration()
        configuration.prepareTimeout = 5
        let (engine, log) = fixture.makeEngine(configuration: configuration)
        engine.load(clips.corrupt)
        engine.play()
        #expect(MainLoopBridge.run(until: { log.failure != nil }, timeout: 8))
        let message = try #require(log.failure)
        #expect(message.hasPrefix("This isn't a video"))
        #expect(engine.pipeline == nil)
        engine.stop()
    }

    @Test func aServerThatNeverAnswersTimesOutPreparing() throws {
        let server = try SilentServer()
        defer { server.close() }
        var configuration = PlaybinEngine.Configuration()
        configuration.prepareTimeout = 1
        let (engine, log) = fixture.makeEngine(configuration: configuration)
        engine.load(URL(string: "http://127.0.0.1:\(server.port)/clip.mp4")!)
        engine.play()
        #expect(MainLoopBridge.run(until: { log.failure != nil }, timeout: 4))
        #expect(log.failure?.contains("timed out preparing") == true, "\(log.failure ?? "nil")")
        engine.stop()
    }

    @Test func aRefusedConnectionFailsWithAMessage() throws {
        let server = try SilentServer()
        let port = server.port
        server.close()  // nothing listens on the port any more
        let (engine, log) = fixture.makeEngine()
        engine.load(URL(string: "http://127.0.0.1:\(port)/clip.mp4")!)
        engine.play()
        #expect(MainLoopBridge.run(until: { log.failure != nil }, timeout: 5))
        let message = try #require(log.failure)
        #expect(!message.isEmpty && !message.contains("timed out preparing"), "\(message)")
        engine.stop()
    }

    /// A video over HTTP is parsed inside decodebin3, as a file is: with urisourcebin's parsed
    /// streams decodebin3 1.22 adds an `identity`, and stopping it crashed the app 1 run in 5.
    @Test func aRemoteClipIsParsedAsAFileIsAndStopsWhilePlaying() throws {
        let clips = fixture.clips
        let server = try LocalHTTPServer(root: clips.directory)
        defer { server.stop() }
        let before = PlaybackPipeline.livePipelines
        for cycle in 0..<4 {
            let (engine, log) = fixture.makeEngine()
            engine.load(server.url(clips.clip.lastPathComponent))
            engine.play()
            #expect(
                MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.3 || log.failure != nil }, timeout: 10),
                "cycle \(cycle)")
            try #require(log.failure == nil, "cycle \(cycle): \(log.failure ?? "")")
            let elements = try #require(engine.pipeline).elementFactories
            #expect(
                elements.contains("urisourcebin/souphttpsrc") && elements.contains("decodebin3/parsebin"),
                "cycle \(cycle): \(elements)")
            #expect(!elements.contains("decodebin3/identity"), "cycle \(cycle): \(elements)")
            engine.stop()
            #expect(PlaybackPipeline.livePipelines == before, "cycle \(cycle)")
        }
    }

    /// Moves faster than videos prepare: each pipeline stopped mid-preroll settles before it is
    /// released, and the next one waits for room, so never more than two are alive; the last
    /// video still plays.
    @Test func rapidLoadsNeverKeepMoreThanTwoPipelines() throws {
        let clips = fixture.clips
        let folder = try FeedFixtures.temporaryDirectory("cascade-rapid")
        let copies = try (0..<4).map { index in
            let copy = folder.appendingPathComponent("clip-\(index).mp4")
            try FileManager.default.copyItem(at: clips.clip, to: copy)
            return copy
        }
        let before = PlaybackPipeline.livePipelines
        let (engine, log) = fixture.makeEngine()
        var most = 0
        for copy in copies {
            engine.load(copy)
            engine.play()
            most = max(most, PlaybackPipeline.livePipelines - before)
        }
        let playing = MainLoopBridge.run(
            until: {
                most = max(most, PlaybackPipeline.livePipelines - before)
                return (log.lastPosition ?? 0) > 0.3 || log.failure != nil
            }, timeout: 15)
        #expect(playing && log.failure == nil, "\(log.failure ?? "not playing")")
        #expect(most <= 2, "\(most) pipelines alive at once")
        engine.stop()
        #expect(MainLoopBridge.run(until: { PlaybackPipeline.livePipelines == before }, timeout: 5))
    }

    @Test func stopReleasesThePipelineAtOnceAndSilencesEvents() throws {
        let clips = fixture.clips
        let (engine, log) = fixture.makeEngine()
        var frames = 0
        engine.onFirstFrame = { frames += 1 }
        let before = PlaybackPipeline.livePipelines
        engine.load(clips.clip)
        engine.play()
        #expect(PlaybackPipeline.livePipelines == before + 1)
        // Prepared (settled) and drawing: stop releases at once.
        #expect(MainLoopBridge.run(until: { frames > 0 && log.isReady }, timeout: 10))
        engine.stop()
        #expect(engine.pipeline == nil && engine.paintable == nil)
        #expect(PlaybackPipeline.livePipelines == before, "the pipeline was not finalized by stop")
        let count = log.events.count
        MainLoopBridge.run(until: { false }, timeout: 0.3)
        #expect(log.events.count == count)
        #expect(frames == 1)
    }

    @Test func openCloseCyclesLeaveNoPipelineAlive() throws {
        let clips = fixture.clips
        let before = PlaybackPipeline.livePipelines
        for cycle in 0..<8 {
            let (engine, log) = fixture.makeEngine()
            engine.load(clips.clip)
            engine.play()
            // Half the cycles close mid-preroll, half once playing.
            if cycle.isMultiple(of: 2) {
                #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.1 }, timeout: 10), "cycle \(cycle)")
            }
            #expect(PlaybackPipeline.livePipelines <= before + 1, "cycle \(cycle)")
            engine.stop()
            // Once playing the release is at once; mid-preroll it waits for the preroll to settle.
            if cycle.isMultiple(of: 2) {
                #expect(PlaybackPipeline.livePipelines == before, "cycle \(cycle)")
            } else {
                #expect(
                    MainLoopBridge.run(until: { PlaybackPipeline.livePipelines == before }, timeout: 5),
                    "cycle \(cycle)")
            }
        }
    }
}
