import CascadeImages
import CascadePixbuf
import Foundation

/// `cascade-bench images`: downsampling while decoding, memory-cache lookups, coalescing, and a
/// page of covers decoded two at a time against one at a time.
struct ImagesBenchSuite: BenchSuite {
    let name = "images"

    func run(quick: Bool) -> [BenchLine] {
        decodeDownsample(quick: quick) + [memoryCacheHit(quick: quick)] + coalesce(quick: quick)
            + coversPage(quick: quick)
    }

    // MARK: Cases

    /// A 4000 × 3000 JPEG to 400 px wide: our scaled decode vs a full decode then a scale.
    private func decodeDownsample(quick: Bool) -> [BenchLine] {
        let (width, height) = (4_000, 3_000)
        let target = PixelSize(width: 400, height: 300)
        let caseName = "decode.downsample"
        guard let photo = BenchJPEG.make(width: width, height: height) else {
            return [.value(suite: name, name: caseName, n: nil, value: 0, unit: "error", max: nil, min: 1)]
        }
        defer { try? FileManager.default.removeItem(at: photo.url.deletingLastPathComponent()) }
        let decoder = PixbufImageDecoder()
        var oursBytes = 0
        var baselineBytes = 0
        let runs = quick ? 2 : 7
        let ours = BenchClock.best(runs: runs) {
            let result = try? decoder.decodeMeasured(photo.data, targetSize: target)
            oursBytes = result?.statistics.pixelBufferBytes ?? 0
            blackHole(result)
        }
        let baseline = BenchClock.best(runs: runs) {
            let result = FullDecodeThenScale.decode(photo.data, targetSize: target)
            baselineBytes = result.pixelBufferBytes
            blackHole(result)
        }
        let n = width * height
        return [
            .ratio(
                suite: name, name: caseName, n: n, oursNs: ours, baseline: "full-decode-then-scale",
                baselineNs: baseline, target: 3,
                extra: ["jpeg_bytes": Double(photo.data.count)]),
            // Peak pixel-buffer bytes, as a ratio line (ours_ns/baseline_ns carry bytes here).
            .ratio(
                suite: name, name: "\(caseName).peak_bytes", n: n, oursNs: Double(max(oursBytes, 1)),
                baseline: "full-decode-then-scale", baselineNs: Double(baselineBytes), target: 10,
                extra: ["ours_bytes": Double(oursBytes), "baseline_bytes": Double(baselineBytes)]),
        ]
    }

    /// Lookups of cached decoded images: `MemoryImageCache` vs `NSCache` with the same keys.
    private func memoryCacheHit(quick: Bool) -> BenchLine {
        let count = quick ? 500 : 2_000
        let rounds = 20
        let image = DecodedImage(
            width: 30, height: 40, bytesPerRow: 120, pixels: .init(repeating: 1, count: 4_800), hasAlpha: false)
        let keys = (0..<count).map { index in
            ImageCacheKey(
                url: URL(string: "https://cdn.example.com/covers/\(index)/cover-large.jpg")!,
                targetSize: PixelSize(width: 300, height: 400))
        }
        let boxed = keys.map(NSCacheBaseline.Key.init)
        let ours = MemoryImageCache(costLimit: 1 << 30)
        let theirs = NSCacheBaseline(costLimit: 1 << 30)
        for index in 0..<count {
            ours.insert(image, for: keys[index])
            theirs.insert(image, for: boxed[index])
        }
        let oursNs = BenchClock.best(runs: 5) {
            var hits = 0
            for _ in 0..<rounds { for key in keys where ours.image(for: key) != nil { hits += 1 } }
            blackHole(hits)
        }
        let baselineNs = BenchClock.best(runs: 5) {
            var hits = 0
            for _ in 0..<rounds { for key in boxed where theirs.image(for: key) != nil { hits += 1 } }
            blackHole(hits)
        }
        let lookups = Double(count * rounds)
        return .ratio(
            suite: name, name: "memcache.hit", n: count * rounds, oursNs: oursNs / lookups, baseline: "nscache",
            baselineNs: baselineNs / lookups, target: 1)
    }

