import CascadeImages
import CascadePixbuf
import Foundation

/// A feed page's covers decoded through `ImagePipeline` as the app runs it (two decodes at a
/// time, on both cores), with JPEGs at 1/8 scale going through `JPEGScanDecoder` or through
/// gdk-pixbuf's loader: whether the scan decoder raises the app's cover throughput.
struct CoverThroughput {
    /// Photo sizes from a 20 KB thumbnail to a 4 MB camera photo; a page cycles through them.
    static let photos: [(width: Int, height: Int, grain: BenchJPEG.Grain)] = [
        (640, 360, .smooth), (800, 450, .smooth), (960, 540, .smooth), (1280, 720, .smooth),
        (1920, 1080, .smooth), (2560, 1440, .smooth), (3200, 1800, .smooth), (4000, 3000, .smooth),
        (4000, 3000, .noisy), (4600, 3100, .noisy),
    ]
    /// The box a two-column cover is decoded for in a 1000-point window.
    static let target = PixelSize(width: 480, height: 640)

    let covers: Int
    let runs: Int

    /// Best wall and process CPU time (ns) of decoding `covers` covers through each route,
    /// measured alternately.
    func measure() -> (scan: Timing, loader: Timing, bytes: [Int])? {
        var made: [(data: Data, url: URL)] = []
        defer { for photo in made { try? FileManager.default.removeItem(at: photo.url.deletingLastPathComponent()) } }
        for photo in Self.photos {
            guard let jpeg = BenchJPEG.make(width: photo.width, height: photo.height, grain: photo.grain) else {
                return nil
            }
            made.append(jpeg)
        }
        let payloads = made.map(\.data)
        var scan = Timing(wall: .infinity, cpu: .infinity)
        var loader = scan
        for _ in 0..<runs {
            scan = scan.best(decodeAll(payloads, decoder: PixbufImageDecoder()))
            loader = loader.best(decodeAll(payloads, decoder: PixbufImageDecoder(parallelJPEG: false)))
        }
        return (scan, loader, payloads.map(\.count))
    }

    struct Timing {
        var wall: Double
        var cpu: Double

        func best(_ other: Timing) -> Timing { Timing(wall: min(wall, other.wall), cpu: min(cpu, other.cpu)) }
    }

    private func decodeAll(_ payloads: [Data], decoder: PixbufImageDecoder) -> Timing {
        let fetcher = CoverPageFetcher(payloads: payloads)
        // No memory cache: every cover is a decode, as on a first scroll through a feed.
        let pipeline = ImagePipeline(decoder: decoder, fetcher: fetcher, memoryCache: nil)
        let requests = (0..<covers).map {
            ImageRequest(url: URL(string: "https://cdn.example.com/covers/\($0).jpg")!, targetSize: Self.target)
        }
        let done = DispatchSemaphore(value: 0)
        let start = DispatchTime.now().uptimeNanoseconds
        let startCPU = Self.processCPU()
        Task {
            await withTaskGroup(of: Void.self) { group in
                for request in requests {
                    group.addTask { blackHole(try? await pipeline.image(for: request)) }
                }
            }
            done.signal()
        }
        done.wait()
        return Timing(wall: Double(DispatchTime.now().uptimeNanoseconds - start), cpu: Self.processCPU() - startCPU)
    }

    private static func processCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
    }
}

/// Serves cover `i` from the photo `i % photos.count`, at once.
private struct CoverPageFetcher: DataFetching {
    let payloads: [Data]

    func fetch(_ url: URL) async throws -> Data {
        let index = Int(url.deletingPathExtension().lastPathComponent) ?? 0
        return payloads[index % payloads.count]
    }
}
