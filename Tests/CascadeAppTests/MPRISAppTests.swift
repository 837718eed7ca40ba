import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The player as the desktop's media controls see it: the app on a private session bus under
/// Xvfb, driven by a real MPRIS client (`playerctl`), its script report read back after each
/// command. The player catalog's item 0 is an 8 s clip.
@Suite(.serialized) struct MPRISAppTests {
    let temporary = TemporaryFolders()

    @Test func playerctlSeesTheTitleAndPlaysPausesAndSeeks() throws {
        let work = try temporary.make("cascade-mpris")
        let catalog = try PlayerCatalog.directory()
        let bus = try PrivateSessionBus()
        let display = try PrivateDisplay()
        let scriptURL = work.appendingPathComponent("s.txt")
        let reportURL = work.appendingPathComponent("r.json")
        try ("wait-idle\ntap-item 0\n" + String(repeating: "wait 250ms\n", count: 480)).write(
            to: scriptURL, atomically: true, encoding: .utf8)
        let child = try CascadeProcess(
            arguments: [
                "--single-instance", "--catalog", catalog.path, "--carousel-interval", "0", "--script",
                scriptURL.path, "--report", reportURL.path,
            ],
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": bus.address, "DISPLAY": display.name,
                "XDG_CACHE_HOME": work.appendingPathComponent("cache").path,
            ])
        defer { child.kill() }

        func playerctl(_ arguments: String...) -> String {
            let result = bus.run(["playerctl", "-p", "cascade"] + arguments)
            return result.status == 0 ? result.output.trimmingCharacters(in: .whitespacesAndNewlines) : ""
        }
        /// Waits (bounded) until `playerctl` prints `expected` for `arguments`.
        func waitFor(_ expected: String, _ arguments: String...) -> Bool {
            waitUntilBlocking(timeout: .seconds(30), interval: .milliseconds(200)) {
                bus.run(["playerctl", "-p", "cascade"] + arguments).output
                    .trimmingCharacters(in: .whitespacesAndNewlines) == expected
            }
        }

