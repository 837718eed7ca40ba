import CascadeImages
import CascadePixbuf
import CascadeTestSupport
import Foundation
import Testing

/// The pipeline with the real decoder, the real transport and real files and HTTP.
@Suite(.timeLimit(.minutes(1))) struct PixbufPipelineTests {
    @Test func loadsAndDownsamplesAFileURL() async throws {
        let pipeline = ImagePipeline(decoder: PixbufImageDecoder())
        let request = ImageRequest(
            url: try PixbufFixtures.url("photo.jpg"), targetSize: PixelSize(width: 200, height: 200))
        let image = try await pipeline.image(for: request)
        #expect(image.width == 200 && image.height == 150)
        #expect(pipeline.cachedImage(for: request) == image)
    }

    @Test func loadsOverHTTPIntoTheDiskCacheAndRecoversFromACorruptEntry() async throws {
        _ = try PixbufFixtures.data("image.webp")
        let server = try LocalHTTPServer(root: PixbufFixtures.folder)
        defer { server.stop() }
        let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cascade-px-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cacheFolder) }
        let url = server.url("/image.webp")
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 64, height: 64))

        let first = ImagePipeline(decoder: PixbufImageDecoder(), diskCache: try DiskImageCache(directory: cacheFolder))
        let image = try await first.image(for: request)
        #expect(image.width == 64 && image.height == 48)

        // Damage the cached bytes (valid header, broken image): a new pipeline deletes the entry
        // and fetches again.
        let disk = try DiskImageCache(directory: cacheFolder)
        let original = try #require(disk.data(for: url))
        disk.store(original.prefix(original.count / 2), for: url)
        let second = ImagePipeline(decoder: PixbufImageDecoder(), diskCache: disk)
        let again = try await second.image(for: request)
        #expect(again == image)
        #expect(disk.data(for: url) == original)
        let counts = try server.requestCounts()
        #expect(counts["/image.webp"] == 2)
    }
}

@Suite(.timeLimit(.minutes(1))) struct PixbufPipelineFactoryTests {
    @Test func buildsTheHostPipelineWithCachesInAFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-pxf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = try ImagePipeline.pixbuf(cacheDirectory: folder, diskSizeLimit: 1_000_000)
        #expect(pipeline.diskCache?.directory == folder.standardizedFileURL)
        #expect(pipeline.diskCache?.sizeLimit == 1_000_000)
        #expect(pipeline.memoryCache?.costLimit == MemoryImageCache.defaultCostLimit)
        let image = try await pipeline.image(
            for: ImageRequest(url: try PixbufFixtures.url("alpha.png"), targetSize: PixelSize(width: 32, height: 32)))
        #expect(image.width == 32 && image.height == 24)
        #expect(ImagePipeline.userCacheDirectory().path.hasSuffix("cascade/images"))
    }
}
