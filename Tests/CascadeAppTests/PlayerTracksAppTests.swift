import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Subtitles and audio tracks in the app, with real input: a Matroska clip with two audio and
/// two subtitle tracks (`TestClips.makeMultiTrackClip`) opened from the command line, `v`
/// (xdotool) switching subtitles while it plays, the cues checked in screenshots of the video's
/// bottom third, and the choice kept in `$XDG_STATE_HOME/cascade/track-choices` across a restart.
@Suite(.serialized) struct PlayerTracksAppTests {
    let temporary = TemporaryFolders()

    @Test func vSwitchesSubtitlesWhilePlayingAndTheChoiceOutlivesARestart() throws {
        let work = try temporary.make("cascade-tracks-app")
        let videos = work.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        // Long enough never to reach its end while the test looks at it.
        let clip = try TestClips.makeMultiTrackClip(in: videos, duration: 150, timeout: 120)
        let environment = [
            "XDG_STATE_HOME": work.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
        ]
        let arguments = ["--preferences", "--carousel-interval", "0", "--folder", videos.path, clip.path]

        var englishInk = 0
        do {
            let driver = try WindowDriver(arguments: arguments, environment: environment)
            let english = try play(driver)
            #expect(english.state.player.audioTracks == ["English", "Commentary — French"])
            #expect(english.state.player.subtitleTracks == ["Off", "English", "Chinese"])
            #expect(english.state.player.audioTrack == "English")
            englishInk = try ink(english)

            // `v`: Chinese; the position goes on.
            let chinese = try choose("Chinese", with: driver, after: english)
            let chineseInk = try ink(chinese)
            #expect(englishInk > 150, "English \(englishInk)")
            // The Chinese line is drawn with real glyphs: as much ink as the English line.
            #expect(chineseInk > englishInk / 3, "Chinese \(chineseInk), English \(englishInk)")
            #expect(chinese.state.player.subtitleMenuText == nil, "the menus hide with the controls")
        }

        // A new run of the app: Chinese again, from the file; `v` turns subtitles off.
        let driver = try WindowDriver(arguments: arguments, environment: environment)
        let restored = try play(driver, subtitles: "Chinese")
        let off = try choose("Off", with: driver, after: restored)
        let offInk = try ink(off)
        #expect(offInk < englishInk / 4, "English \(englishInk), off \(offInk)")
        let choices = try String(
            contentsOf: work.appendingPathComponent("state/cascade/track-choices"), encoding: .utf8)
        #expect(choices.contains("\toff\t\(clip.absoluteString)\n"), "Off is remembered: \(choices)")
    }

