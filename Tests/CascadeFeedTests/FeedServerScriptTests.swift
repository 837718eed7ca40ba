import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The protocol of `scripts/feed_server.py` itself: endpoints, catalog mode, control endpoints.
@Suite struct FeedServerScriptTests {
    static func get(_ server: FeedServer, _ path: String) async throws -> (Int, Data, String?) {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        let (data, response) = try await URLSession.shared.data(for: URLRequest(url: url, timeoutInterval: 5))
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http.allHeaderFields["Content-Type"] as? String)
    }

    @Test func aCatalogDirectoryIsServedPagedAndItsMediaToo() async throws {
        let root = try FeedFixtures.writeCatalog(
            channels: [Channel(id: "c0", title: "Travel"), Channel(id: "c1", title: "Food")], itemsPerChannel: 12,
            at: FeedFixtures.temporaryDirectory("served"))
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await FeedServer.start(arguments: ["--catalog", root.path])
        defer { server.stop() }

        let catalog = FeedCatalog.server(baseURL: server.baseURL)
        #expect(try await catalog.channels().map(\.id) == ["c0", "c1"])
        let loader = try catalog.loader(for: Channel(id: "c1", title: "Food"))
        let first = try await loader.page(number: 0, size: 10)
        let second = try await loader.page(number: 1, size: 10)
        #expect(first.items.count == 10)
        #expect(first.isEnd == false)
        #expect(second.items.map(\.id) == ["c1-010", "c1-011"])
        #expect(second.isEnd)

        let cover = try #require(first.items.first?.coverURL)
        #expect(cover.absoluteString == server.baseURL.absoluteString + "media/c1-000.jpg")
        let (status, data, type) = try await Self.get(server, "media/c1-000.jpg")
        #expect(status == 200)
        #expect(String(decoding: data, as: UTF8.self) == "jpg c1-000")
        #expect(type == "image/jpeg")
    }

    /// Byte ranges, as a seeking player asks for them ("jpg c0-000" is 10 bytes).
    @Test(
        arguments: [
            ("bytes=0-2", 206, "jpg", "bytes 0-2/10"), ("bytes=4-", 206, "c0-000", "bytes 4-9/10"),
            ("bytes=-3", 206, "000", "bytes 7-9/10"), ("bytes=8-99", 206, "00", "bytes 8-9/10"),
            ("bytes=10-", 416, "", "bytes */10"), ("bytes=5-2", 416, "", "bytes */10"),
            ("bytes=x-y", 200, "jpg c0-000", nil), ("bytes=0-1,4-5", 200, "jpg c0-000", nil),
        ] as [(String, Int, String, String?)])
    func byteRangesAreServed(range: String, status: Int, body: String, contentRange: String?) async throws {
        let root = try FeedFixtures.writeCatalog(
            channels: [Channel(id: "c0", title: "T")], itemsPerChannel: 1, at: FeedFixtures.temporaryDirectory("served")
        )
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await FeedServer.start(arguments: ["--catalog", root.path])
        defer { server.stop() }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("media/c0-000.jpg"), timeoutInterval: 5)
        request.setValue(range, forHTTPHeaderField: "Range")
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == status)
        #expect(String(decoding: data, as: UTF8.self) == body)
        #expect(http.value(forHTTPHeaderField: "Content-Range") == contentRange)
        if status != 416 { #expect(http.value(forHTTPHeaderField: "Accept-Ranges") == "bytes") }
    }

    @Test(arguments: ["media/%2e%2e/%2e%2e/etc/passwd", "%2e%2e/%2e%2e/%2e%2e/etc/hostname", "media/missing.jpg"])
    func nothingOutsideTheCatalogRootIsServed(path: String) async throws {
        let root = try FeedFixtures.writeCatalog(
            channels: [Channel(id: "c0", title: "T")], itemsPerChannel: 1, at: FeedFixtures.temporaryDirectory("served")
        )
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await FeedServer.start(arguments: ["--catalog", root.path])
        defer { server.stop() }
        let (status, _, _) = try await Self.get(server, path)
        #expect(status == 403 || status == 404)
    }

    @Test func badRequestsGetClientErrors() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "5"])
        defer { server.stop() }
        #expect(try await Self.get(server, "feed/nope?page=0&size=10").0 == 404)
        #expect(try await Self.get(server, "feed/c0?page=x&size=10").0 == 400)
        #expect(try await Self.get(server, "feed/c0?page=-1&size=10").0 == 400)
        #expect(try await Self.get(server, "feed/c0?page=0&size=0").0 == 400)
        #expect(try await Self.get(server, "media/synthetic-x.png").0 == 404)
    }

    @Test(arguments: [
        "delay:x", "delay:1e999", "delay:nan", "delay:-1", "delay:100000", "status:abc", "status:99", "status:1e3",
        "drip:inf", "oversized:1e9", "retry-after:-5", "nonsense", "malformed:3", "content-type:%0D%0AX-Evil:%201",
    ])
    func badFaultParametersGet400(fault: String) async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "5"])
        defer { server.stop() }
        #expect(try await Self.get(server, "feed/c0?page=0&size=10&fault=\(fault)").0 == 400)
        // The server is still answering.
        #expect(try await Self.get(server, "feed/c0?page=0&size=10&fault=status:503").0 == 503)
    }

    @Test func syntheticCoversArePNGsOfTheAdvertisedAspect() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "5", "--channels", "1"])
        defer { server.stop() }
        let loader = try FeedCatalog.server(baseURL: server.baseURL).loader(for: Channel(id: "c0", title: ""))
        let item = try #require(try await loader.page(number: 0, size: 10).items.last)
        let (status, data, type) = try await Self.get(server, "media/synthetic-4.png")
        #expect(status == 200)
        #expect(type == "image/png")
        // The PNG's IHDR holds width and height as big-endian 32-bit numbers at bytes 16..<24.
        let bytes = [UInt8](data)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(Double(width) == item.width)
        #expect(Double(height) == item.height)
        #expect(try await Self.get(server, "media/synthetic-4.flv").0 == 200)
    }

    @Test func queuedFaultsAreConsumedInOrderAndCounted() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "30"])
        defer { server.stop() }
        try await server.queueFaults([.status(500), .empty, .status(404)])
        #expect(try await Self.get(server, "feed/c0?page=0&size=10").0 == 500)
        let (_, body, _) = try await Self.get(server, "feed/c1?page=0&size=10")
        #expect(try FeedPageDecoder().decode(body).entryCount == 0)
        try await server.clearFaults()
        #expect(try await Self.get(server, "feed/c0?page=1&size=10").0 == 200)
        var stats = try await server.stats()
        #expect(stats.feedRequests == ["c0": 2, "c1": 1])
        #expect(stats.pages == ["c0": ["0": 1, "1": 1], "c1": ["0": 1]])
        #expect(stats.faultsApplied == ["status:500", "empty"])
        #expect(stats.faultsQueued == 0)
        try await server.resetStats()
        stats = try await server.stats()
        #expect(stats.totalFeedRequests == 0)
    }

    @Test func theFirstPageNumberIsConfigurable() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "15", "--first-page", "1"])
        defer { server.stop() }
        let loader = try FeedCatalog.server(baseURL: server.baseURL).loader(for: Channel(id: "c0", title: ""))
        #expect(try await loader.page(number: 1, size: 10).items.first?.id == "c0-0000")
        #expect(try await Self.get(server, "feed/c0?page=0&size=10").0 == 400)
    }

    @Test func aMissingCatalogFailsToStart() async throws {
        await #expect(throws: FeedServer.ServerError.self) {
            try await FeedServer.start(arguments: ["--catalog", "/nonexistent-\(UUID().uuidString)"], timeout: 5)
        }
    }
}
