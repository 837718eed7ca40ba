import CascadeFolder
import CascadeGStreamer
import CascadeImages
import CascadePixbuf
import CascadeTestSupport
import Foundation
import Testing

/// A real clip's seek-preview sprite through GStreamer: the plan's size, every tile a decoded
/// frame (not black, not a copy of its neighbour: the test pattern moves), and a file that is
/// not a video fails with a typed error.
@Suite struct SpriteMakerTests {
    @Test(.timeLimit(.minutes(2))) func aClipsSpriteHasOneDistinctFramePerTile() throws {
        let folder = try TestClips.makeDirectory()
        let clip = try TestClips.makeClip(named: "sprite.mp4", in: folder, duration: 6, size: "320x180", audio: false)
        try Self.checkTiles(of: try GStreamerSpriteMaker().spritePNG(video: clip, plan: Self.plan()))
    }

    /// The same over HTTP (range requests to a local server): every tile a distinct frame.
    @Test(.timeLimit(.minutes(2))) func aRemoteClipsSpriteHasOneDistinctFramePerTile() throws {
        let folder = try TestClips.makeDirectory()
        let clip = try TestClips.makeClip(named: "sprite.mp4", in: folder, duration: 6, size: "320x180", audio: false)
        let server = try LocalHTTPServer(root: folder)
        defer { server.stop() }
        try Self.checkTiles(
            of: try GStreamerSpriteMaker().spritePNG(video: server.url(clip.lastPathComponent), plan: Self.plan()))
        #expect((try server.requestCounts()["/sprite.mp4"] ?? 0) >= 1)
    }

    static func plan() throws -> SeekPreviewPlan {
        try #require(SeekPreviewPlan(duration: 6, videoWidth: 320, videoHeight: 180))
    }

    /// Every tile of `png` is a decoded frame: not dark, not a copy of the tile before.
    static func checkTiles(of png: [UInt8]) throws {
        let plan = try plan()
        let image = try PixbufImageDecoder().decode(Data(png), targetSize: nil)
        #expect(image.width == plan.spriteWidth && image.height == plan.spriteHeight)
        var tiles: [[UInt8]] = []
        for index in 0..<plan.count {
            let origin = plan.origin(ofTile: index)
            var pixels: [UInt8] = []
            for y in stride(from: origin.y, to: origin.y + plan.tileHeight, by: 3) {
                for x in stride(from: origin.x, to: origin.x + SeekPreviewPlan.tileWidth, by: 3) {
                    let i = y * image.bytesPerRow + x * 4
                    pixels += image.pixels[i..<i + 3]
                }
            }
            let mean = Double(pixels.reduce(0) { $0 + Int($1) }) / Double(pixels.count)
            #expect(mean > 30, "tile \(index) is dark (\(mean))")
            tiles.append(pixels)
        }
        for index in 1..<tiles.count {
            let differing = zip(tiles[index], tiles[index - 1]).filter { abs(Int($0) - Int($1)) > 24 }.count
            #expect(differing > tiles[index].count / 50, "tile \(index) repeats tile \(index - 1)")
        }
    }

    @Test func aFileThatIsNotAVideoFails() throws {
        let folder = try TestClips.makeDirectory()
        let corrupt = try TestClips.makeCorruptFile(in: folder)
        let plan = try #require(SeekPreviewPlan(duration: 6, videoWidth: 320, videoHeight: 180))
        #expect(throws: VideoProbeError.self) {
            try GStreamerSpriteMaker(timeout: 3).spritePNG(video: corrupt, plan: plan)
        }
    }
}