        // The page shows item 0 with its cover: the player is listed with its title, stopped.
        let shown = try #require(
            ResumeAppTests.poll(reportURL, timeout: 60) { $0.title != nil && $0.state == "idle" },
            "\(child.stderr)")
        let title = try #require(shown.title)
        #expect(waitFor(title, "metadata", "xesam:title"), "metadata: \(playerctl("metadata")) \(child.stderr)")
        #expect(bus.run(["playerctl", "-l"]).output.contains("cascade"))
        #expect(playerctl("status") == "Stopped")
        // playerctl prints an object path quoted.
        #expect(playerctl("metadata", "mpris:trackid") == "'/org/cascade/Feed/track/player_2d000'")
        #expect(playerctl("metadata", "mpris:artUrl").hasPrefix("file:///"), "\(playerctl("metadata"))")

        // A follower prints the status each time PropertiesChanged says it changed.
        // stdbuf: playerctl writes a file block-buffered otherwise.
        let follower = try ChildGroup(
            ["stdbuf", "-oL", "playerctl", "-p", "cascade", "--follow", "status"], environment: bus.environment)
        defer { follower.killGroup() }
        #expect(
            waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(50)) { follower.text.contains("Stopped") })

        // A monitor of the Seeked signal, which tells clients of a jump in the position.
        let seeks = try ChildGroup(
            [
                "stdbuf", "-oL", "dbus-monitor",
                "type='signal',interface='org.mpris.MediaPlayer2.Player',member='Seeked'",
            ],
            environment: bus.environment)
        defer { seeks.killGroup() }

        // play: the app plays; the status and the length follow.
        #expect(!bus.run(["playerctl", "-p", "cascade", "play"]).output.contains("No player"))
        let playing = ResumeAppTests.poll(reportURL, timeout: 30) { $0.state == "playing" }
        #expect(playing != nil, "play did not reach the app: \(child.stderr)")
        #expect(waitFor("Playing", "status"))
        #expect(waitFor("8000000", "metadata", "mpris:length"), "\(playerctl("metadata"))")

        // pause: paused in the app and on the bus.
        _ = bus.run(["playerctl", "-p", "cascade", "pause"])
        let paused = ResumeAppTests.poll(reportURL, timeout: 30) { $0.state == "paused" }
        #expect(paused != nil, "pause did not reach the app")
        #expect(waitFor("Paused", "status"))

        // position 2: SetPosition on the current track; the app sits at 2 s, still paused.
        _ = bus.run(["playerctl", "-p", "cascade", "position", "2"])
        let moved = ResumeAppTests.poll(reportURL, timeout: 30) { abs($0.position - 2) < 0.05 }
        #expect(moved?.state == "paused", "position 2: \(String(describing: moved))")
        let reported = Double(playerctl("position")) ?? -1
        #expect(abs(reported - 2) < 0.05, "playerctl position \(reported)")
        #expect(
            waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(50)) {
                seeks.text.contains("int64 2000000")
            }, "no Seeked(2000000): \(seeks.text)")

        // position 1-: Seek by -1 s; volume 0.3: the Volume property written.
        _ = bus.run(["playerctl", "-p", "cascade", "position", "1-"])
        let back = ResumeAppTests.poll(reportURL, timeout: 30) { abs($0.position - 1) < 0.05 }
        #expect(back?.state == "paused", "position 1-: \(String(describing: back))")
        _ = bus.run(["playerctl", "-p", "cascade", "volume", "0.3"])
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { abs($0.volume - 0.3) < 0.001 } != nil)
        #expect(waitFor("0.300000", "volume"), "\(playerctl("volume"))")

        // Rate: written by the client (clamped to MaximumRate), followed by the `]` key.
        func property(_ name: String) -> String {
            bus.run([
                "gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.cascade", "--object-path",
                "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Get",
                "org.mpris.MediaPlayer2.Player", name,
            ]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func setRate(_ rate: String) {
            _ = bus.run([
                "gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.cascade", "--object-path",
                "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Set",
                "org.mpris.MediaPlayer2.Player", "Rate", "<\(rate)>",
            ])
        }
        #expect(property("MinimumRate") == "(<0.5>,)" && property("MaximumRate") == "(<2.0>,)")
        setRate("1.5")
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { $0.rate == 1.5 && $0.speedText == "1.5×" } != nil)
        #expect(property("Rate") == "(<1.5>,)")
        setRate("5.0")
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { $0.rate == 2 } != nil, "Rate 5 was not clamped to 2")
        let rateWindow = try #require(
            PlayerPageTests.xdotool(
                ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "^Cascade$"],
                display: display.name)?.split(separator: "\n").first.map(String.init), "no Cascade window")
        _ = PlayerPageTests.xdotool(["key", "--window", rateWindow, "bracketleft"], display: display.name)
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { $0.rate == 1.75 } != nil, "[ did not slow down")
        #expect(
            waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(100)) { property("Rate") == "(<1.75>,)" },
            "Rate after [: \(property("Rate"))")
        setRate("1.0")
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { $0.rate == 1 } != nil)

        // play-pause plays on from there; history has every state the client asked for.
        _ = bus.run(["playerctl", "-p", "cascade", "play-pause"])
        let resumed = ResumeAppTests.poll(reportURL, timeout: 30) { $0.state == "playing" && $0.position >= 1 }
        #expect(resumed != nil)
        #expect(
            resumed.map { Self.ordered(["idle", "loading", "playing", "paused", "playing"], in: $0.history) } == true,
            "\(resumed?.history ?? [])")

        // stop: the cover and the play button again, stopped on the bus.
        _ = bus.run(["playerctl", "-p", "cascade", "stop"])
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { $0.state == "stopped" } != nil)
        #expect(waitFor("Stopped", "status"))

        // Next and Previous page through the catalog's channel: item 0 has a next, no previous.
        #expect(property("CanGoNext") == "(<true>,)" && property("CanGoPrevious") == "(<false>,)")
        _ = bus.run(["playerctl", "-p", "cascade", "next"])
        let next = ResumeAppTests.poll(reportURL, timeout: 30) { $0.title != nil && $0.title != title }
        #expect(next != nil, "Next did not reach the app: \(child.stderr)")
        #expect(
            waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(100)) {
                property("CanGoPrevious") == "(<true>,)"
            }, "CanGoPrevious after Next: \(property("CanGoPrevious"))")
        #expect(waitFor(next?.title ?? "-", "metadata", "xesam:title"), "\(playerctl("metadata"))")
        _ = bus.run(["playerctl", "-p", "cascade", "previous"])
        let previous = ResumeAppTests.poll(reportURL, timeout: 30) { $0.title == title && $0.state == "playing" }
        #expect(previous != nil, "Previous did not play item 0 again")
        #expect(waitFor(title, "metadata", "xesam:title"))
        #expect(property("CanGoPrevious") == "(<false>,)")
        _ = bus.run(["playerctl", "-p", "cascade", "stop"])
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { $0.state == "stopped" } != nil)

        // Esc goes back to the feed: no track any more.
        let search = PlayerPageTests.xdotool(
            ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "^Cascade$"], display: display.name
        )
        let window = try #require(search?.split(separator: "\n").first.map(String.init), "no Cascade window")
        _ = PlayerPageTests.xdotool(["key", "--window", window, "Escape"], display: display.name)
        // playerctl reports no metadata for NoTrack, so the property is read with gdbus.
        var metadata = ""
        let noTrack = waitUntilBlocking(timeout: .seconds(30), interval: .milliseconds(200)) {
            metadata =
                bus.run([
                    "gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.cascade", "--object-path",
                    "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Get",
                    "org.mpris.MediaPlayer2.Player", "Metadata",
                ]).output
            return metadata.contains("/org/mpris/MediaPlayer2/TrackList/NoTrack")
        }
        #expect(noTrack && !metadata.contains("xesam:title"), "\(metadata)")
        let signalled = { follower.text.split(separator: "\n").map(String.init) }
        let expected = ["Stopped", "Playing", "Paused", "Playing", "Stopped"]
        #expect(
            waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(50)) {
                Self.ordered(expected, in: signalled())
            },
            "followed: \(signalled())")
        #expect(!child.stderr.contains("CRITICAL"), "\(child.stderr)")
    }

    @Test func withoutASessionBusTheAppStartsAndPlaysAsBefore() throws {
        // CascadeProcess gives the app no bus (`disabled:`); --single-instance makes it try one.
        let work = try temporary.make("cascade-mpris")
        let catalog = try PlayerCatalog.directory()
        let result = try CascadeProcess.runScript(
            "wait-idle\ntap-item 0\nplay\nwait-position 1\npause\n", in: work,
            arguments: ["--single-instance", "--catalog", catalog.path, "--carousel-interval", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.report)
        #expect(report.state(report.steps.count - 1).player.state == "paused")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("MPRIS") }
        #expect(lines.count == 1, "\(result.stderr)")
    }

    /// Whether `wanted` appears in `history` in order (other entries may come between).
    static func ordered(_ wanted: [String], in history: [String]) -> Bool {
        var rest = wanted[...]
        for entry in history where entry == rest.first { rest = rest.dropFirst() }
        return rest.isEmpty
    }
}
