import CascadeFeed
import CascadeFolder
import CascadeGStreamer
import Foundation

/// A folder of the user's videos at scale: 10,000 files (1,000 with `--quick`) in 20 channel
/// folders three levels deep, one in ten a non-video. The videos are hard links to one small
/// ffmpeg clip, so probes and thumbnails run real GStreamer work without 10,000 encodes.
struct FolderBench: BenchSuite {
    let name = "folder"

    func run(quick: Bool) -> [BenchLine] {
        let count = quick ? 1_000 : 10_000
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-bench-folder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let videos: Int
        do {
            videos = try FolderBenchData.make(root: root, count: count)
        } catch {
            FileHandle.standardError.write(Data("cascade-bench folder: \(error)\n".utf8))
            return [.value(suite: name, name: "setup", n: count, value: 0, unit: "ok", max: nil, min: 1)]
        }
        return [
            scan(root, count: count, videos: videos, quick: quick),
            rescan(root, count: count, quick: quick),
            firstPage(root, count: count, videos: videos),
        ]
    }

    /// A first scan against the Foundation enumerator baseline.
    func scan(_ root: URL, count: Int, videos: Int, quick: Bool) -> BenchLine {
        var found = 0
        let ours = BenchClock.best(runs: quick ? 3 : 5) {
            found = (try? FolderScanner().scan(root: root.path).files.count) ?? -1
        }
        precondition(found == videos, "folder.scan: found \(found) of \(videos)")
        var baselineFound = 0
        let baseline = BenchClock.best(runs: quick ? 3 : 5) {
            baselineFound = FoundationEnumeratorScan.scan(root: root)
        }
        precondition(baselineFound == videos, "folder.scan: baseline found \(baselineFound) of \(videos)")
        return .ratio(
            suite: name, name: "scan", n: count, oursNs: ours, baseline: FoundationEnumeratorScan.name,
            baselineNs: baseline, target: 1.5)
    }

    /// A refresh's rescan (content checks kept by file version) against a first scan.
    func rescan(_ root: URL, count: Int, quick: Bool) -> BenchLine {
        let known = (try? FolderScanner().scan(root: root.path).sniffed) ?? [:]
        let ours = BenchClock.best(runs: quick ? 3 : 5) {
            blackHole(try? FolderScanner().scan(root: root.path, known: known))
        }
        let baseline = BenchClock.best(runs: quick ? 3 : 5) { blackHole(try? FolderScanner().scan(root: root.path)) }
        return .ratio(
            suite: name, name: "rescan", n: count, oursNs: ours, baseline: "first-scan", baselineNs: baseline,
            target: 1.5)
    }

    /// From creating the catalog to the first page of "All videos" (scan, sort, ten GStreamer
    /// probes), cold: the figure the window waits for. Thumbnails are not part of it (lazy).
    func firstPage(_ root: URL, count: Int, videos: Int) -> BenchLine {
        let thumbnails = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-bench-thumbs-\(UUID())")
        defer { try? FileManager.default.removeItem(at: thumbnails) }
        let box = ResultBox()
        let start = BenchClock.now()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let catalog = FolderCatalog(
                folder: root.path, prober: GStreamerVideoProber(),
                thumbnails: ThumbnailGenerator(
                    store: ThumbnailStore(root: thumbnails), grabber: GStreamerFrameGrabber(), size: .large),
                pollInterval: .seconds(3600))
            let channels = (try? await catalog.channels()) ?? []
            let page = try? await catalog.loader(for: channels[0], firstPage: 0).page(number: 0, size: 10)
            box.items = page?.items.count ?? -1
            done.signal()
        }
        done.wait()
        let elapsed = Double(BenchClock.now() - start) / 1e6
        precondition(box.items == 10, "folder.first-page: \(box.items) items")
        return .value(suite: name, name: "first-page-ms", n: count, value: elapsed, unit: "ms", max: 1_000, min: nil)
    }

    private final class ResultBox: @unchecked Sendable {
        var items = 0
    }
}

/// Builds the benchmark folder.
enum FolderBenchData {
    /// Makes `count` files under `root`; returns how many are videos.
    static func make(root: URL, count: Int) throws -> Int {
        let fm = FileManager.default
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        let clip = root.appendingPathComponent(".clip.mp4")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = [
            "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=duration=1:size=160x90:rate=25",
            "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", clip.path,
        ]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        var videos = 0
        for i in 0..<count {
            let folder = root.appendingPathComponent("channel \(i % 20)/year \(i % 3)/month \(i % 7)")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            if i % 10 == 9 {
                try Data("notes \(i)".utf8).write(to: folder.appendingPathComponent("notes \(i).mp4"))
            } else {
                try fm.linkItem(at: clip, to: folder.appendingPathComponent("clip \(i).mp4"))
                videos += 1
            }
        }
        return videos
    }
}
