import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

/// The default transport against a real HTTP server on 127.0.0.1.
@Suite(.serialized, .timeLimit(.minutes(1))) struct URLSessionDataFetcherTests {
    private func withServer(_ body: (LocalHTTPServer, URL) async throws -> Void) async throws {
        let folder = TemporaryDirectory("cascade-http")
        defer { folder.remove() }
        try Data("hello image".utf8).write(to: folder.url.appendingPathComponent("cover.jpg"))
        let server = try LocalHTTPServer(root: folder.url)
        defer { server.stop() }
        try await body(server, folder.url)
    }

    private func failure(_ fetcher: URLSessionDataFetcher, _ url: URL) async -> ImagePipelineError? {
        do {
            _ = try await fetcher.fetch(url)
            return nil
        } catch {
            return error as? ImagePipelineError
        }
    }

    @Test func fetchesBytesAndMapsStatusesAndTimeouts() async throws {
        try await withServer { server, _ in
            // A generous timeout where the answer is the point: the whole suite loads two cores.
            let fetcher = URLSessionDataFetcher(timeout: 10)
            let data = try await fetcher.fetch(server.url("/cover.jpg"))
            #expect(data == Data("hello image".utf8))
            #expect(await failure(fetcher, server.url("/nothing-here.jpg")) == .status(404))
            #expect(await failure(fetcher, server.url("/status/503")) == .status(503))
            // The server answers after 3 s; a 1 s timeout fires first.
            #expect(await failure(URLSessionDataFetcher(timeout: 1), server.url("/slow/cover.jpg")) == .timeout)
        }
    }

    @Test func identicalRequestsThroughThePipelineHitTheServerOnce() async throws {
        try await withServer { server, _ in
            let folder = TemporaryDirectory()
            defer { folder.remove() }
            try FakeImageDecoder.payload(width: 40, height: 40, tag: "served").write(
                to: folder.url.appendingPathComponent("img.bin"))
            let imageServer = try LocalHTTPServer(root: folder.url)
            defer { imageServer.stop() }
            let pipeline = ImagePipeline(decoder: FakeImageDecoder(), fetcher: URLSessionDataFetcher(timeout: 5))
            let request = ImageRequest(url: imageServer.url("/img.bin"), targetSize: PixelSize(width: 20, height: 20))
            let images = try await withThrowingTaskGroup(of: DecodedImage.self) { group in
                for _ in 0..<10 { group.addTask { try await pipeline.image(for: request) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(images.count == 10 && images.allSatisfy { FakeImageDecoder.tag(of: $0) == "served" })
            let counts = try imageServer.requestCounts()
            #expect(counts["/img.bin"] == 1)
            _ = server
        }
    }

    @Test func readsFileURLsAndRejectsOtherSchemes() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("local.png")
        try Data([1, 2, 3]).write(to: file)
        let fetcher = URLSessionDataFetcher()
        let data = try await fetcher.fetch(file)
        #expect(data == Data([1, 2, 3]))
        if case .fetchFailed? = await failure(fetcher, folder.url.appendingPathComponent("absent.png")) {
        } else {
            Issue.record("a missing file must be .fetchFailed")
        }
        if case .fetchFailed? = await failure(fetcher, URL(string: "ftp://example.com/a.png")!) {
        } else {
            Issue.record("ftp must be .fetchFailed")
        }
    }

    @Test func aRefusedConnectionIsFetchFailed() async throws {
        let fetcher = URLSessionDataFetcher(timeout: 2)
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        if case .fetchFailed? = await failure(fetcher, URL(string: "http://127.0.0.1:9/x.png")!) {
        } else {
            Issue.record("a refused connection must be .fetchFailed")
        }
    }
}

/// The transport's bounds against hostile answers: every fetch fails with a typed error and
/// holds at most the cap in memory.
@Suite(.serialized, .timeLimit(.minutes(2))) struct HostileFetchTests {
    private func failure(_ fetcher: URLSessionDataFetcher, _ url: URL) async -> ImagePipelineError? {
        do {
            _ = try await fetcher.fetch(url)
            return nil
        } catch {
            return error as? ImagePipelineError
        }
    }

    @Test func anEndlessBodyStopsAtTheCapAndASlowOneAtTheDeadline() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let server = try LocalHTTPServer(root: folder.url)
        defer { server.stop() }
        let capped = URLSessionDataFetcher(timeout: 10, maximumBytes: 1024 * 1024)
        let before = ResidentMemory.peakBytes()
        #expect(await failure(capped, server.url("/endless")) == .tooLarge(limit: 1024 * 1024))
        #expect(ResidentMemory.peakBytes() - before < 100 * 1024 * 1024)
        // A body that keeps arriving, too slowly for the idle timeout: the overall deadline ends
        // it (a slow one, so this test does not hold a second of loopback traffic in memory).
        let bounded = URLSessionDataFetcher(timeout: 10, deadline: 1, maximumBytes: 1 << 40)
        #expect(await failure(bounded, server.url("/drip")) == .timeout)
    }

    /// http covers take the one client (`BoundedTransferSession`) as https ones do: a gzip bomb
    /// is inflated only up to the cap, an endless body stops at it, memory stays small.
    @Test func aGzipBombIsInflatedOnlyUpToTheCapAndAnEndlessBodyStopsAtIt() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let server = try LocalHTTPServer(root: folder.url)
        defer { server.stop() }
        let fetcher = URLSessionDataFetcher(timeout: 10, maximumBytes: 8 * 1024 * 1024)
        let before = ResidentMemory.peakBytes()
        #expect(await failure(fetcher, server.url("/gzip-bomb/64")) == .tooLarge(limit: 8 * 1024 * 1024))
        #expect(await failure(fetcher, server.url("/endless")) == .tooLarge(limit: 8 * 1024 * 1024))
        #expect(ResidentMemory.peakBytes() - before < 200 * 1024 * 1024)
        // A small compressed body arrives inflated, and statuses keep their meaning.
        #expect(try await fetcher.fetch(server.url("/gzip-bomb/2")) == Data(count: 2 * 1024 * 1024))
        #expect(await failure(fetcher, server.url("/status/404")) == .status(404))
    }

    @Test func redirectsNeverLeaveHTTP() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let server = try LocalHTTPServer(root: folder.url)
        defer { server.stop() }
        let fetcher = URLSessionDataFetcher(timeout: 5)
        // Refused by the delegate, or not followed by the transport: never the file's bytes.
        let data = try? await fetcher.fetch(server.url("/redirect-file"))
        #expect(data == nil)
    }

    @Test func localFilesAreRegularAndSizeCheckedBeforeReading() async throws {
        let fetcher = URLSessionDataFetcher(maximumBytes: 1024)
        if case .refused? = await failure(fetcher, URL(fileURLWithPath: "/dev/zero")) {
        } else {
            Issue.record("/dev/zero must be refused before reading")
        }
        // /proc files report size 0: the bounded read still stops at the cap.
        #expect(
            await failure(URLSessionDataFetcher(maximumBytes: 8), URL(fileURLWithPath: "/proc/self/status"))
                == .tooLarge(limit: 8))
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let big = folder.url.appendingPathComponent("big.png")
        try Data(count: 2048).write(to: big)
        #expect(await failure(fetcher, big) == .tooLarge(limit: 1024))
        if case .refused? = await failure(fetcher, folder.url) {
        } else {
            Issue.record("a directory must be refused")
        }
    }
}