    /// Under a Chinese UI the menus name the tracks' languages in Chinese, as the rest of the
    /// UI is (Foundation's language names in the catalog's language), the titles as they are.
    @Test func theTrackMenusNameLanguagesInTheUIsLanguage() throws {
        let work = try temporary.make("cascade-tracks-zh")
        let videos = work.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        let clip = try TestClips.makeMultiTrackClip(in: videos, duration: 8, timeout: 60)
        let locale = work.appendingPathComponent("locale")
        try ChildProcess.run(
            "/bin/bash", [Repository.root.appendingPathComponent("scripts/build-locales.sh").path, locale.path])
        let result = try CascadeProcess.runScript(
            "wait-opened 1\nplay\nwait-position 0.5\npause\n", in: work,
            arguments: ["--carousel-interval", "0", "--folder", videos.path, clip.path],
            environment: [
                "LANG": "zh_CN.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "",
                "CASCADE_LOCALEDIR": locale.path,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.report, "no report: \(result.stderr)")
        for i in report.steps.indices { #expect(report.ok(i), "step \(i): \(report.steps[i])") }
        let player = report.state(report.steps.count - 1).player
        #expect(player.audioMenuText == "英语", "\(player)")
        #expect(player.subtitleMenuText == "英语", "\(player)")
    }

    /// A subtitle file dragged from another app (a real XDND drag, as from a file manager) onto
    /// a playing video is drawn from where the video is.
    @Test func aSubtitleFileDroppedOnThePlayerIsDrawn() throws {
        let work = try temporary.make("cascade-subtitle-drop")
        let videos = work.appendingPathComponent("videos")
        let elsewhere = work.appendingPathComponent("elsewhere")
        for folder in [videos, elsewhere] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let clip = try TestClips.makeClip(named: "talk.mp4", in: videos, duration: 120)
        let subtitles = elsewhere.appendingPathComponent("talk-en.srt")
        try TestClips.subRip(duration: 120) { "Dropped line \($0)" }.write(
            to: subtitles, atomically: true, encoding: .utf8)
        let driver = try WindowDriver(arguments: ["--carousel-interval", "0", "--folder", videos.path, clip.path])
        let source = try DragSource(lists: [[subtitles]], display: driver.display.name, in: driver.directory)
        defer { source.stop() }
        driver.xdotool(["windowmove", driver.window, "300", "0"])
        let before = try play(driver, subtitles: nil)
        #expect(before.state.player.subtitleFile == nil)
        let inkBefore = try ink(before)

        let video = try #require(before.state.player.videoFrame)
        source.drag(0, onto: driver, at: (video[0] + video[2] / 2, video[1] + video[3] / 2))
        let (after, drawn) = try settle(driver, timeout: 60) {
            $0.state.player.subtitleFile == "talk-en.srt" && $0.state.player.subtitleTrack == "talk-en.srt"
                && !$0.state.player.controlsVisible
        }
        try #require(drawn, "the dropped file is not played: \(after.state.player)")
        #expect(after.state.player.state == "playing")
        #expect(after.state.player.position > before.state.player.position, "went on from where it was")
        #expect(after.state.player.subtitleTracks == ["Off", "talk-en.srt"])
        #expect(after.state.toasts == nil, "no notice: \(after.state.toasts ?? [])")
        // The state says the file plays as the reopened pipeline starts: its first frames may
        // come before the overlay has a cue, so wait (bounded) for one drawn.
        var inkAfter = try ink(after)
        let deadline = Date().addingTimeInterval(20)
        while inkAfter <= 150, Date() < deadline { inkAfter = try ink(driver.settle()) }
        #expect(inkAfter > 150 && inkBefore < inkAfter / 4, "before \(inkBefore), after \(inkAfter)")
    }

    // MARK: Private

    /// Presses Space on the player page and settles until it plays with `subtitles` drawn and
    /// the controls hidden (they would cover the cues).
    private func play(_ driver: WindowDriver, subtitles: String? = "English") throws -> WindowDriver.Settled {
        let (opened, met) = try settle(driver) { $0.state.screen == "player" }
        try #require(met, "the clip did not open: \(opened.state.screen)")
        if let button = opened.state.player.playButtonFrame {
            driver.move(to: button[0] + button[2] / 2, button[1] + button[3] / 2)
            driver.xdotool(["click", "1"])
        } else {
            // A second run offers to resume (positions are remembered too): "Resume from …" is
            // the offer's first button, on its left.
            let offer = try #require(opened.state.player.resumeOfferFrame, "neither a play button nor a resume offer")
            driver.move(to: offer[0] + offer[2] / 4, offer[1] + offer[3] / 2)
            driver.xdotool(["click", "1"])
        }
        let (playing, played) = try settle(driver, timeout: 60) {
            $0.state.player.state == "playing" && $0.state.player.subtitleTrack == subtitles
                && !$0.state.player.controlsVisible
        }
        try #require(played, "not playing with \(subtitles ?? "none"): \(playing.state.player)")
        return playing
    }

    /// Presses `v` until the subtitle menu's line `label` plays (at most three presses), then
    /// settles until the controls hid again; the position went on from `before`.
    private func choose(
        _ label: String, with driver: WindowDriver, after before: WindowDriver.Settled
    ) throws -> WindowDriver.Settled {
        driver.key("v")
        let (chosen, met) = try settle(driver) {
            $0.state.player.subtitleTrack == label && !$0.state.player.controlsVisible
                && $0.state.player.position > before.state.player.position
        }
        try #require(met, "v did not choose \(label): \(chosen.state.player)")
        #expect(chosen.state.player.state == "playing")
        return chosen
    }

    /// Settles blocks until `condition` holds, whether or not a block's `wait-idle` succeeded
    /// (a playing video keeps the page busy), at most `timeout` seconds; the last state and
    /// whether it held.
    private func settle(
        _ driver: WindowDriver, timeout: Double = 30, until condition: (WindowDriver.Settled) -> Bool
    ) throws -> (WindowDriver.Settled, Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try driver.settle()
        while !condition(last) {
            guard Date() < deadline else { return (last, false) }
            last = try driver.settle()
        }
        return (last, true)
    }

    /// White pixels in the bottom third of the video as drawn in the settled screenshot.
    private func ink(_ settled: WindowDriver.Settled) throws -> Int {
        let frame = try #require(settled.state.player.videoFrame, "no video frame")
        let image = try PixbufImageDecoder().decode(Data(contentsOf: settled.png), targetSize: nil)
        let x0 = max(0, Int(saturating: frame[0]))
        let x1 = min(image.width, Int(saturating: frame[0] + frame[2]))
        let y1 = min(image.height, Int(saturating: frame[1] + frame[3]))
        let y0 = max(0, y1 - Int(saturating: frame[3] / 3))
        var count = 0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let p = y * image.bytesPerRow + x * 4
                if image.pixels[p] > 200 && image.pixels[p + 1] > 200 && image.pixels[p + 2] > 200 { count += 1 }
            }
        }
        return count
    }
}
