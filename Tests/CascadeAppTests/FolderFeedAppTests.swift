import CascadeFolder
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// `cascade DIR` on folders of ffmpeg clips: covers drawn from freedesktop thumbnails, a video
/// opened and played, a file added while running picked up by the change monitor and a pull;
/// empty and missing folders say so. Every run is time-bounded.
@Suite struct FolderFeedAppTests {
    @Test func browsesAFolderPlaysAVideoAndPicksUpAnAddedFile() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let spare = try VideoFolderFixture(label: "cascade-spare")
        defer { spare.remove() }
        try folder.clip("Travel/trip one.mp4", size: "160x90", duration: 3)
        try folder.clip("Travel/trip two.mp4", size: "160x90", duration: 3)
        try folder.clip("Cats/chat é.mp4", size: "90x160", duration: 3)
        try folder.file("broken.mp4", bytes: Array("\0\0\0\u{18}ftypisom\0\0\0\0isommp42".utf8) + [1, 2, 3])
        try folder.file("notes.mp4", bytes: Array("not a video".utf8))
        try folder.file("empty.mp4", bytes: [])
        let added = try spare.clip("added.mp4", size: "160x90", duration: 1)

        let script = """
            wait-idle
            wait-status 3 videos
            wait-idle
            screenshot covers
            tap-item 0
            play
            wait-position 0.4
            back
            wait-status changed
            pull-refresh
            wait-idle
            wait-status 4 videos
            screenshot after
            """
        try script.write(to: spare.url.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = spare.url.appendingPathComponent("r.json")
        let cache = spare.url.appendingPathComponent("cache")
        let child = try CascadeProcess(
            arguments: [
                folder.url.path, "--columns", "3", "--carousel-interval", "0", "--script",
                spare.url.appendingPathComponent("s.txt").path, "--report", report.path, "--screenshots",
                spare.url.path,
            ],
            environment: DesktopFixtures.quietEnvironment.merging(["XDG_CACHE_HOME": cache.path]) { $1 })
        defer { child.kill() }
        // Once the player page is closed again, a file arrives (renamed in, as a download would).
        _ = try #require(ScriptReport.waitForSteps(8, at: report, timeout: 90), "\(child.stderr)")
        try FileManager.default.moveItem(at: added, to: folder.url.appendingPathComponent("Travel/added.mp4"))
        #expect(child.wait(timeout: 90) == 0, "\(child.stderr)")

        let result = try #require(ScriptReport(url: report))
        #expect(result.steps.count == 13)
        for i in result.steps.indices {
            #expect(result.ok(i), "step \(i) \(result.steps[i].action): \(result.steps[i].error ?? "")")
        }
        #expect(result.feed(3).items == 3, "broken, text and empty files are left out")
        let problems = try ScreenCheck.pixelProblems(
            png: spare.url.appendingPathComponent("covers.png"), report: result, step: 3, decoder: PixbufImageDecoder(),
            minimumCovers: 2)
        #expect(problems.isEmpty, "covers drawn: \(problems)")
        #expect(result.state(6).screen == "player")
        #expect(((result.state(6).player).position) >= 0.4)
        #expect(result.feed(11).items == 4, "the added file shows after the pull")
        // The file watcher marked the feed stale (no polling timer exists); the pull cleared it.
        #expect(result.state(7).catalogStale == false)
        #expect(result.state(8).catalogStale == true)
        #expect(result.state(8).catalogStatus == "The folder changed: pull down to refresh")
        // …and said so once in a toast (AdwToast).
        #expect(result.state(7).toasts == nil)
        #expect(result.state(8).toasts == ["The folder changed"])
        #expect(result.state(12).toasts == ["The folder changed"])
        #expect(result.state(11).catalogStale == false)
        // The added file is the newest: first, and its cover is drawn.
        let addedID = ThumbnailSubject(path: folder.path("Travel/added.mp4"), mtime: 0, size: 0).fileName.dropLast(4)
        let first = result.visibleItems(12).first { $0.index == 0 }
        #expect(first?.id == String(addedID), "\(result.visibleItems(12).map(\.id))")
        let after = try ScreenCheck.pixelProblems(
            png: spare.url.appendingPathComponent("after.png"), report: result, step: 12, decoder: PixbufImageDecoder(),
            minimumCovers: 2)
        #expect(after.isEmpty, "covers drawn after the pull: \(after)")
        // Thumbnails in the standard's place, at the size the cells need (3 columns of a
        // 1000 px window are wider than a large thumbnail) or larger: the banner, drawn wider,
        // may have made a video's xx-large one first, which its cell then reuses.
        let frame = (result.state(3).visibleItems).first?.frame
        let cellWidth = Int(saturating: try #require(frame?[2]).rounded(.up))
        let landscape = ThumbnailSize.needed(coverPixelWidth: cellWidth, aspectRatio: 90.0 / 160.0)
        let portrait = ThumbnailSize.needed(coverPixelWidth: cellWidth, aspectRatio: 160.0 / 90.0)
        #expect(cellWidth > ThumbnailSize.large.pixels && landscape == .xLarge && portrait == .xxLarge, "\(cellWidth)")
        func thumbnails(_ size: ThumbnailSize) -> Set<String> {
            let names = try? FileManager.default.contentsOfDirectory(
                atPath: cache.path + "/thumbnails/" + size.folderName)
            return Set((names ?? []).filter { $0.hasSuffix(".png") })
        }
        let written = (try? FileManager.default.subpathsOfDirectory(atPath: cache.path + "/thumbnails")) ?? []
        // Three videos on screen at step 3 and the added one: four, the portrait one at xx-large.
        #expect(thumbnails(landscape).union(thumbnails(portrait)).count >= 4, "\(written.sorted())")
        #expect(thumbnails(portrait).count >= 1, "\(written.sorted())")
        #expect(thumbnails(.normal).union(thumbnails(.large)).isEmpty, "no thumbnail smaller than the cells")
        let failed =
            (try? FileManager.default.contentsOfDirectory(atPath: cache.path + "/thumbnails/fail/cascade-1")) ?? []
        #expect(failed.count == 1)
    }

    @Test func emptyAndMissingFoldersSaySoWithoutHanging() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("sub/readme.txt", bytes: Array("nothing to watch".utf8))
        try "wait-idle\nwait-status No videos\n".write(
            to: folder.url.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = folder.url.appendingPathComponent("r.json")
        let env = DesktopFixtures.quietEnvironment.merging(["XDG_CACHE_HOME": folder.path("cache")]) { $1 }
        let empty = try CascadeProcess.run(
            arguments: [
                "--folder", folder.path("sub"), "--script", folder.path("s.txt"), "--report", report.path,
            ], environment: env, timeout: 60)
        #expect(empty.status == 0, "\(empty.stderr)")
        let emptyReport = try #require(ScriptReport(url: report))
        #expect(emptyReport.state(1).catalogStatus == "No videos in this folder")

        try "wait-idle\n".write(to: folder.url.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let missing = try CascadeProcess.run(
            arguments: [
                "--folder", folder.path("gone"), "--script", folder.path("s.txt"), "--report", report.path,
            ], environment: env, timeout: 60)
        #expect(missing.status == 0, "\(missing.stderr)")
        let missingReport = try #require(ScriptReport(url: report))
        #expect(
            (missingReport.state(0).alert)?.isEmpty == false, "an alert says the folder is unreadable")
    }
}

/// A local `.flv` file plays as the FLV it is: the reference feed's `.flv` → `.mp4` rule is not
/// applied to files found in a folder or opened by the user.
@Suite struct FolderFLVAppTests {
    @Test func anFLVFileInAFolderPlaysAsItIs() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let spare = try VideoFolderFixture(label: "cascade-spare")
        defer { spare.remove() }
        let flv = try folder.clip("old clip.flv", size: "160x90", duration: 2, format: "flv")
        #expect(Array(try Data(contentsOf: flv).prefix(3)) == Array("FLV".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.path("old clip.mp4")))
        let script = "wait-idle\nwait-status 1 video\ntap-item 0\nplay\nwait-position 0.4\n"
        try script.write(to: spare.url.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = spare.url.appendingPathComponent("r.json")
        let run = try CascadeProcess.run(
            arguments: [
                folder.url.path, "--carousel-interval", "0", "--script", spare.url.appendingPathComponent("s.txt").path,
                "--report", report.path,
            ],
            environment: DesktopFixtures.quietEnvironment.merging(["XDG_CACHE_HOME": spare.path("cache")]) { $1 },
            timeout: 90)
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(ScriptReport(url: report))
        for i in result.steps.indices {
            #expect(result.ok(i), "step \(i) \(result.steps[i].action): \(result.steps[i].error ?? "")")
        }
        let player = result.state(4).player
        #expect(player.title == "old clip")
        #expect(player.position >= 0.4, "the FLV played: \(player)")
        #expect(abs(player.duration - 2) < 0.2, "\(player)")
    }
}
