import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// A long scripted session on a folder with channels: tabs, flings, hover previews, the player
/// opened and closed, folder rescans. At each round's end, with the feed idle, the test samples
/// the process: resident memory, open file descriptors, threads (those outside the worker pools
/// that scale with the work), live GStreamer pipelines. After
/// the warm-up none grows past 10 % above its warm-up peak.
/// `CASCADE_LONG_SESSION_MINUTES` sets the length (3 in the test command; 30 for the figures in
/// Docs/RELIABILITY.md).
@Suite(.serialized) struct LongSessionAppTests {
    struct Sample {
        let seconds: Double
        let rss: Int
        let descriptors: Int
        let threads: Int
        let pipelines: Int
        /// The counted threads' names, to tell what a higher count was.
        let threadNames: [String]
    }

    static func round(_ i: Int) -> String {
        """
        tap-tab \(i % 3)
        wait-idle
        fling 0 -2500
        scroll-to-item 0
        wait-idle
        hover-item \(1 + i % 2)
        tap-item \(i % 3)
        play
        wait-position 1
        back
        pull-refresh
        wait-idle
        wait-signal sample\(i)

        """
    }

    static func sample(pid: Int32, at seconds: Double, report: ScriptReport) -> Sample? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            return line?.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        // Worker pools grow and shrink with the work by design: libdispatch's global queues
        // (threads named "…-qos…") and GLib's thread pools ("pool-…"). A leak shows in the rest.
        // A pipeline torn down a moment ago may still be ending its streaming threads (its
        // files already closed): the fewest threads over a second of reads is the count, so a
        // thread that lives on shows and one on its way out does not.
        var counted: [String]?
        for read in 0..<10 {
            if read > 0 { Thread.sleep(forTimeInterval: 0.1) }
            let names = Self.threadNames(pid: pid).filter { !$0.contains("qos") && !$0.hasPrefix("pool-") }
            if names.count < counted?.count ?? .max { counted = names.sorted() }
        }
        let threads = counted?.count ?? 0
        guard let rss = field("VmRSS"), threads > 0, let last = report.steps.indices.last else { return nil }
        let player = report.state(last).player
        return Sample(
            seconds: seconds, rss: rss * 1024, descriptors: descriptors, threads: threads,
            pipelines: player.livePipelines + player.liveEngines, threadNames: counted ?? [])
    }

    /// The names of the process's threads.
    static func threadNames(pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.map { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test(.timeLimit(.minutes(40))) func aLongSessionStaysFlat() throws {
        let minutes = ProcessInfo.processInfo.environment["CASCADE_LONG_SESSION_MINUTES"].flatMap(Double.init) ?? 3
        let duration = minutes * 60
        let warmUp = min(300, duration / 3)
        let folder = try VideoFolderFixture(label: "cascade-long")
        defer { folder.remove() }
        for name in ["Travel/a", "Travel/b", "Travel/c", "Cats/a", "Cats/b", "Cats/c", "loose"] {
            try folder.clip("\(name).mp4", size: name.hasPrefix("Cats") ? "90x160" : "160x90", duration: 4)
        }
        let work = try DesktopFixtures.temporaryDirectory("long")
        defer { try? FileManager.default.removeItem(at: work) }
        let rounds = Int(duration / 3) + 10  // more than can run in the time; the test ends it
        let script = "wait-idle\nwait-status 7 videos\nwait-idle\n" + (0..<rounds).map(Self.round).joined()
        let scriptURL = work.appendingPathComponent("s.txt")
        let reportURL = work.appendingPathComponent("r.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let child = try CascadeProcess(
            arguments: [
                folder.url.path, "--carousel-interval", "0", "--script", scriptURL.path, "--report", reportURL.path,
                "--screenshots", work.path,
            ],
            environment: DesktopFixtures.quietEnvironment.merging([
                "XDG_CACHE_HOME": work.appendingPathComponent("cache").path
            ]) { $1 })
        defer { child.kill() }
        let stepsPerRound = 13
        let clock = ContinuousClock()
        let start = clock.now
        var samples: [Sample] = []
        var round = 0
        while clock.now - start < .seconds(duration) {
            // The round's last step before its wait-signal is in the report: the feed is idle.
            let needed = 3 + round * stepsPerRound + stepsPerRound - 1
            let report = try #require(
                ScriptReport.waitForSteps(needed, at: reportURL, timeout: 90), "round \(round): \(child.stderr)")
            for i in report.steps.indices { #expect(report.ok(i), "step \(i): \(report.steps[i])") }
            let elapsed = Double((clock.now - start).components.seconds)
            if samples.last.map({ elapsed - $0.seconds >= 30 }) ?? true {
                samples.append(try #require(Self.sample(pid: child.pid, at: elapsed, report: report)))
            }
            try Data().write(to: work.appendingPathComponent("sample\(round)"))
            round += 1
        }
        let table = samples.map {
            String(
                format: "%5.0f s  rss %6.1f MB  fds %3d  threads %3d  pipelines %d", $0.seconds,
                Double($0.rss) / 1_048_576, $0.descriptors, $0.threads, $0.pipelines)
        }
        print("LongSessionAppTests (\(minutes) min, \(round) rounds):\n" + table.joined(separator: "\n"))
        let steady = samples.filter { $0.seconds >= warmUp }
        let warm = samples.filter { $0.seconds < warmUp }
        #expect(steady.count >= 2 && !warm.isEmpty, "samples around the warm-up: \(table)")
        // Nothing grows: after the warm-up each figure stays within 10 % of its warm-up peak
        // (a pipeline torn down a moment later, or a pool that shrank, may read lower).
        func flat(_ value: (Sample) -> Int) -> Bool {
            guard let peak = warm.map(value).max(), peak > 0 else { return false }
            return steady.allSatisfy { Double(value($0)) <= 1.10 * Double(peak) + 0.5 }
        }
        #expect(flat(\.rss), "resident memory: \(table)")
        #expect(flat(\.descriptors), "file descriptors: \(table)")
        #expect(flat(\.threads), "threads: \(table)\n\(samples.map { $0.threadNames.joined(separator: ",") })")
        #expect(flat { max(1, $0.pipelines) }, "pipelines: \(table)")
    }
}
