import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `scripts/feed_server.py` running on a free port of 127.0.0.1, for tests.
///
/// ```swift
/// let server = try await FeedServer.start(arguments: ["--synthetic", "35"])
/// defer { server.stop() }
/// let loader = try HTTPFeedLoader(template: server.feedTemplate(channel: "c0"))
/// try await server.queueFaults([.status(500)])
/// let stats = try await server.stats()
/// ```
///
/// The server is stopped with SIGKILL (test children may not see SIGTERM, see Docs/PLATFORM_NOTES.md),
/// every wait is bounded, and the server exits by itself if the test process dies.
public final class FeedServer: @unchecked Sendable {
    /// A fault for the server's queue (`POST /_control/faults`).
    public struct Fault: Encodable, Hashable, Sendable {
        /// The mode, e.g. `status`, `delay`, `malformed`.
        public var mode: String
        /// The mode's value, e.g. `500` or `2.5`.
        public var value: String?

        /// Creates a fault.
        public init(_ mode: String, _ value: String? = nil) {
            self.mode = mode
            self.value = value
        }

        /// Answer HTTP `code`.
        public static func status(_ code: Int) -> Fault { Fault("status", String(code)) }
        /// Answer normally after `seconds`.
        public static func delay(_ seconds: Double) -> Fault { Fault("delay", String(seconds)) }
        /// Answer 503 with `Retry-After: seconds`.
        public static func retryAfter(_ seconds: Int) -> Fault { Fault("retry-after", String(seconds)) }
        /// Send the body in pieces `seconds` apart.
        public static func drip(_ seconds: Double) -> Fault { Fault("drip", String(seconds)) }
        /// Answer the body under another content type.
        public static func contentType(_ type: String) -> Fault { Fault("content-type", type) }
        /// A body that is not JSON.
        public static let malformed = Fault("malformed")
        /// Half the announced body, then close.
        public static let truncated = Fault("truncated")
        /// An empty page with end 0.
        public static let empty = Fault("empty")
        /// A page starting half a page early.
        public static let overlap = Fault("overlap")
        /// `end` never set; pages past the last repeat it.
        public static let neverEnd = Fault("never-end")
        /// A TCP reset instead of an answer.
        public static let reset = Fault("reset")
        /// A valid page padded to `megabytes`, without Content-Length.
        public static func oversized(megabytes: Double) -> Fault { Fault("oversized", String(megabytes)) }
    }

    /// Request counts from `GET /_control/stats`.
    public struct Stats: Decodable, Sendable {
        /// Feed requests per channel id.
        public var feedRequests: [String: Int]
        /// Feed requests per channel id and page number (as a string).
        public var pages: [String: [String: Int]]
        /// All feed requests.
        public var totalFeedRequests: Int
        /// The faults applied, in order, as `mode:value`.
        public var faultsApplied: [String]
        /// Faults still queued.
        public var faultsQueued: Int

        enum CodingKeys: String, CodingKey {
            case feedRequests = "feed_requests", pages, totalFeedRequests = "total_feed_requests"
            case faultsApplied = "faults_applied", faultsQueued = "faults_queued"
        }
    }

    /// Why the server could not start or be controlled.
    public enum ServerError: Error, CustomStringConvertible {
        case startFailed(String)
        case controlFailed(String)

        public var description: String {
            switch self {
            case .startFailed(let why): "feed server did not start: \(why)"
            case .controlFailed(let why): "feed server control request failed: \(why)"
            }
        }
    }

    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>/`, the catalog root.
    public let baseURL: URL
    private let process: Process
    /// Kept open so the server's stdout never breaks.
    private let output: Pipe
    private let lock = NSLock()
    private var stopped = false

    // MARK: Lifecycle

    /// Starts the server with extra arguments (`--synthetic N`, `--catalog DIR`, ...) and waits up
    /// to `timeout` seconds for its `LISTENING <port>` line.
    ///
    /// The wait runs on a dispatch thread, not on the caller's: Swift Testing's cooperative pool has
    /// one thread per core, and blocking it while many tests start servers serialises them all.
    public static func start(arguments: [String], timeout: Double = 10) async throws -> FeedServer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try startBlocking(arguments: arguments, timeout: timeout) })
            }
        }
    }

    /// `start(arguments:timeout:)` for callers outside async code; blocks the calling thread.
    public static func startBlocking(arguments: [String], timeout: Double = 10) throws -> FeedServer {
        let script = Repository.root.appendingPathComponent("scripts/feed_server.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--host", "127.0.0.1", "--port", "0", "--exit-with-parent"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line = ChildProcessIO.readLine(from: output.fileHandleForReading.fileDescriptor, timeout: timeout)
        guard let line, line.hasPrefix("LISTENING "), let port = Int(line.dropFirst("LISTENING ".count)) else {
            kill(process.processIdentifier, SIGKILL)
            ChildProcessIO.waitForExit(process)
            throw ServerError.startFailed("expected LISTENING <port>, read \(line ?? "nothing")")
        }
        return FeedServer(process: process, port: port, output: output)
    }

    private init(process: Process, port: Int, output: Pipe) {
        self.process = process
        self.output = output
        self.port = port
        baseURL = URL(string: "http://127.0.0.1:\(port)/")!
    }

    deinit {
        stop()
    }

    /// Kills the server (SIGKILL) and waits for it, at most 3 seconds. Safe to call twice.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        kill(process.processIdentifier, SIGKILL)
        ChildProcessIO.waitForExit(process)
    }

    // MARK: URLs

    /// A feed URL template for `HTTPFeedLoader` (page and size get appended), with an optional
    /// `fault=` query parameter applied to every request.
    public func feedTemplate(channel: String = "c0", fault: String? = nil) -> String {
        var text = baseURL.absoluteString + "feed/" + channel
        if let fault {
            text += "?fault=" + (fault.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? fault)
        }
        return text
    }

    // MARK: Control

    /// Queues faults, consumed one per later feed request (any channel).
    public func queueFaults(_ faults: [Fault]) async throws {
        struct Body: Encodable { var faults: [Fault] }
        _ = try await control("POST", "_control/faults", body: try JSONEncoder().encode(Body(faults: faults)))
    }

    /// Clears the fault queue.
    public func clearFaults() async throws {
        _ = try await control("DELETE", "_control/faults")
    }

    /// The request counts so far.
    public func stats() async throws -> Stats {
        try JSONDecoder().decode(Stats.self, from: try await control("GET", "_control/stats"))
    }

    /// Resets the request counts.
    public func resetStats() async throws {
        _ = try await control("DELETE", "_control/stats")
    }

    // MARK: Private

    private func control(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path), timeoutInterval: 5)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw ServerError.controlFailed("\(method) \(path): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }
}
