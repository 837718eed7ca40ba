import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The first run generates the demo catalog inside the app with progress in the window and
/// the terminal; killed half way, the next start resumes without redoing finished clips.
@Suite(.serialized) struct FirstRunTests {
    @Test func generationShowsProgressAndResumesAfterAnInterruption() throws {
        let work = try DesktopFixtures.temporaryDirectory("firstrun")
        defer { try? FileManager.default.removeItem(at: work) }
        let environment = ["XDG_CACHE_HOME": work.appendingPathComponent("cache").path, "GTK_A11Y": "none"]
        let building = work.appendingPathComponent("cache/cascade/demo-catalog-small.building/media")
        let catalog = work.appendingPathComponent("cache/cascade/demo-catalog-small")

        // First run: look at the window while it generates (once the generator has said how
        // many clips it makes), then kill the app half way.
        let script = work.appendingPathComponent("first.txt")
        try "wait-status of 28 clips\nscreenshot generating\nwait-idle\n".write(
            to: script, atomically: true, encoding: .utf8)
        let report = work.appendingPathComponent("first.json")
        let first = try CascadeProcess(
            arguments: [
                "--small-demo", "--script", script.path, "--report", report.path, "--screenshots", work.path,
            ], environment: environment)
        let shown = try #require(ScriptReport.waitForSteps(2, at: report, timeout: 60), "\(first.stderr)")
        for step in 0..<2 {
            try #require(
                shown.steps[step].ok == true,
                "step \(step): \(shown.steps[step].error ?? "?") \(first.stderr)")
        }
        let progress = try #require(shown.state(1).catalogProgress)
        #expect(progress.total == 28)
        #expect(progress.running == true)
        #expect((progress.message).hasPrefix("Generating the demo catalog") == true)
        #expect(try Self.inkedRows(png: work.appendingPathComponent("generating.png")) > 5, "no progress drawn")
        #expect(Self.waitForFinishedClips(in: building, atLeast: 6, timeout: 60))
        first.kill()
        _ = first.wait(timeout: 10)
        #expect(first.stderr.contains("cascade: Generating the demo catalog: 0 of 28 clips"))
        #expect(!FileManager.default.fileExists(atPath: catalog.path))

        // Finished clips before the restart, with their modification times.
        let kept = try Self.finishedClips(in: building).reduce(into: [String: Date]()) { result, name in
            result[name] =
                try FileManager.default.attributesOfItem(
                    atPath: building.appendingPathComponent(name).path)[.modificationDate] as? Date
        }
        #expect(kept.count >= 6)

        // Second run: resumes, finishes, shows the feed; no finished clip was made again.
        try "wait-idle\n".write(to: script, atomically: true, encoding: .utf8)
        let second = try CascadeProcess(
            arguments: ["--small-demo", "--script", script.path, "--report", report.path], environment: environment)
        #expect(second.wait(timeout: 300) == 0, "\(second.stderr)")
        let resumedAt = Self.firstProgress(second.stderr)
        #expect((resumedAt ?? 0) >= kept.count, "resumed at \(resumedAt ?? -1) with \(kept.count) clips done")
        let done = try #require(ScriptReport(url: report))
        #expect((done.feed(0).items) > 0)
        for (name, date) in kept {
            let now =
                try FileManager.default.attributesOfItem(
                    atPath: catalog.appendingPathComponent("media/\(name)").path)[.modificationDate] as? Date
            #expect(now == date, "\(name) was generated again")
        }
    }

    /// The README's first command on a machine without a display and an empty cache: the tour
    /// waits while the demo catalog is generated, exits 0, and its first PNG shows the feed.
    @Test func aFirstRunWithoutADisplayWaitsForTheCatalogAndShowsTheFeed() throws {
        let work = try DesktopFixtures.temporaryDirectory("firstrun-headless")
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("headless")
        var bare = DesktopFixtures.quietEnvironment
        bare["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        bare["HOME"] = work.path
        bare["XDG_CACHE_HOME"] = work.appendingPathComponent("cache").path
        bare["XDG_CONFIG_HOME"] = work.appendingPathComponent("config").path
        if let marker = ProcessInfo.processInfo.environment["CASCADE_TEST_RUN"] { bare["CASCADE_TEST_RUN"] = marker }
        if let tmp = ProcessInfo.processInfo.environment["TMPDIR"] { bare["TMPDIR"] = tmp }
        let run = try ChildGroup.run(
            [CascadeProcess.binary.path, "--small-demo", "--headless-out", out.path], environment: bare, timeout: 600)
        #expect(run.status == 0, "\(run.output)")
        let report = try #require(ScriptReport(url: out.appendingPathComponent("report.json")), "\(run.output)")
        #expect(report.steps.allSatisfy { $0.ok }, "\(report.steps.map { $0.error ?? "ok" })")
        #expect(report.state(1).screen == "feed")
        let problems = try ScreenCheck.pixelProblems(
            png: out.appendingPathComponent("01-feed.png"), report: report, step: 1, decoder: PixbufImageDecoder(),
            minimumCovers: 2)
        #expect(problems.isEmpty, "\(problems)")
    }

    static func finishedClips(in media: URL) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []
        return names.filter { $0.hasSuffix(".mp4") && !$0.hasSuffix(".part.mp4") }
            .filter { names.contains($0.replacingOccurrences(of: ".mp4", with: ".jpg")) }
    }

    static func waitForFinishedClips(in media: URL, atLeast count: Int, timeout: Double) -> Bool {
        waitUntilBlocking(timeout: .seconds(Int(timeout))) { ((try? finishedClips(in: media))?.count ?? 0) >= count }
    }

    /// The done count of the first "N of 28 clips" line.
    static func firstProgress(_ text: String) -> Int? {
        guard let range = text.range(of: #"catalog: \d+ of"#, options: .regularExpression) else { return nil }
        return Int(text[range].dropFirst("catalog: ".count).dropLast(" of".count))
    }

    /// Rows in the window's middle band that have dark (text) or blue (bar) pixels.
    static func inkedRows(png: URL) throws -> Int {
        let image = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        var rows = 0
        for y in image.height / 3..<image.height * 2 / 3 {
            var inked = false
            for x in stride(from: image.width / 4, to: image.width * 3 / 4, by: 2) {
                let p = y * image.bytesPerRow + x * 4
                let (r, g, b) = (Int(image.pixels[p]), Int(image.pixels[p + 1]), Int(image.pixels[p + 2]))
                if r + g + b < 300 || (b > 150 && r < 120) { inked = true }
            }
            if inked { rows += 1 }
        }
        return rows
    }
}
