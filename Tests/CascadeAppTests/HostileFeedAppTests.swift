import CascadeImages
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The real `cascade` binary against `scripts/hostile_server.py` and a hostile local catalog:
/// no crash, items or an alert shown, resident memory under `memoryBound` for the whole run,
/// nothing read outside the catalog folder. Docs/RELIABILITY.md lists what each case proves.
@Suite(.serialized, .timeLimit(.minutes(5))) struct HostileFeedAppTests {
    /// The documented bound on the app's resident memory against every hostile input (debug
    /// build; Docs/RELIABILITY.md has the measured peaks).
    static let memoryBound = 1024 * 1024 * 1024

    private func run(
        _ script: String, arguments: [String], in dir: URL, timeout: Double = 150, trusting bundle: URL? = nil
    ) throws -> (status: Int32?, report: ScriptReport, peak: Int, stderr: String) {
        let scriptURL = dir.appendingPathComponent("script.txt")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("report.json")
        let child = try CascadeProcess(
            arguments: arguments + ["--script", scriptURL.path, "--report", report.path, "--screenshots", dir.path],
            environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], trusting: bundle)
        defer { child.kill() }
        let sampler = ResidentMemorySampler(pid: child.pid)
        let status = child.wait(timeout: timeout)
        let peak = sampler.stop()
        let parsed = try #require(ScriptReport(url: report), "no report; stderr: \(child.stderr)")
        return (status, parsed, peak, child.stderr)
    }

    private func temporaryDirectory() throws -> URL {
        try FeedFixtures.temporaryDirectory("cascade-hostile")
    }

    /// Pixels of a screenshot as RGBA.
    private func pixels(_ url: URL) throws -> DecodedImage {
        try PixbufImageDecoder().decode(try Data(contentsOf: url), targetSize: nil)
    }

    private func contains(_ image: DecodedImage, rgb: (Int, Int, Int), tolerance: Int = 12) -> Bool {
        stride(from: 0, to: image.height, by: 4).contains { y in
            stride(from: 0, to: image.width, by: 4).contains { x in
                let i = y * image.bytesPerRow + x * 4
                return abs(Int(image.pixels[i]) - rgb.0) <= tolerance
                    && abs(Int(image.pixels[i + 1]) - rgb.1) <= tolerance
                    && abs(Int(image.pixels[i + 2]) - rgb.2) <= tolerance
            }
        }
    }

    @Test func everyHostileItemIsSurvivedWithinTheMemoryBound() throws {
        let server = try HostileServerProcess()
        defer { server.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Items 8 and 9 are the SVG and TGA "videos" (the unusable entries are skipped).
        let script = """
            wait-idle
            screenshot feed
            scroll-to-item 8
            tap-item 8
            play
            wait 2500ms
            screenshot svg
            back
            scroll-to-item 9
            tap-item 9
            play
            wait 2500ms
            back
            wait-idle
            """
        let result = try run(
            script, arguments: ["--feed-url", server.url("feed/hostile?page={page}&size={size}"), "--columns", "3"],
            in: dir
        )
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = result.report
        for i in report.steps.indices { #expect(report.ok(i), "step \(i): \(report.steps[i])") }
        // 18 entries, 4 unusable (a size without an aspect ratio, two local-file covers and a
        // local-file video from an HTTP feed): 14 shown.
        #expect(report.feed(0).items == 14)
        let players = report.steps.compactMap { ($0.state).player }
        let errors = players.compactMap { $0.error }
        #expect(errors.contains("This isn't a video (it is a SVG image)."))
        #expect(errors.contains { $0.hasPrefix("This isn't a video (the file is not") })
        #expect(players.allSatisfy { ($0.livePipelines) == 0 }, "no GStreamer pipeline for an image")
        #expect(result.peak > 0 && result.peak < Self.memoryBound, "peak RSS \(result.peak / 1_048_576) MB")
        for i in report.steps.indices {
            #expect(report.state(i).rssBytes < Self.memoryBound)
        }
        // Drawn: the good green covers and the animated WebP's first (red) frame; the SVG error.
        let feed = try pixels(dir.appendingPathComponent("feed.png"))
        #expect(contains(feed, rgb: (40, 160, 90)), "a good cover is drawn")
        #expect(contains(feed, rgb: (255, 0, 0)), "the animated WebP's first frame is drawn")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("svg.png").path))
    }

    /// A "video" whose server answers the player's probe with an MP4 header (or drops the probe's
    /// connection) and the playback request with a magenta PNG: no decoder takes the PNG
    /// (`StillImageDecoderLock`), the player shows an error and no magenta is ever drawn.
    @Test func aVideoThatTurnsIntoAnImageAfterTheProbeIsRefused() throws {
        let server = try HostileServerProcess()
        defer { server.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = """
            wait-idle
            tap-item 0
            play
            wait-player-error
            screenshot switch
            back
            wait-idle
            tap-item 1
            play
            wait-player-error
            screenshot drop
            back
            """
        let result = try run(
            script,
            arguments: ["--feed-url", server.url("feed/hostile?page={page}&size={size}&only=h16&only=h17")],
            in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for i in result.report.steps.indices {
            #expect(result.report.ok(i), "step \(i): \(result.report.steps[i])")
        }
        #expect(result.report.feed(0).items == 2)
        // The PNG was served to the player (a second request), and never drawn.
        let counts = try server.requestCounts()
        #expect((counts["/media/switch.mp4"] ?? 0) >= 2, "\(counts)")
        #expect((counts["/media/drop-then-png.mp4"] ?? 0) >= 2, "\(counts)")
        for name in ["switch", "drop"] {
            let shot = try pixels(dir.appendingPathComponent("\(name).png"))
            #expect(!contains(shot, rgb: (255, 0, 255), tolerance: 30), "\(name): the PNG was drawn")
        }
    }

    /// The hostile feed over real TLS (a test certificate the app trusts in a private mount
    /// namespace): feed JSON and covers go through URLSession with the same caps, and the good
    /// covers are drawn. The same server without that trust gets the feed's error alert and no
    /// item, so the certificate is really checked.
    @Test func theHostileFeedOverHTTPSKeepsEveryCapAndChecksTheCertificate() throws {
        let certificate = try TestCertificate()
        defer { certificate.remove() }
        let server = try HostileServerProcess(tls: certificate)
        defer { server.stop() }
        #expect(server.url("").hasPrefix("https://"))
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let feed = ["--feed-url", server.url("feed/hostile?page={page}&size={size}"), "--columns", "3"]
        let result = try run(
            "wait-idle\nscreenshot feed\nscroll-to-end\nwait-idle\nscreenshot end\n", arguments: feed, in: dir,
            trusting: certificate.bundle)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for i in result.report.steps.indices {
            #expect(result.report.ok(i), "step \(i): \(result.report.steps[i])")
        }
        #expect(result.report.feed(0).items == 14)
        #expect(result.report.state(0).alert == nil)
        let shot = try pixels(dir.appendingPathComponent("feed.png"))
        #expect(contains(shot, rgb: (40, 160, 90)), "a good https cover is drawn")
        #expect(result.peak > 0 && result.peak < Self.memoryBound, "peak RSS \(result.peak / 1_048_576) MB")

        let untrusted = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: untrusted) }
        let refused = try run("wait-idle\n", arguments: feed, in: untrusted)
        #expect(refused.status == 0, "stderr: \(refused.stderr)")
        #expect(refused.report.feed(0).items == 0)
        let alert = refused.report.state(0).alert
        // The alert names the certificate problem, not the network.
        #expect(alert?.contains("certificate was refused (SSL certificate problem") == true, "\(alert ?? "no alert")")

        // Trusted, but for another host: the certificate names 127.0.0.1, the feed localhost.
        let otherHost = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: otherHost) }
        let byName = [
            "--feed-url",
            server.url("feed/hostile?page={page}&size={size}")
                .replacingOccurrences(of: "127.0.0.1", with: "localhost"),
        ]
        let mismatch = try run("wait-idle\n", arguments: byName, in: otherHost, trusting: certificate.bundle)
        #expect(mismatch.status == 0, "stderr: \(mismatch.stderr)")
        #expect(mismatch.report.feed(0).items == 0)
        let mismatchAlert = mismatch.report.state(0).alert ?? "no alert"
        #expect(mismatchAlert.contains("certificate was refused"), "\(mismatchAlert)")
        #expect(mismatchAlert.contains("localhost"), "the reason names the host: \(mismatchAlert)")
    }

    @Test func aFeedTallerThanTheHostCanScrollSaysSo() throws {
        let server = try HostileServerProcess()
        defer { server.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = "wait-idle\nscroll-to-end\nwait-idle\nscreenshot end\n"
        // 110,000 items 1000× taller than wide: ~1.6e10 points of content, far past Int32.max.
        let result = try run(
            script, arguments: ["--feed-url", server.url("feed/tall?page={page}&size={size}"), "--columns", "2"],
            in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let last = result.report.steps.count - 1
        #expect(result.report.feed(last).items == 110_000)
        #expect(
            result.report.feed(last).footer
                == "This feed is longer than the app can scroll; the rest is not shown")
        let frames = result.report.visibleItems(last).map(\.frame)
        #expect(!frames.isEmpty && frames.allSatisfy { $0[1] < 8_388_608 })
        #expect(result.peak > 0 && result.peak < Self.memoryBound, "peak RSS \(result.peak / 1_048_576) MB")
    }

    @Test func aLocalCatalogReadsNothingOutsideItsFolder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("catalog")
        let outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(
            at: catalog.appendingPathComponent("c0"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let cover = TinyPNG.solid(width: 32, height: 18, rgba: (40, 160, 90, 255))
        try cover.write(to: catalog.appendingPathComponent("c0/good.png"))
        try cover.write(to: outside.appendingPathComponent("secret.png"))
        try cover.write(to: outside.appendingPathComponent("linked.png"))
        try FileManager.default.createSymbolicLink(
            at: catalog.appendingPathComponent("c0/escape.png"),
            withDestinationURL: outside.appendingPathComponent("linked.png"))
        try Data(#"{"channels": [{"id": "c0", "title": "Hostile"}]}"#.utf8).write(
            to: catalog.appendingPathComponent("channels.json"))
        let entries = [
            ("good", "c0/good.png"), ("dotdot", "c0/../../outside/secret.png"), ("symlink", "c0/escape.png"),
            ("absolute", outside.appendingPathComponent("secret.png").absoluteString),
            ("proc", "file:///proc/self/environ"), ("zero", "file:///dev/zero"),
        ].map { #"{"id": "\#($0.0)", "cover": "\#($0.1)", "flv": "c0/v.mp4", "width": 16, "height": 9}"# }
        try Data(#"{"data": {"info_list": [\#(entries.joined(separator: ","))]}}"#.utf8).write(
            to: catalog.appendingPathComponent("c0/feed.json"))
        // Reading a file moves its access time forward when it is older than the change time.
        let old = Date(timeIntervalSinceNow: -100_000)
        for name in ["secret.png", "linked.png"] {
            let now = Int(Date().timeIntervalSince1970)
            var times = [
                timespec(tv_sec: Int(old.timeIntervalSince1970), tv_nsec: 0), timespec(tv_sec: now, tv_nsec: 0),
            ]
            #expect(utimensat(AT_FDCWD, outside.appendingPathComponent(name).path, &times, 0) == 0)
        }
        let result = try run("wait-idle\nwait 1000ms\nwait-idle\n", arguments: ["--catalog", catalog.path], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.report.feed(0).items == 1)
        for name in ["secret.png", "linked.png"] {
            let values = try outside.appendingPathComponent(name).resourceValues(forKeys: [.contentAccessDateKey])
            let accessed = try #require(values.contentAccessDate)
            #expect(abs(accessed.timeIntervalSince(old)) < 2, "\(name) was read")
        }
        #expect(result.peak < Self.memoryBound)
    }

    @Test func scriptModeFailsWhenItCannotWriteItsReport() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.txt")
        try "wait 10ms\n".write(to: script, atomically: true, encoding: .utf8)
        let blocker = dir.appendingPathComponent("file")
        try Data().write(to: blocker)
        let result = try CascadeProcess.run(
            arguments: [
                "--feed-url", "http://127.0.0.1:9/feed?page={page}&size={size}", "--script", script.path, "--report",
                blocker.path + "/r.json",
            ],
            environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 60)
        #expect(result.status != nil && result.status != 0)
        #expect(result.stderr.contains("cannot write the report"), "stderr: \(result.stderr)")
    }
}
