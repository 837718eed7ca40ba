import CascadeFolder
import CascadeGStreamer
import CascadePixbuf
import CascadeTestSupport
import Foundation
import Testing

/// The GStreamer adapter on clips ffmpeg makes at test time: durations, sizes, broken files,
/// and frames that are not black.
@Suite struct GStreamerProbeTests {
    @Test func probeReadsDurationAndSizeOfLandscapeAndPortraitClips() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.clip("wide.mp4", size: "160x90", duration: 1.2)
        try folder.clip("tall.mp4", size: "90x160", duration: 2)
        let prober = GStreamerVideoProber()
        let wide = try prober.probe(path: folder.path("wide.mp4"))
        let tall = try prober.probe(path: folder.path("tall.mp4"))
        #expect(abs((wide.duration ?? 0) - 1.2) < 0.1)
        #expect(abs((tall.duration ?? 0) - 2) < 0.1)
        #expect(wide.width == 160 && wide.height == 90)
        #expect(tall.width == 90 && tall.height == 160)
    }

    @Test func probeRejectsFilesThatAreNotVideos() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        // An mp4 header followed by garbage, and a text file named like a video.
        try folder.file(
            "broken.mp4", bytes: Array("\0\0\0\u{18}ftypisom\0\0\0\0isommp42".utf8) + Array(repeating: 7, count: 4000))
        try folder.file("notes.mp4", bytes: Array("just some text\n".utf8))
        let prober = GStreamerVideoProber(timeout: 3)
        let start = ContinuousClock.now
        #expect(throws: VideoProbeError.self) { try prober.probe(path: folder.path("broken.mp4")) }
        #expect(throws: VideoProbeError.self) { try prober.probe(path: folder.path("notes.mp4")) }
        #expect(throws: VideoProbeError.self) { try prober.probe(path: folder.path("missing.mp4")) }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func grabberSkipsBlackFramesAndFitsTheSize() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.clip("fade.mp4", size: "160x90", duration: 1.5, fadeIn: true)
        let png = try GStreamerFrameGrabber().thumbnailPNG(path: folder.path("fade.mp4"), maxEdge: 128, duration: 1.5)
        let info = try #require(PNGText.read(png))
        #expect(info.width == 128 && info.height == 72)
        let luma = try meanLuma(png)
        #expect(luma > 40, "the grabbed frame is nearly black (mean luma \(luma))")
    }

    @Test func grabberHandlesAClipWithAnAudioTrackAndNamesWithSpacesAndNonASCII() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let clip = try TestClips.makeClip(named: "été #1 [x]; 'a'.mp4", in: folder.url, duration: 1, size: "90x160")
        let png = try GStreamerFrameGrabber().thumbnailPNG(path: clip.path, maxEdge: 256, duration: nil)
        let info = try #require(PNGText.read(png))
        #expect(info.width == 90 && info.height == 160)
        let probe = try GStreamerVideoProber().probe(path: clip.path)
        #expect(probe.width == 90 && probe.height == 160)
    }
}

/// The mean Rec. 601 luma (0–255) of a PNG's pixels, decoded by gdk-pixbuf.
func meanLuma(_ png: [UInt8]) throws -> Double {
    let image = try PixbufImageDecoder().decode(Data(png), targetSize: nil)
    let channels = image.hasAlpha ? 4 : 3
    var sum = 0.0
    for y in 0..<image.height {
        for x in 0..<image.width {
            let i = y * image.bytesPerRow + x * channels
            sum +=
                0.299 * Double(image.pixels[i]) + 0.587 * Double(image.pixels[i + 1]) + 0.114
                * Double(image.pixels[i + 2])
        }
    }
    return sum / Double(max(1, image.width * image.height))
}
