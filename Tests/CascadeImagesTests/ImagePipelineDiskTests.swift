import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

@Suite(.timeLimit(.minutes(1))) struct ImagePipelineDiskTests {
    typealias F = PipelineFixture

    @Test func originalBytesSurviveARestart() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let first = F(disk: try DiskImageCache(directory: folder.url))
        _ = try await first.pipeline.image(for: F.request("a"))
        #expect(first.fetcher.fetchCount == 1)
        #expect(first.pipeline.diskCache?.contains(F.url("a")) == true)

        // A new process: empty memory, the index rebuilt from the folder.
        let second = F(disk: try DiskImageCache(directory: folder.url))
        let image = try await second.pipeline.image(for: F.request("a", size: 30))
        #expect(image.width == 30)
        #expect(second.fetcher.fetchCount == 0)
        #expect(second.decoder.decodeCount == 1)
    }

    @Test func anEntryThatFailsToDecodeIsDeletedAndRefetchedOnce() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let disk = try DiskImageCache(directory: folder.url)
        disk.store(Data("garbage that is not an image".utf8), for: F.url("a"))
        let fixture = F(disk: disk)
        let image = try await fixture.pipeline.image(for: F.request("a"))
        #expect(FakeImageDecoder.tag(of: image) == F.url("a").absoluteString)
        #expect(fixture.fetcher.fetchCount == 1)
        #expect(fixture.decoder.decodeCount == 2)
        #expect(
            disk.data(for: F.url("a"))
                == FakeImageDecoder.payload(width: 100, height: 100, tag: F.url("a").absoluteString))
    }

    @Test func aRefetchThatStillFailsIsADecodeErrorNotALoop() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let disk = try DiskImageCache(directory: folder.url)
        disk.store(Data("garbage".utf8), for: F.url("a"))
        let fixture = F(disk: disk)
        fixture.fetcher.respond(F.url("a"), with: .success(Data("still garbage".utf8)))
        #expect(await fixture.start(F.request("a")).value.failure == .decode(.corrupt("not a fake image")))
        #expect(fixture.fetcher.fetchCount == 1)
        #expect(!disk.contains(F.url("a")))  // bytes that do not decode are never stored
    }

    @Test func aTruncatedFileIsAMissAndIsRefetched() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let disk = try DiskImageCache(directory: folder.url)
        let payload = FakeImageDecoder.payload(width: 100, height: 100, tag: F.url("a").absoluteString)
        disk.store(payload, for: F.url("a"))
        let file = disk.fileURL(for: F.url("a"))
        try Data(contentsOf: file).prefix(20).write(to: file)
        let fixture = F(disk: disk)
        _ = try await fixture.pipeline.image(for: F.request("a"))
        #expect(fixture.fetcher.fetchCount == 1)
        #expect(fixture.decoder.decodeCount == 1)
        #expect(disk.data(for: F.url("a")) == payload)
    }

    @Test func fileURLsAreNotCopiedToDisk() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let disk = try DiskImageCache(directory: folder.url.appendingPathComponent("cache"))
        let fixture = F(disk: disk)
        let local = URL(fileURLWithPath: "/tmp/cover.jpg")
        _ = try await fixture.pipeline.image(for: ImageRequest(url: local, targetSize: nil))
        #expect(disk.count == 0)
    }
}
