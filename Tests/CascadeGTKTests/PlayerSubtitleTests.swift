import CGtk
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// A same-name `.srt` beside a local video is drawn into its frames, in the UI's font, under
/// Xvfb (`xvfb-run -a swift test --filter PlayerSubtitleTests`).
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerSubtitleTests {
    let fixture: PlayerEngineFixture

    init() throws {
        fixture = try PlayerEngineFixture()
    }

    @Test func aSameNameSrtIsDrawnOverTheBottomOfTheFrameInTheUIFont() throws {
        let folder = fixture.clips.directory.appendingPathComponent("subtitles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let subbed = folder.appendingPathComponent("subbed.mp4")
        let plain = folder.appendingPathComponent("plain.mp4")
        for copy in [subbed, plain] where !FileManager.default.fileExists(atPath: copy.path) {
            try FileManager.default.copyItem(at: fixture.clips.clip, to: copy)
        }
        // Ten cues over the clip's 3 s, a real file's size (playbin3 1.22 does not always typefind
        // one of a few hundred bytes, and never one under about 170).
        let cues = (0..<10).map { index in
            "\(index + 1)\n00:00:0\(index * 3 / 10),\(index * 3 % 10)00 --> 00:00:0\((index + 1) * 3 / 10),\((index + 1) * 3 % 10)00\n"
                + "中文字幕 Subtitle \(index + 1)\n"
        }
        try cues.joined(separator: "\n").write(
            to: folder.appendingPathComponent("subbed.srt"), atomically: true, encoding: .utf8)

        let (white, subtitleFont) = try mostWhiteAtTheBottom(playing: subbed) { engine in
            #expect(engine.subtitle?.lastPathComponent == "subbed.srt")
            return engine.pipeline?.subtitleFont
        }
        let (plainWhite, _) = try mostWhiteAtTheBottom(playing: plain) { engine -> String? in
            #expect(engine.subtitle == nil)
            return nil
        }
        #expect(subtitleFont == SubtitleFont.description(uiFont: InterfaceFont.name))
        // The text is white (antialiased, small on a 320 × 180 frame) on the bottom third, where
        // the test pattern has next to no white.
        #expect(
            white > 60 && plainWhite < white / 4,
            "white pixels in the bottom third: \(white) with, \(plainWhite) without")
    }

    @Test func aSubtitleFileGStreamerCannotReadLeavesTheVideoPlaying() throws {
        let (engine, log) = try play(sidecar: Data((0..<64).map { UInt8($0 * 7 % 251) }), in: "broken-subtitles")
        defer { engine.stop() }
        #expect(log.failure == nil, "\(log.failure ?? "")")
        #expect(engine.subtitle == nil, "the unreadable subtitle was dropped")
        #expect(engine.pipeline != nil)
    }

    /// A SubRip file too small for playbin3 1.22 to typefind (under about 170 bytes) fails every
    /// open made with it; after the last the video plays without it.
    @Test func aSubtitleFileTooSmallToTypefindLeavesTheVideoPlaying() throws {
        let (engine, log) = try play(
            sidecar: Data("1\n00:00:00,000 --> 00:00:01,000\nHi\n".utf8), in: "small-subtitles")
        defer { engine.stop() }
        #expect(log.failure == nil, "\(log.failure ?? "")")
        #expect(log.readyCount == 1)
        #expect(engine.pipeline?.subtitleURI == nil, "still opened with the file")
    }

    /// Plays the fixture's clip from folder `name` with `bytes` as its same-name `.srt`, until
    /// 0.3 s or a failure.
    private func play(sidecar bytes: Data, in name: String) throws -> (PlaybinEngine, EngineEventLog) {
        let folder = fixture.clips.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let video = folder.appendingPathComponent("clip.mp4")
        if !FileManager.default.fileExists(atPath: video.path) {
            try FileManager.default.copyItem(at: fixture.clips.clip, to: video)
        }
        try bytes.write(to: folder.appendingPathComponent("clip.srt"))
        let (engine, log) = fixture.makeEngine()
        engine.load(video)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.3 || log.failure != nil }, timeout: 10))
        return (engine, log)
    }

    /// The most white pixels in the bottom third of a frame while `url` plays from 0.3 s to
    /// 2.5 s (a cue is drawn on the frames played with it), and what `inspect` reads from the
    /// engine.
    private func mostWhiteAtTheBottom<T>(playing url: URL, _ inspect: (PlaybinEngine) -> T) throws -> (Int, T) {
        let (engine, log) = fixture.makeEngine()
        defer { engine.stop() }
        engine.uiFont = InterfaceFont.name
        var most = 0
        engine.onFrame = {
            guard let texture = engine.paintable, (log.lastPosition ?? 0) > 0.3 else { return }
            let image = Pixels(texture)
            most = max(most, self.whitePixels(image, rows: image.height * 2 / 3..<image.height))
        }
        engine.load(url)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) >= 2.5 || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "\(log.failure ?? "")")
        return (most, inspect(engine))
    }

    private func whitePixels(_ image: Pixels, rows: Range<Int>) -> Int {
        var count = 0
        for y in rows {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                if (0..<3).allSatisfy({ image.bytes[i + $0] > 200 }) { count += 1 }
            }
        }
        return count
    }
}

/// A texture's pixels, downloaded (4 bytes a pixel, rows packed).
private struct Pixels {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    @MainActor init(_ texture: OpaquePointer) {
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}
