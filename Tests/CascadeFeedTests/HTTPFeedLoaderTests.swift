import CascadeFeed
import CascadeTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records the waits an `HTTPFetcher` asks for, without waiting.
final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []
    var sleeps: [Duration] { lock.withLock { recorded } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { duration in self.lock.withLock { self.recorded.append(duration) } }
    }
}

@Suite struct HTTPFeedLoaderTests {
    static func fetcher(
        timeout: Double = 3, retry: RetryPolicy = .none, maxBytes: Int = 8 << 20,
        recorder: SleepRecorder = SleepRecorder(),
        random: Double = 0
    ) -> HTTPFetcher {
        HTTPFetcher(
            configuration: .init(
                timeout: timeout, maxResponseBytes: maxBytes, retry: retry, sleep: recorder.sleep, random: { random }))
    }

    static func load(
        _ server: FeedServer, fault: String? = nil, page: Int = 0, fetcher: HTTPFetcher = fetcher()
    ) async -> Result<FeedPage, FeedError> {
        do {
            let loader = try HTTPFeedLoader(
                template: server.feedTemplate(channel: "c0", fault: fault), fetcher: fetcher)
            return .success(try await loader.page(number: page, size: 10))
        } catch {
            return .failure(FeedError(error))
        }
    }

    // MARK: Templates

    @Test(arguments: [
        ("https://x.com/feed?p={page}&n={size}", "https://x.com/feed?p=2&n=10"),
        ("https://x.com/feed/{page}.json", "https://x.com/feed/2.json"),
        ("https://x.com/feed", "https://x.com/feed?page=2&size=10"),
        ("https://x.com/feed?page=9&lang=en", "https://x.com/feed?lang=en&page=2&size=10"),
    ])
    func templatesExpand(template: String, expected: String) throws {
        #expect(try HTTPFeedLoader(template: template).url(page: 2, size: 10)?.absoluteString == expected)
    }

    @Test(arguments: ["", "not a url", "ftp://x.com/feed", "file:///tmp/feed.json", "https:///nohost"])
    func invalidTemplatesAreTypedErrors(template: String) {
        #expect(throws: FeedError.invalidURL(template)) { try HTTPFeedLoader(template: template) }
    }

    @Test func theBaseURLDefaultsToTheServerRoot() throws {
        let loader = try HTTPFeedLoader(template: "http://127.0.0.1:8080/feed/c0?page={page}&size={size}")
        #expect(loader.baseURL.absoluteString == "http://127.0.0.1:8080/")
    }

    // MARK: Against the server

