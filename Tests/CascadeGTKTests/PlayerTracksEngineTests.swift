import CGtk
import CascadeGStreamer
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// Audio and subtitle tracks switched while a real clip plays, under Xvfb
/// (`xvfb-run -a swift test --filter PlayerTracksEngineTests`): the position goes on, the
/// selection is reported, the subtitles drawn follow, and the choice comes back next time.
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerTracksEngineTests {
    let fixture: PlayerEngineFixture
    let clip: URL

    init() throws {
        fixture = try PlayerEngineFixture()
        let existing = fixture.clips.directory.appendingPathComponent("tracks.mkv")
        clip =
            FileManager.default.fileExists(atPath: existing.path)
            ? existing : try TestClips.makeMultiTrackClip(in: fixture.clips.directory)
    }

    @Test func switchingTracksWhilePlayingKeepsThePositionGoingAndIsRememberedPerVideo() throws {
        let store = TrackChoiceStore(fileURL: nil)
        let (engine, log) = fixture.makeEngine()
        defer { engine.stop() }
        engine.trackChoices = store
        engine.uiFont = InterfaceFont.name
        let ink = BottomInk()
        engine.onFrame = { if let texture = engine.paintable { ink.add(texture) } }
        engine.load(clip)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.5 || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "\(log.failure ?? "")")
        let tracks = engine.tracks
        #expect(tracks.entries(.audio).map(\.label) == ["English", "Commentary — French"])
        #expect(tracks.entries(.subtitle).map(\.label) == ["Off", "English", "Chinese"])
        #expect(tracks.selectedLabel(.audio) == "English" && tracks.selectedLabel(.subtitle) == "English")
        let english = ink.measure(for: 0.8)

        // Off: nothing drawn, and the position goes on from where it was.
        var before = log.lastPosition ?? 0
        engine.selectSubtitle(nil)
        #expect(engine.tracks.selectedLabel(.subtitle) == "Off")
        // Frames already past the overlay still show the cue: off once one without it is drawn.
        #expect(ink.waitForClear(below: english / 4, timeout: 2))
        let off = ink.measure(for: 0.8)
        #expect((log.lastPosition ?? 0) > before + 0.4, "went on from \(before) to \(log.lastPosition ?? -1)")

        // Chinese, then the commentary: each reported once it plays, the position still going.
        let chinese = try #require(engine.tracks.tracks(.subtitle).last?.id)
        before = log.lastPosition ?? 0
        engine.selectSubtitle(chinese)
        #expect(MainLoopBridge.run(until: { engine.pipeline?.selectedStreamIDs.contains(chinese) == true }, timeout: 5))
        let chineseInk = ink.measure(for: 0.8)
        let commentary = try #require(engine.tracks.tracks(.audio).last?.id)
        engine.selectAudio(commentary)
        #expect(
            MainLoopBridge.run(until: { engine.pipeline?.selectedStreamIDs.contains(commentary) == true }, timeout: 5))
        MainLoopBridge.run(until: { false }, timeout: 0.5)
        #expect(engine.tracks.selectedLabel(.audio) == "Commentary — French")
        #expect(engine.tracks.selectedLabel(.subtitle) == "Chinese")
        #expect((log.lastPosition ?? 0) > before + 1, "went on from \(before) to \(log.lastPosition ?? -1)")
        // From Off to another track than the one drawn before.
        engine.selectSubtitle(nil)
        MainLoopBridge.run(until: { false }, timeout: 1.5)
        let englishID = try #require(engine.tracks.tracks(.subtitle).first?.id)
        engine.selectSubtitle(englishID)
        #expect(
            MainLoopBridge.run(until: { engine.pipeline?.selectedStreamIDs.contains(englishID) == true }, timeout: 5),
            "English after Off")
        engine.selectSubtitle(chinese)
        #expect(MainLoopBridge.run(until: { engine.pipeline?.selectedStreamIDs.contains(chinese) == true }, timeout: 5))
        #expect(!log.positions(after: 0.5).contains { $0 < 0.5 }, "never back to the start")
        #expect(log.failure == nil && !log.hasEnded)

        // White text in the bottom third, where the test pattern has next to none.
        #expect(english > 60 && off < english / 4, "English \(english), off \(off)")
        // Chinese characters are drawn, not boxes: many more distinct ink pixels than the
        // outline of a few boxes, close to the English line's.
        #expect(chineseInk > 60 && chineseInk > english / 3, "Chinese \(chineseInk)")

        #expect(
            store.choice(for: clip.absoluteString)
                == TrackChoice(
                    audio: .init(language: "fr", index: 1), subtitles: .track(.init(language: "zh", index: 1))))
        engine.stop()

        // The next time the video plays, the choice is restored.
        let (again, againLog) = fixture.makeEngine()
        defer { again.stop() }
        again.trackChoices = store
        again.load(clip)
        again.play()
        #expect(
            MainLoopBridge.run(
                until: {
                    again.tracks.selectedLabel(.subtitle) == "Chinese"
                        && again.tracks.selectedLabel(.audio) == "Commentary — French" || againLog.failure != nil
                }, timeout: 10))
        #expect(again.tracks.selectedLabel(.audio) == "Commentary — French")
        #expect(againLog.failure == nil)
    }

    /// GStreamer 1.22 plays the last frame of a Matroska clip whose subtitles were turned off
    /// while playing and never posts the end; the engine takes the stall on the last frame as it.
    @Test func aClipWhoseSubtitlesWereTurnedOffStillEnds() throws {
        let short = try TestClips.makeMultiTrackClip(named: "short.mkv", in: fixture.clips.directory, duration: 3)
        let (engine, log) = fixture.makeEngine()
        defer { engine.stop() }
        engine.load(short)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.5 || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "\(log.failure ?? "")")
        engine.selectSubtitle(nil)
        #expect(engine.pipeline?.showsSubtitles == false)
        #expect(MainLoopBridge.run(until: { log.hasEnded || log.failure != nil }, timeout: 10), "no end: \(log.events)")
        #expect(log.failure == nil)
        #expect((log.lastPosition ?? 0) > 2.5, "ended at \(log.lastPosition ?? -1) of \(log.duration ?? -1)")
    }

    @Test func aSameNameAssIsOneMoreSubtitleChoiceDrawnLikeSubRip() throws {
        let folder = fixture.clips.directory.appendingPathComponent("ass")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let video = try TestClips.makeClip(named: "plain.mp4", in: folder, duration: 8)
        try TestClips.subStationAlpha(duration: 8) { "Sidecar line \($0)" }.write(
            to: folder.appendingPathComponent("plain.ass"), atomically: true, encoding: .utf8)
        let (engine, log) = fixture.makeEngine()
        defer { engine.stop() }
        let ink = BottomInk()
        engine.onFrame = { if let texture = engine.paintable { ink.add(texture) } }
        engine.load(video)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.3 || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "\(log.failure ?? "")")
        #expect(engine.subtitle?.lastPathComponent == "plain.ass")
        #expect(MainLoopBridge.run(until: { engine.tracks.tracks(.subtitle).count == 1 }, timeout: 5))
        #expect(engine.tracks.tracks(.subtitle).first?.isExternal == true)
        let drawn = ink.measure(for: 1)
        engine.selectSubtitle(nil)
        #expect(engine.pipeline?.showsSubtitles == false)
        #expect(ink.waitForClear(below: drawn / 4, timeout: 3))
        let off = ink.measure(for: 0.5)
        #expect(engine.pipeline?.showsSubtitles == false, "still off")
        #expect(engine.tracks.selectedLabel(.subtitle) == "Off")
        #expect(drawn > 60 && off < drawn / 4, "drawn \(drawn), off \(off)")
    }

    @Test func aSubtitleFileLoadedWhilePlayingGoesOnFromThePositionWithIt() throws {
        let folder = fixture.clips.directory.appendingPathComponent("dropped")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let video = try TestClips.makeClip(named: "long.mp4", in: folder, duration: 6)
        let subtitles = folder.appendingPathComponent("elsewhere.srt")
        try TestClips.subRip(duration: 6) { "Dropped line \($0)" }.write(
            to: subtitles, atomically: true, encoding: .utf8)
        let store = TrackChoiceStore(fileURL: nil)
        let (engine, log) = fixture.makeEngine()
        defer { engine.stop() }
        engine.trackChoices = store
        let ink = BottomInk()
        engine.onFrame = { if let texture = engine.paintable { ink.add(texture) } }
        engine.load(video)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 1.2 || log.failure != nil }, timeout: 10))
        let before = ink.measure(for: 0.5)
        let at = log.lastPosition ?? 0
        let mark = log.events.count
        #expect(engine.loadSubtitles(subtitles))
        #expect(MainLoopBridge.run(until: { engine.tracks.selectedSubtitle != nil }, timeout: 5))
        let after = ink.measure(for: 1)
        #expect(engine.subtitle == subtitles)
        #expect(engine.tracks.tracks(.subtitle).map(\.isExternal) == [true])
        #expect(engine.tracks.selectedLabel(.subtitle) == "elsewhere.srt", "titled with the file's name")
        #expect(!log.positions(from: mark).contains { $0 < at - 0.2 }, "went on from \(at)")
        #expect((log.lastPosition ?? 0) > at)
        #expect(log.readyCount == 1, "no second ready")
        #expect(after > 60 && before < after / 4, "before \(before), after \(after)")
        #expect(
            store.choice(for: video.absoluteString)?.subtitles
                == .track(.init(language: nil, index: 0, isExternal: true)))
        #expect(log.failure == nil)
    }

    /// decodebin3 1.22 chooses the streams from the video's own collection before the file's
    /// stream joins it; the file's stream is then answered for in `select-stream`.
    @Test func aSubtitleFileLoadedOnAClipWithItsOwnTracksIsTheOneDrawn() throws {
        let subtitles = fixture.clips.directory.appendingPathComponent("dropped-on-tracks.srt")
        try TestClips.subRip(duration: 8) { "Dropped line \($0)" }.write(
            to: subtitles, atomically: true, encoding: .utf8)
        let (engine, log) = fixture.makeEngine()
        defer { engine.stop() }
        engine.load(clip)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 1 || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "\(log.failure ?? "")")
        let at = log.lastPosition ?? 0
        let mark = log.events.count
        #expect(engine.loadSubtitles(subtitles))
        let external = { engine.tracks.tracks(.subtitle).first { $0.isExternal }?.id }
        #expect(
            MainLoopBridge.run(
                until: { external().map { engine.pipeline?.selectedStreamIDs.contains($0) == true } == true },
                timeout: 20), "the file's stream never played: \(engine.tracks) \(log.events.suffix(5))")
        #expect(engine.subtitle == subtitles, "opened again without the file")
        #expect(engine.tracks.selectedLabel(.subtitle) == "dropped-on-tracks.srt")
        #expect(
            engine.tracks.entries(.subtitle).map(\.label) == ["Off", "English", "Chinese", "dropped-on-tracks.srt"])
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > at + 0.5 }, timeout: 5))
        #expect(!log.positions(from: mark).contains { $0 < at - 0.2 }, "went on from \(at)")
        #expect(log.readyCount == 1 && log.failure == nil)
    }
}

