import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The player page draws a video's cover over the whole player until the first frame: a folder
/// video's cover there is a thumbnail covering that size (xx-large), not the cells' one.
@Suite struct PlayerCoverAppTests {
    @Test func openingAFolderVideoMakesItsCoverAThumbnailCoveringThePlayer() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let spare = try VideoFolderFixture(label: "cascade-spare")
        defer { spare.remove() }
        // Six videos: the sixth is not in the banner (the first five are), so only the player asks
        // for its larger thumbnail.
        for index in 1...6 { try folder.clip("clip \(index).mp4", size: "640x360", duration: 1) }
        let script = """
            wait-idle
            wait-status 6 videos
            wait-idle
            screenshot feed
            wait-signal go
            tap-item 5
            wait-idle
            screenshot player
            """
        try script.write(to: spare.url.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = spare.url.appendingPathComponent("r.json")
        let cache = spare.url.appendingPathComponent("cache")
        let child = try CascadeProcess(
            arguments: [
                folder.url.path, "--columns", "6", "--carousel-interval", "0", "--script",
                spare.url.appendingPathComponent("s.txt").path, "--report", report.path, "--screenshots",
                spare.url.path,
            ],
            environment: DesktopFixtures.quietEnvironment.merging(["XDG_CACHE_HOME": cache.path]) { $1 })
        defer { child.kill() }
        let feed = try #require(ScriptReport.waitForSteps(4, at: report, timeout: 90), "\(child.stderr)")
        // A thumbnail's file name is the MD5 of the video's URI, as the item's id is.
        let id = try #require(feed.visibleItems(3).first { $0.index == 5 }?.id, "item 5 is not drawn")
        let xxLarge = cache.appendingPathComponent("thumbnails/xx-large/\(id).png")
        #expect(!FileManager.default.fileExists(atPath: xxLarge.path), "made before the video was opened")
        _ = FileManager.default.createFile(atPath: spare.url.appendingPathComponent("go").path, contents: Data())
        #expect(child.wait(timeout: 90) == 0, "\(child.stderr)")

        let result = try #require(ScriptReport(url: report))
        for i in result.steps.indices {
            #expect(result.ok(i), "step \(i) \(result.steps[i].action): \(result.steps[i].error ?? "")")
        }
        #expect(result.state(result.steps.count - 1).screen == "player")
        let made = waitUntilBlocking(timeout: .seconds(20), interval: .milliseconds(50)) {
            FileManager.default.fileExists(atPath: xxLarge.path)
        }
        #expect(made, "no xx-large thumbnail for the opened video")
        // The source is 640 px wide: the thumbnail has the source's size, never scaled up.
        if made {
            let image = try PixbufImageDecoder().decode(Data(contentsOf: xxLarge), targetSize: nil)
            #expect(image.width == 640 && image.height == 360, "\(image.width)x\(image.height)")
        }
    }
}