    @Test func pagesLoadAndMediaReferencesResolveOnTheServer() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "25"])
        defer { server.stop() }
        let first = try await Self.load(server).get()
        let last = try await Self.load(server, page: 2).get()
        #expect(first.items.map(\.id) == (0..<10).map { String(format: "c0-%04d", $0) })
        #expect(first.isEnd == false)
        #expect(last.items.count == 5)
        #expect(last.isEnd)
        let cover = try #require(first.items.first?.coverURL)
        #expect(cover.absoluteString == server.baseURL.absoluteString + "media/synthetic-0.png")
        let (data, _) = try await URLSession.shared.data(from: cover)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func everyJSONContentTypeIsAcceptedAndOthersAreRejected() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        for type in ["application/json", "text/json", "text/javascript", "text/html", "application/javascript"] {
            let result = await Self.load(server, fault: "content-type:\(type)")
            #expect((try? result.get().items.count) == 10, "\(type)")
        }
        for type in ["text/plain", "image/png", "application/xml"] {
            let result = await Self.load(server, fault: "content-type:\(type)")
            #expect(result.error == .unsupportedContentType(type))
        }
    }

    @Test(
        arguments: [
            ("status:404", FeedError.httpStatus(404)),
            ("status:500", .httpStatus(500)),
            ("malformed", .badPayload(.notJSON)),
            ("truncated", .connectionLost),
            ("reset", .connectionLost),
            ("delay:3", .timedOut),
            ("retry-after:1", .httpStatus(503)),
        ] as [(String, FeedError)])
    func faultsBecomeTypedErrors(fault: String, error: FeedError) async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        // A short timeout only where the timeout is the point; answers that should come fast get 3 s
        // because 2 shared cores can stall a freshly started server for a moment.
        let timeout = fault.hasPrefix("delay") ? 0.5 : 3
        let result = await Self.load(server, fault: fault, fetcher: Self.fetcher(timeout: timeout))
        #expect(result.error == error, "\(result)")
    }

    @Test func anOversizedBodyIsCutOffWhileItArrives() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        let result = await Self.load(server, fault: "oversized:2", fetcher: Self.fetcher(maxBytes: 64 * 1024))
        #expect(result.error == .tooLarge(limit: 64 * 1024))
        // Just under the cap passes.
        let small = await Self.load(server, fault: "oversized:0.01", fetcher: Self.fetcher(maxBytes: 64 * 1024))
        #expect((try? small.get().items.count) == 10)
    }

    /// The cap counts the body after decoding, while it arrives: a gzip bomb (64 KB on the wire,
    /// 64 MB inflated) and an endless body stop at it and memory stays flat.
    @Test func aGzipBombAndAnEndlessBodyStopAtTheCap() async throws {
        let folder = try FeedFixtures.temporaryDirectory("http")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LocalHTTPServer(root: folder)
        defer { server.stop() }
        let fetcher = HTTPFetcher(configuration: .init(timeout: 10, maxResponseBytes: 8 * 1024 * 1024, retry: .none))
        let before = ResidentMemory.peakBytes()
        for path in ["/gzip-bomb/64", "/endless"] {
            do {
                _ = try await fetcher.fetch(server.url(path))
                Issue.record("\(path) must fail")
            } catch {
                #expect(error == .tooLarge(limit: 8 * 1024 * 1024))
            }
        }
        // The whole process's peak, other suites running alongside: far below an endless body's growth.
        #expect(ResidentMemory.peakBytes() - before < 200 * 1024 * 1024)
    }

    @Test func aSlowDripWithinTheTimeoutSucceeds() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        // 5 pieces 1 s apart: 4 s in all, more than the 3 s timeout, but never 3 s without data
        // (a 2 s margin, so a loaded machine does not turn a gap into a timeout).
        let result = await Self.load(server, fault: "drip:1", fetcher: Self.fetcher(timeout: 3))
        #expect((try? result.get().items.count) == 10)
    }

    @Test func aDripLongerThanTheResourceTimeoutTimesOut() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        let fetcher = HTTPFetcher(configuration: .init(timeout: 1, resourceTimeout: 0.6, retry: .none))
        #expect(await Self.load(server, fault: "drip:0.3", fetcher: fetcher).error == .timedOut)
    }

    @Test func aClosedPortIsOffline() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        server.stop()
        #expect(await Self.load(server).error == .offline)
    }

    // MARK: Retries

    @Test func fiveHundredsAreRetriedWithExponentialBackoff() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        try await server.queueFaults([.status(500), .status(502)])
        let recorder = SleepRecorder()
        let fetcher = Self.fetcher(retry: RetryPolicy(baseDelay: 0.5, jitter: 0.5), recorder: recorder, random: 0)
        let result = await Self.load(server, fetcher: fetcher)
        #expect((try? result.get().items.count) == 10)
        #expect(recorder.sleeps == [.milliseconds(500), .milliseconds(1000)])
        #expect(try await server.stats().totalFeedRequests == 3)
    }

    @Test func retriesStopAfterTwoAndJitterShortensTheWait() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        try await server.queueFaults([.status(503), .status(503), .status(503), .status(503)])
        let recorder = SleepRecorder()
        let fetcher = Self.fetcher(retry: RetryPolicy(baseDelay: 0.5, jitter: 0.5), recorder: recorder, random: 0.5)
        #expect(await Self.load(server, fetcher: fetcher).error == .httpStatus(503))
        #expect(recorder.sleeps == [.milliseconds(375), .milliseconds(750)])
        #expect(try await server.stats().totalFeedRequests == 3)
    }

    @Test func retryAfterIsHonoured() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        try await server.queueFaults([.retryAfter(3)])
        let recorder = SleepRecorder()
        let result = await Self.load(server, fetcher: Self.fetcher(retry: .standard, recorder: recorder))
        #expect((try? result.get().items.count) == 10)
        #expect(recorder.sleeps == [.seconds(3)])
    }

    @Test func timeoutsAreRetriedButClientErrorsAndBadPayloadsAreNot() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        try await server.queueFaults([.delay(2)])
        let recorder = SleepRecorder()
        let fetcher = Self.fetcher(timeout: 0.75, retry: .standard, recorder: recorder)
        #expect((try? await Self.load(server, fetcher: fetcher).get().items.count) == 10)
        #expect(recorder.sleeps.count == 1)
        try await server.queueFaults([.status(404), .malformed])
        #expect(await Self.load(server, fetcher: fetcher).error == .httpStatus(404))
        #expect(await Self.load(server, fetcher: fetcher).error == .badPayload(.notJSON))
        #expect(recorder.sleeps.count == 1)
        #expect(try await server.stats().totalFeedRequests == 4)
    }

    @Test func retryDelaysFollowThePolicy() {
        let policy = RetryPolicy(baseDelay: 0.5, maxDelay: 4, jitter: 1, maxRetryAfter: 10)
        #expect(policy.delay(attempt: 0, random: 0, retryAfter: nil) == 0.5)
        #expect(policy.delay(attempt: 3, random: 0, retryAfter: nil) == 4)
        #expect(policy.delay(attempt: 10, random: 0, retryAfter: nil) == 4)
        #expect(policy.delay(attempt: 1, random: 0.5, retryAfter: nil) == 0.5)
        #expect(policy.delay(attempt: 0, random: 0, retryAfter: 60) == 10)
        #expect(policy.delay(attempt: 0, random: 0, retryAfter: .nan) == 0.5)
        #expect(
            RetryPolicy(maxRetries: -1, baseDelay: .infinity, jitter: 7)
                == RetryPolicy(maxRetries: 0, baseDelay: 0, jitter: 1))
    }

    // MARK: Cancellation

    @Test func cancellingAnInFlightRequestThrowsCancelled() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        let task = Task { await Self.load(server, fault: "delay:5", fetcher: Self.fetcher(timeout: 10)) }
        #expect(await waitUntil(interval: .milliseconds(20)) { (try? await server.stats().totalFeedRequests) == 1 })
        task.cancel()
        #expect(await task.value.error == .cancelled)
    }

    @Test func cancellingDuringABackoffWaitThrowsCancelled() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "10"])
        defer { server.stop() }
        try await server.queueFaults([.status(500)])
        let fetcher = HTTPFetcher(configuration: .init(timeout: 1, retry: RetryPolicy(baseDelay: 30, maxDelay: 30)))
        let task = Task { await Self.load(server, fetcher: fetcher) }
        #expect(await waitUntil(interval: .milliseconds(20)) { (try? await server.stats().totalFeedRequests) == 1 })
        task.cancel()
        #expect(await task.value.error == .cancelled)
        #expect(try await server.stats().totalFeedRequests == 1)
    }

    // MARK: Catalog over HTTP

    @Test func aServerCatalogListsChannelsAndBuildsLoaders() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "12", "--channels", "2"])
        defer { server.stop() }
        let catalog = FeedCatalog.server(baseURL: server.baseURL, fetcher: Self.fetcher())
        let channels = try await catalog.channels()
        #expect(channels == [Channel(id: "c0", title: "Travel"), Channel(id: "c1", title: "Food")])
        let page = try await catalog.loader(for: channels[1]).page(number: 1, size: 10)
        #expect(page.items.map(\.id) == ["c1-0010", "c1-0011"])
        #expect(page.isEnd)
        let stats = try await server.stats()
        #expect(stats.feedRequests == ["c1": 1])
        #expect(stats.pages == ["c1": ["1": 1]])
    }
}

extension Result {
    /// The failure, if any.
    var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
