import CMalloc
import CPixbuf
import CascadeGStreamer
import CascadeNumerics
import Foundation

/// The player's next video at once: the first frame after `play` of a pipeline pre-rolled at
/// its first frame (what a move to the neighbour plays) against a cold open of the same clip
/// (a new pipeline, prerolled, played, its first frame delivered), both in this run; and memory
/// and live pipelines over 100 next/previous moves done as the player does them (the current
/// pipeline released, the pre-rolled one played, the next neighbour pre-rolled).
struct PlayerBench: BenchSuite {
    let name = "player"

    func run(quick: Bool) -> [BenchLine] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-bench-player-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clips: [URL]
        do {
            clips = try (0..<3).map { try Self.clip(index: $0, in: folder) }
        } catch {
            FileHandle.standardError.write(Data("cascade-bench player: \(error)\n".utf8))
            return [.value(suite: name, name: "setup", n: nil, value: 0, unit: "ok", max: nil, min: 1)]
        }
        return MainActor.assumeIsolated {
            let runs = quick ? 3 : 7
            // One open first: GStreamer's plugin start-up is paid once per process, by neither side.
            _ = Self.coldFirstFrame(clips[0])
            let cold = Self.median((0..<runs).map { Self.coldFirstFrame(clips[$0 % clips.count]) })
            let prerolled = Self.median((0..<runs).map { Self.prerolledFirstFrame(clips[$0 % clips.count]) })
            let moves = quick ? 40 : 100
            let (growth, peak) = Self.moves(moves, over: clips)
            return [
                .ratio(
                    suite: name, name: "next-first-frame", n: runs, oursNs: prerolled, baseline: "cold-open",
                    baselineNs: cold, target: 5),
                .value(
                    suite: name, name: "next-first-frame-ms", n: runs, value: prerolled / 1e6, unit: "ms", max: 100,
                    min: nil),
                .value(
                    suite: name, name: "moves-rss-growth-mb", n: moves, value: growth / 1_048_576, unit: "MB",
                    max: 16, min: nil),
                .value(
                    suite: name, name: "moves-peak-live-pipelines", n: moves, value: Double(peak), unit: "pipelines",
                    max: 2, min: nil),
            ]
        }
    }

    // MARK: Cases

    /// Nanoseconds from creating a pipeline for `clip` to its first frame delivered after `play`.
    @MainActor
    static func coldFirstFrame(_ clip: URL) -> Double {
        let start = BenchClock.now()
        guard let pipeline = prerolled(clip) else { return .infinity }
        defer { pipeline.stop() }
        guard playToFirstFrame(pipeline) else { return .infinity }
        return Double(BenchClock.now() - start)
    }

    /// Nanoseconds from `play` on a pipeline already paused at its first frame to a frame delivered.
    @MainActor
    static func prerolledFirstFrame(_ clip: URL) -> Double {
        guard let pipeline = prerolled(clip) else { return .infinity }
        defer { pipeline.stop() }
        let start = BenchClock.now()
        guard playToFirstFrame(pipeline) else { return .infinity }
        return Double(BenchClock.now() - start)
    }

    /// Resident memory growth (bytes) over `count` moves after 10 warm-up moves, and the most
    /// player pipelines seen alive at once.
    @MainActor
    static func moves(_ count: Int, over clips: [URL]) -> (growth: Double, peak: Int) {
        var current: PlaybackPipeline?
        var next = prerolled(clips[0])
        var index = 0
        var peak = 0
        var before = 0
        for move in 0..<(count + 10) {
            if move == 10 {
                _ = malloc_trim(0)
                before = residentBytes()
            }
            current?.stop()
            current = next
            if let current { _ = playToFirstFrame(current) }
            // Next, previous, next…: the neighbour pre-rolled is never the one just left.
            index = (index + 1) % clips.count
            next = prerolled(clips[index])
            peak = max(peak, PlaybackPipeline.livePipelines)
        }
        // Measured as it was measured before: the current and the pre-rolled pipeline alive.
        _ = malloc_trim(0)
        let after = residentBytes()
        current?.stop()
        next?.stop()
        pump(until: { PlaybackPipeline.livePipelines == 0 }, timeout: 5)
        return (Double(after - before), peak)
    }

    // MARK: Helpers

    /// A new pipeline for `clip`, paused and settled at its first frame (nil when it failed).
    @MainActor
    static func prerolled(_ clip: URL) -> PlaybackPipeline? {
        guard let pipeline = try? PlaybackPipeline(uri: clip.absoluteString) else { return nil }
        var settled = false
        var failed = false
        pipeline.onEvent = { event in
            switch event {
            case .settled: settled = true
            case .failed: failed = true
            case .durationChanged, .buffering, .ended, .streamsChanged: break
            }
        }
        // Frames are counted only while someone receives them; the player copies each one.
        pipeline.onFrame = { frame in _ = frame.pixels.load(as: UInt8.self) }
        guard pipeline.pause(), pump(until: { settled || failed }, timeout: 10), !failed else {
            pipeline.stop()
            return nil
        }
        return pipeline
    }

    /// Plays `pipeline` and waits (at most 10 s) for a frame delivered after the call.
    @MainActor
    static func playToFirstFrame(_ pipeline: PlaybackPipeline) -> Bool {
        let delivered = pipeline.framesDelivered
        guard pipeline.play() else { return false }
        return pump(until: { pipeline.framesDelivered > delivered }, timeout: 10)
    }

    /// Runs the GLib main context, where the pipelines' messages and frames arrive, until
    /// `condition` holds or `timeout` seconds passed; returns whether it held.
    @MainActor
    @discardableResult
    static func pump(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = BenchClock.now() + UInt64(clamping: Int(saturatingRounded: timeout * 1e9))
        while !condition() {
            guard BenchClock.now() < deadline else { return false }
            g_main_context_iteration(nil, 0)
            usleep(200)
        }
        return true
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// Resident set size, from `VmRSS` in `/proc/self/status`.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int(String($0)) })
        else { return 0 }
        return kilobytes * 1024
    }

    /// A 4 s 640 × 360 H.264 clip (video only: the bench has no audio device to open).
    static func clip(index: Int, in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("clip-\(index).mp4")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = [
            "-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=duration=4:size=640x360:rate=25",
            "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", url.path,
        ]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return url
    }
}
