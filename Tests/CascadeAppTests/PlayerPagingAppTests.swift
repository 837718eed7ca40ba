import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The player page paging through a folder feed of solid-colour clips, with real X input: PgDn,
/// N and P and a wheel step move to the neighbour, which plays with its
/// colour on screen; the next one is kept pre-rolled and no more than 2 player pipelines ever
/// live. "Autoplay next" moves on at the end of a clip; without it the clip stops there.
@Suite(.serialized) struct PlayerPagingAppTests {
    let temporary = TemporaryFolders()

    /// The clips, newest first (the feed's order): title and the colour drawn.
    static let clips: [(title: String, colour: String, rgb: [Int])] = [
        ("red", "red", [255, 0, 0]), ("green", "0x00ff00", [0, 255, 0]), ("blue", "blue", [0, 0, 255]),
        ("yellow", "yellow", [255, 255, 0]),
    ]

    /// A folder of the four clips, `duration` seconds each, their times set to the feed order.
    static func folder(duration: Double) throws -> VideoFolderFixture {
        let folder = try VideoFolderFixture(label: "cascade-paging")
        let now = Date()
        for (index, clip) in clips.enumerated() {
            let file = folder.url.appendingPathComponent("\(clip.title).mp4")
            try ChildProcess.run(
                "/usr/bin/ffmpeg",
                [
                    "-y", "-loglevel", "error", "-f", "lavfi", "-i",
                    "color=c=\(clip.colour):size=320x180:rate=25:duration=\(duration)", "-pix_fmt", "yuv420p",
                    file.path,
                ], timeout: 60)
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(Double(-60 * (index + 1)))], ofItemAtPath: file.path)
        }
        return folder
    }

    @Test func keysAndWheelMoveToTheNeighbourWhichPlaysAtOnce() throws {
        let folder = try Self.folder(duration: 30)
        defer { folder.remove() }
        let driver = try WindowDriver(
            arguments: [folder.url.path, "--columns", "2", "--carousel-interval", "0", "--no-previews"],
            environment: DesktopFixtures.quietEnvironment)
        let (feed, loaded) = try driver.settle(timeout: 60) { $0.feed.items == 4 && $0.coverPoint(ofItem: 0) != nil }
        try #require(loaded, "the folder's 4 clips never showed: \(driver.child.stderr)")
        let cover = try #require(feed.coverPoint(ofItem: 0))
        driver.move(to: cover.x, cover.y)
        driver.xdotool(["click", "1"])
        let (opened, isOpen) = try driver.settle { $0.state.screen == "player" && $0.state.player.title == "red" }
        try #require(isOpen, "the click did not open red: \(opened.state.player)")
        // Opened, the next clip is pre-rolled at once (nothing else is loading).
        let (_, prerolled) = try driver.settle { $0.state.player.prerolled?.hasSuffix("green.mp4") == true }
        #expect(prerolled, "green was not pre-rolled")
        driver.key("space")
        try expectPlaying(0, driver, after: "space")

        // PgDn, N, P: the neighbour plays, drawn in its colour.
        driver.key("Next")
        try expectPlaying(1, driver, after: "PgDn")
        driver.key("n")
        try expectPlaying(2, driver, after: "N")
        driver.key("p")
        try expectPlaying(1, driver, after: "P")

        // A wheel step down on the video goes forward, up goes back.
        let frame = try #require(try driver.settle().state.player.videoFrame)
        let centre = (x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2)
        driver.move(to: centre.x, centre.y)
        driver.xdotool(["click", "5"])
        try expectPlaying(2, driver, after: "wheel down")
        driver.xdotool(["click", "4"])
        try expectPlaying(1, driver, after: "wheel up")

        // A quick drag up the video (a swipe, as on a phone: 240 pt in four motions 10 ms apart,
        // one xdotool run) goes forward, down goes back; the volume its drag changed on the way
        // is undone.
        for (up, index) in [(true, 2), (false, 1)] {
            let x = "\(Int(saturating: centre.x.rounded()))"
            var input = [
                "mousemove", "--window", driver.window, x, "\(Int(saturating: centre.y.rounded()) + (up ? 120 : -120))",
            ]
            input += ["mousedown", "1"]
            for step in 1...4 {
                let y = centre.y + Double(up ? 120 - 60 * step : -120 + 60 * step)
                input += [
                    "sleep", "0.01", "mousemove", "--window", driver.window, x, "\(Int(saturating: y.rounded()))",
                ]
            }
            driver.xdotool(input + ["mouseup", "1"])
            let settled = try expectPlaying(index, driver, after: up ? "swipe up" : "swipe down")
            #expect(settled.state.player.volume == 1 && settled.state.player.brightness == 1, "\(settled.state.player)")
        }

        // 20 more moves: never more than 2 player pipelines alive at once.
        for move in 0..<20 {
            let forward = move % 2 == 0
            driver.key(forward ? "n" : "p")
            try expectPlaying(forward ? 2 : 1, driver, after: "move \(move)")
        }
        let last = try driver.settle()
        #expect((last.state.player.peakLivePipelines ?? 99) <= 2, "peak \(String(describing: last.state.player))")
        #expect(last.state.player.livePipelines <= 2)

        // Back: the feed again, and with it no player pipeline.
        driver.key("Escape")
        let (back, isBack) = try driver.settle { $0.state.screen == "feed" && $0.state.player.livePipelines == 0 }
        #expect(isBack, "back left \(back.state.player.livePipelines) pipelines")
        #expect(!driver.child.stderr.contains("CRITICAL"), "\(driver.child.stderr)")
    }

    @Test func autoplayNextMovesOnAtTheEndAndWithoutItTheClipStops() throws {
        let folder = try Self.folder(duration: 1)
        defer { folder.remove() }
        let work = try temporary.make("cascade-paging-autoplay")
        let config = work.appendingPathComponent("config")
        let file = config.appendingPathComponent("cascade/preferences.ini")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let script = "wait-idle\ntap-item 0\nplay\n" + String(repeating: "wait 250ms\n", count: 24)
        for autoplay in [true, false] {
            try "[Cascade]\nautoplay-next=\(autoplay)\n".write(to: file, atomically: true, encoding: .utf8)
            let run = try CascadeProcess.runScript(
                script, in: work,
                arguments: [folder.url.path, "--columns", "2", "--carousel-interval", "0", "--preferences"],
                environment: DesktopFixtures.quietEnvironment.merging(["XDG_CONFIG_HOME": config.path]) { $1 })
            #expect(run.status == 0, "\(run.stderr)")
            let report = try #require(run.report)
            let players = (2..<report.steps.count).map { report.state($0).player }
            if autoplay {
                // Red ends and green plays, then blue: the end moved on by itself.
                #expect(players.contains { $0.title == "green" && $0.state == "playing" }, "\(players.map(\.title))")
                #expect(players.contains { $0.title == "blue" })
            } else {
                #expect(Set(players.map(\.title)) == ["red"], "\(players.map(\.title))")
                #expect(players.last?.state == "stopped", "\(players.last?.history ?? [])")
            }
        }
        // The app keeps the preference as it read it.
        #expect(try String(contentsOf: file, encoding: .utf8).contains("autoplay-next=false"))
    }

    /// Settles until clip `index` plays with its colour in the middle of the video, and returns
    /// that state.
    @discardableResult
    private func expectPlaying(
        _ index: Int, _ driver: WindowDriver, after input: String
    ) throws
        -> WindowDriver.Settled
    {
        let clip = Self.clips[index]
        var colour: [Int] = []
        let (settled, met) = try driver.settle { settled in
            let player = settled.state.player
            guard player.title == clip.title, player.state == "playing", player.sliding != true,
                let frame = player.videoFrame,
                let image = try? PixbufImageDecoder().decode(Data(contentsOf: settled.png), targetSize: nil)
            else { return false }
            colour = CairoCoverTests.pixel(image, x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2)
            return zip(colour, clip.rgb).allSatisfy { abs($0 - $1) <= 40 }
        }
        #expect(
            met,
            "after \(input): \(settled.state.player.title ?? "-") \(settled.state.player.state) \(settled.state.player.error ?? "") \(settled.state.player.history.suffix(8)) at \(settled.state.player.position) of \(settled.state.player.duration) vol \(settled.state.player.volume), colour \(colour), wanted \(clip.title)"
        )
        return settled
    }
}