/// The most white pixels in the bottom third of the frames drawn over a stretch of playback.
@MainActor
private final class BottomInk {
    private var most = 0

    func add(_ texture: OpaquePointer) {
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        var count = 0
        for y in height * 2 / 3..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                if bytes[i] > 200 && bytes[i + 1] > 200 && bytes[i + 2] > 200 { count += 1 }
            }
        }
        most = max(most, count)
        clearFrames = count < limit ? clearFrames + 1 : 0
    }

    /// Runs the main loop until ten frames in a row (0.4 s: longer than the gap between two
    /// cues) have fewer than `limit` white pixels; false when they do not within `timeout` seconds.
    func waitForClear(below limit: Int, timeout: Double) -> Bool {
        clearFrames = 0
        self.limit = limit
        return MainLoopBridge.run(until: { self.clearFrames >= 10 }, timeout: timeout)
    }

    private var clearFrames = 0
    private var limit = 0

    /// Runs the main loop for `seconds` and returns the most white seen in that time.
    func measure(for seconds: Double) -> Int {
        most = 0
        MainLoopBridge.run(until: { false }, timeout: seconds)
        return most
    }
}

extension EngineEventLog {
    /// The positions reported, from the first at or past `start` on.
    fileprivate func positions(after start: Double) -> [Double] {
        let all = events.compactMap { entry -> Double? in
            if case .position(let position) = entry.event { return position }
            return nil
        }
        return Array(all.drop { $0 < start })
    }

    /// The positions reported in events from `index` on.
    fileprivate func positions(from index: Int) -> [Double] {
        events.dropFirst(index).compactMap { entry -> Double? in
            if case .position(let position) = entry.event { return position }
            return nil
        }
    }
}
