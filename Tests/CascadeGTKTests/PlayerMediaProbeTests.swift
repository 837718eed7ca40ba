import CGtk
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// The real engine refuses "videos" that are images (PNG, SVG, TGA, TIFF) with the player's
/// error, served over HTTP or from a file, before GStreamer's image decoders see them; a real
/// clip over HTTP still plays.
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerMediaProbeTests {
    let fixture: PlayerEngineFixture

    init() throws {
        fixture = try PlayerEngineFixture()
    }

    /// Files that are not videos, named like videos.
    private static func writeImposters(in folder: URL) throws -> [String] {
        let svg = #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#
        // An 8 × 8 uncompressed true-colour TGA: no signature at all.
        var tga: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 0, 24, 0]
        tga += [UInt8](repeating: 0x80, count: 8 * 8 * 3)
        let files: [(String, Data)] = [
            ("png.mp4", TinyPNG.solid(width: 4, height: 4, rgba: (255, 0, 0, 255))), ("svg.mp4", Data(svg.utf8)),
            ("tga.flv", Data(tga)),
            ("tiff.mp4", Data([0x49, 0x49, 0x2A, 0x00] + [UInt8](repeating: 0, count: 64))),
        ]
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        return files.map(\.0)
    }

    private func failure(loading url: URL) -> String? {
        var configuration = PlaybinEngine.Configuration()
        configuration.prepareTimeout = 8
        let (engine, log) = fixture.makeEngine(configuration: configuration)
        engine.load(url)
        engine.play()
        _ = MainLoopBridge.run(until: { log.failure != nil || log.isReady }, timeout: 10)
        defer { engine.stop() }
        #expect(engine.pipeline == nil, "no GStreamer pipeline for \(url.lastPathComponent)")
        return log.failure
    }

    @Test func imagesServedAsVideosGetThePlayersError() throws {
        let folder = try FeedFixtures.temporaryDirectory("cascade-imposters")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try Self.writeImposters(in: folder)
        let server = try LocalHTTPServer(root: folder)
        defer { server.stop() }
        for name in names {
            let remote = failure(loading: server.url("/\(name)"))
            #expect(remote?.hasPrefix("This isn't a video") == true, "\(name) over HTTP: \(remote ?? "no failure")")
            let local = failure(loading: folder.appendingPathComponent(name))
            #expect(local?.hasPrefix("This isn't a video") == true, "\(name) from a file: \(local ?? "no failure")")
        }
        #expect(failure(loading: URL(fileURLWithPath: "/dev/zero"))?.hasPrefix("This isn't a video") == true)
    }

    @Test func aRealClipOverHTTPStillPlays() throws {
        let clips = fixture.clips
        let server = try LocalHTTPServer(root: clips.directory)
        defer { server.stop() }
        let (engine, log) = fixture.makeEngine()
        engine.load(server.url("/\(clips.clip.lastPathComponent)"))
        engine.play()
        #expect(MainLoopBridge.run(until: { log.isReady || log.failure != nil }, timeout: 10))
        #expect(log.failure == nil)
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.2 }, timeout: 5))
        engine.stop()
    }
}
