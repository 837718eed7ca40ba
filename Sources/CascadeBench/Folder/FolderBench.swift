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
        let caches = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-bench-media-\(UUID())")
        defer { try? FileManager.default.removeItem(at: caches) }
        // Cold: every run starts with an empty media cache (its own folder); warm: a second
        // launch over the cache the first one wrote. Best of three each.
        let cold = (0..<3).map { run in
            firstPage(root, count: count, cacheDirectory: caches.appendingPathComponent("cold-\(run)"))
        }.min()!
        _ = firstPage(root, count: count, cacheDirectory: caches.appendingPathComponent("warm"))
        let warm = (0..<3).map { _ in
            firstPage(root, count: count, cacheDirectory: caches.appendingPathComponent("warm"))
        }.min()!
        return [
            scan(root, count: count, videos: videos, quick: quick),
            rescan(root, count: count, quick: quick),
            warmScan(root, count: count, quick: quick, caches: caches),
            .value(suite: name, name: "first-page-ms", n: count, value: cold / 1e6, unit: "ms", max: 1_000, min: nil),
            .value(
                suite: name, name: "first-page-warm-ms", n: count, value: warm / 1e6, unit: "ms", max: 1_000, min: nil),
            .ratio(
                suite: name, name: "first-page-warm", n: count, oursNs: warm, baseline: "first-page-cold",
                baselineNs: cold, target: 1.2),
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

    /// A second launch's scan (the media cache read from disk, then a scan that does not reopen
    /// the files it describes) against a first launch's scan (every file opened and sniffed).
    func warmScan(_ root: URL, count: Int, quick: Bool, caches: URL) -> BenchLine {
        let cache = FolderMediaCache(
            directory: caches.appendingPathComponent("warm"), root: root.standardizedFileURL.path)
        let stored = cache.load()
        precondition(stored.count == count, "folder.scan-warm: \(stored.count) of \(count) files in the media cache")
        let ours = BenchClock.best(runs: quick ? 3 : 5) {
            let known = cache.load().mapValues {
                FolderScanner.SniffRecord(
                    mtime: $0.mtime, mtimeNanoseconds: $0.mtimeNanoseconds, size: $0.size, isVideo: $0.isVideo)
            }
            blackHole(try? FolderScanner().scan(root: root.path, known: known))
        }
        let baseline = BenchClock.best(runs: quick ? 3 : 5) { blackHole(try? FolderScanner().scan(root: root.path)) }
        return .ratio(
            suite: name, name: "scan-warm", n: count, oursNs: ours, baseline: "first-scan", baselineNs: baseline,
            target: 1.2)
    }

    /// From creating the catalog to the first page of "All videos" (scan, sort, ten GStreamer
    /// probes, or none when `cacheDirectory` holds a media cache from an earlier run), in
    /// nanoseconds: the figure the window waits for. Thumbnails are not part of it (lazy). The
    /// media cache is written afterwards, untimed, as the app does a moment later.
    func firstPage(_ root: URL, count: Int, cacheDirectory: URL) -> Double {
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
                cacheDirectory: cacheDirectory)
            let channels = (try? await catalog.channels()) ?? []
            let page = try? await catalog.loader(for: channels[0], firstPage: 0).page(number: 0, size: 10)
            box.items = page?.items.count ?? -1
            box.elapsed = BenchClock.now() - start
            await catalog.library.saveMediaCache()
            done.signal()
        }
        done.wait()
        precondition(box.items == 10, "folder.first-page: \(box.items) items")
        return Double(box.elapsed)
    }

    private final class ResultBox: @unchecked Sendable {
        var items = 0
        var elapsed: UInt64 = 0
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