    /// 100 concurrent identical requests: how many fetches and decodes ran.
    private func coalesce(quick: Bool) -> [BenchLine] {
        let requests = 100
        guard let photo = BenchJPEG.make(width: 640, height: 480) else { return [] }
        defer { try? FileManager.default.removeItem(at: photo.url.deletingLastPathComponent()) }
        let fetcher = CountingImageFetcher(payload: photo.data, delayNanoseconds: 20_000_000)
        let decoder = CountingImageDecoder(PixbufImageDecoder())
        let pipeline = ImagePipeline(decoder: decoder, fetcher: fetcher)
        let request = ImageRequest(
            url: URL(string: "https://cdn.example.com/covers/1.jpg")!, targetSize: PixelSize(width: 200, height: 200))
        let done = DispatchSemaphore(value: 0)
        let delivered = ImagesBenchCounter(0)
        Task {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<requests {
                    group.addTask { (try? await pipeline.image(for: request)) != nil }
                }
                for await ok in group where ok { delivered.withLock { $0 += 1 } }
            }
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 30) == .success
        let images = finished ? delivered.withLock { $0 } : 0
        return [
            .value(
                suite: name, name: "coalesce.fetches", n: requests, value: Double(fetcher.count), unit: "fetches",
                max: 1, min: nil),
            .value(
                suite: name, name: "coalesce.decodes", n: requests, value: Double(decoder.count), unit: "decodes",
                max: 1, min: nil),
            .value(
                suite: name, name: "coalesce.delivered", n: requests, value: Double(images), unit: "images", max: nil,
                min: Double(requests)),
        ]
    }
}

extension ImagesBenchSuite {
    /// A page of 500 covers through `ImagePipeline` as the app runs it (two decodes at a time,
    /// gdk-pixbuf decoding at the cell's size) against the same pipeline limited to one decode
    /// at a time: covers per second, wall time of the whole page, in one run. Ten generated
    /// photos (640 × 360 to 1920 × 1080) under 500 URLs, answered at once by the transport, no
    /// memory cache, decoded for a 240 × 320 cell.
    func coversPage(quick: Bool) -> [BenchLine] {
        let count = quick ? 100 : 500
        let sizes = [(640, 360), (640, 480), (480, 640), (360, 640), (1280, 720), (960, 720), (720, 960), (1920, 1080)]
        let photos = sizes.compactMap { BenchJPEG.make(width: $0.0, height: $0.1) }
        defer { for photo in photos { try? FileManager.default.removeItem(at: photo.url.deletingLastPathComponent()) } }
        guard photos.count == sizes.count else {
            return [.value(suite: name, name: "covers.page", n: count, value: 0, unit: "error", max: nil, min: 1)]
        }
        let requests = (0..<count).map { index in
            ImageRequest(
                url: URL(string: "https://cdn.example.com/covers/\(index).jpg")!,
                targetSize: PixelSize(width: 240, height: 320))
        }
        let fetcher = PhotoPageFetcher(
            bodies: Dictionary(
                uniqueKeysWithValues: requests.enumerated().map { ($1.url, photos[$0 % photos.count].data) }))
        func page(decodes: Int) -> Double {
            BenchClock.best(runs: quick ? 1 : 3) {
                let pipeline = ImagePipeline(
                    decoder: PixbufImageDecoder(), fetcher: fetcher, memoryCache: nil, maxConcurrentDecodes: decodes)
                let done = DispatchSemaphore(value: 0)
                Task {
                    await withTaskGroup(of: Void.self) { group in
                        for request in requests { group.addTask { _ = try? await pipeline.image(for: request) } }
                    }
                    done.signal()
                }
                done.wait()
            }
        }
        let both = page(decodes: 2)
        let one = page(decodes: 1)
        return [
            .ratio(
                suite: name, name: "covers.page", n: count, oursNs: both, baseline: "one-decode-at-a-time",
                baselineNs: one, target: 1.8,
                extra: [
                    "covers_per_s": Double(count) / (both / 1e9), "baseline_covers_per_s": Double(count) / (one / 1e9),
                ])
        ]
    }
}

/// A transport answering at once with the body given for each URL.
struct PhotoPageFetcher: DataFetching {
    let bodies: [URL: Data]

    func fetch(_ url: URL) async throws -> Data {
        guard let body = bodies[url] else { throw URLError(.fileDoesNotExist) }
        return body
    }
}

/// A lock-guarded value for the benchmark's counters.
final class ImagesBenchCounter<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
