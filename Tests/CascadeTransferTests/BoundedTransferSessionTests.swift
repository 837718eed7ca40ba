import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeTransfer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one URLSession transfer path (feed JSON, https covers) against a real HTTP server on
/// 127.0.0.1: the cap counts the body after decoding, memory stays flat under a gzip bomb and an
/// endless body, every stop is a typed failure, nothing stays registered.
@Suite(.serialized, .timeLimit(.minutes(2))) struct BoundedTransferSessionTests {
    let temporary = TemporaryFolders()
    static let megabyte = 1024 * 1024

    private func withServer(_ body: (LocalHTTPServer) async throws -> Void) async throws {
        let folder = try temporary.make("cascade-transfer")
        try Data(#"{"items":[]}"#.utf8).write(to: folder.appendingPathComponent("page.json"))
        let server = try LocalHTTPServer(root: folder)
        defer { server.stop() }
        try await body(server)
    }

    private func session(
        maximumBytes: Int = 8 * megabyte, idle: Double = 10, deadline: Double = 60
    )
        -> BoundedTransferSession
    {
        BoundedTransferSession(
            limits: TransferLimits(maximumBytes: maximumBytes, idleTimeout: idle, deadline: deadline))
    }

    private func get(_ session: BoundedTransferSession, _ url: URL) async -> Result<TransferResponse, TransferFailure> {
        await session.fetch(URLRequest(url: url))
    }

    @Test func aBodyArrivesWithItsResponseWhateverTheStatus() async throws {
        try await withServer { server in
            let transfers = session()
            let page = try await get(transfers, server.url("/page.json")).get()
            #expect(page.statusCode == 200)
            #expect(page.body == Data(#"{"items":[]}"#.utf8))
            let missing = try await get(transfers, server.url("/status/404")).get()
            #expect(missing.statusCode == 404)
            #expect(transfers.activeTransfers == 0)
        }
    }

    @Test func aCompressedBodyIsCountedAfterInflating() async throws {
        try await withServer { server in
            // 4 KB on the wire, 4 MB inflated: under an 8 MB cap it arrives whole and decoded…
            let body = try await get(session(), server.url("/gzip-bomb/4")).get().body
            #expect(body == Data(count: 4 * Self.megabyte))
            // …over a 1 MB cap it fails, though its wire size is far below the cap.
            guard
                case .failure(.tooLarge(let limit)) = await get(
                    session(maximumBytes: Self.megabyte), server.url("/gzip-bomb/4"))
            else {
                Issue.record("a body inflating past the cap must fail with tooLarge")
                return
            }
            #expect(limit == Self.megabyte)
        }
    }

    @Test func aGzipBombStopsAtTheCapWithMemoryFlat() async throws {
        try await withServer { server in
            // 64 KB on the wire, 64 MB inflated.
            let transfers = session()
            let before = ResidentMemory.peakBytes()
            let result = await get(transfers, server.url("/gzip-bomb/64"))
            guard case .failure(.tooLarge(let limit)) = result else {
                Issue.record("a gzip bomb must stop at the cap")
                return
            }
            #expect(limit == 8 * Self.megabyte)
            #expect(ResidentMemory.peakBytes() - before < 200 * Self.megabyte)
            #expect(transfers.activeTransfers == 0)
        }
    }

    @Test func theTransportNeverRunsAheadOfTheCount() async throws {
        try await withServer { server in
            // Each chunk is counted while it is the only callback handed over: libcurl has not
            // read or inflated the next one. (On an ordinary delegate queue chunks pile up ahead
            // of a slow delegate, past the cap; Docs/RELIABILITY.md.)
            let depths = EventLog()
            let transfers = BoundedTransferSession(
                limits: TransferLimits(maximumBytes: 8 * Self.megabyte), maximumConnectionsPerHost: nil,
                onChunk: { depths.append("\($0)") })
            guard case .failure(.tooLarge) = await get(transfers, server.url("/gzip-bomb/64")) else {
                Issue.record("a gzip bomb must stop at the cap")
                return
            }
            #expect(depths.events.count >= 8 * Self.megabyte / (64 * 1024))
            #expect(Set(depths.events) == ["1"])
        }
    }

    @Test func anEndlessBodyStopsAtTheCapAndADripAtTheDeadline() async throws {
        try await withServer { server in
            let before = ResidentMemory.peakBytes()
            guard case .failure(.tooLarge) = await get(session(), server.url("/endless")) else {
                Issue.record("an endless body must stop at the cap")
                return
            }
            #expect(ResidentMemory.peakBytes() - before < 200 * Self.megabyte)
            // A byte every 100 ms never trips the idle timeout; the deadline ends it.
            let dripping = session(idle: 5, deadline: 1)
            guard case .failure(.timedOut) = await get(dripping, server.url("/drip")) else {
                Issue.record("a body still arriving at the deadline must time out")
                return
            }
            #expect(dripping.activeTransfers == 0)
        }
    }

    @Test func aRedirectNeverYieldsALocalFile() async throws {
        try await withServer { server in
            // The transport resolves `Location: file:///etc/passwd` against the server (an http
            // 404) or the router refuses it; either way the file's bytes never arrive.
            let passwd = try Data(contentsOf: URL(fileURLWithPath: "/etc/passwd"))
            switch await get(session(), server.url("/redirect-file")) {
            case .success(let transfer):
                #expect(transfer.body != passwd)
                #expect(transfer.response.url?.scheme == "http")
            case .failure(.redirectRefused(let target)): #expect(target == "file:///etc/passwd")
            case .failure(let failure): Issue.record("unexpected \(failure)")
            }
        }
    }

    @Test func theRouterRefusesARedirectOutOfHTTP() async throws {
        let router = TransferRouter()
        let session = URLSession(configuration: .ephemeral, delegate: router, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:9/")!)
        let outcome = EventLog()
        router.register(task: task, limits: TransferLimits()) { result in
            if case .failure(.redirectRefused(let target)) = result { outcome.append(target) }
        }
        let followed = EventLog()
        let response = HTTPURLResponse(
            url: URL(string: "http://127.0.0.1:9/")!, statusCode: 302, httpVersion: "HTTP/1.1",
            headerFields: ["Location": "file:///etc/passwd"])!
        router.urlSession(
            session, task: task, willPerformHTTPRedirection: response,
            newRequest: URLRequest(url: URL(string: "file:///etc/passwd")!)
        ) { followed.append($0?.url?.absoluteString ?? "not followed") }
        #expect(followed.events == ["not followed"])
        #expect(outcome.events == ["file:///etc/passwd"])
        #expect(router.activeCount == 0)
    }

    @Test func cancellingTheCallerAnswersAtOnce() async throws {
        try await withServer { server in
            let transfers = session()
            let request = Task { await get(transfers, server.url("/slow/page.json")) }
            #expect(await waitUntil { transfers.activeTransfers == 1 })
            request.cancel()
            guard case .failure(.cancelled) = await request.value else {
                Issue.record("a cancelled caller must get .cancelled")
                return
            }
            #expect(transfers.activeTransfers == 0)
        }
    }

    @Test func callbacksRunBeforeTheTransportGoesOnAndOneAtATime() async throws {
        let queue = InlineDelegateQueue()
        let log = EventLog()
        queue.addOperation { log.append("first") }
        log.append("first handed over")
        // From two threads at once: never interleaved.
        let done = DispatchGroup()
        for name in ["a", "b"] {
            done.enter()
            Thread.detachNewThread {
                queue.addOperation {
                    log.append("\(name) starts")
                    usleep(20_000)
                    log.append("\(name) ends")
                }
                done.leave()
            }
        }
        #expect(await waitUntil { done.wait(timeout: .now()) == .success })
        let events = log.events
        #expect(Array(events.prefix(2)) == ["first", "first handed over"])
        let rest = Array(events.dropFirst(2))
        #expect(
            rest == ["a starts", "a ends", "b starts", "b ends"]
                || rest == ["b starts", "b ends", "a starts", "a ends"])
    }
}

/// Events appended from several threads, in order.
private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    var events: [String] { lock.withLock { entries } }

    func append(_ event: String) { lock.withLock { entries.append(event) } }
}
