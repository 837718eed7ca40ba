import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Through a real proxy from Debian (tinyproxy on loopback, its log read back): the channel list,
/// the feed pages, the covers, the player's probe and the playback itself all go through
/// `http_proxy`; with `no_proxy` naming the server, none do, and the feed still loads.
@Suite(.serialized) struct ProxyAppTests {
    /// tinyproxy in the foreground on a free port, logging every request line to a file.
    final class Tinyproxy: @unchecked Sendable {
        let port: Int
        let log: URL
        private let process: Process

        init(in folder: URL) throws {
            guard let binary = ChildProcess.which("tinyproxy") else {
                throw ChildProcess.Failure(description: "tinyproxy is not installed (scripts/install-deps.sh)")
            }
            log = folder.appendingPathComponent("tinyproxy.log")
            var chosen = 0
            var started: Process?
            // tinyproxy takes its port from the config: a port free a moment ago, again if taken since.
            for _ in 0..<20 {
                let port = try LocalHTTPServer.freePort()
                let config = folder.appendingPathComponent("tinyproxy.conf")
                try """
                Port \(port)
                Listen 127.0.0.1
                Timeout 30
                LogFile "\(log.path)"
                LogLevel Info
                MaxClients 64
                Allow 127.0.0.1
                """.write(to: config, atomically: true, encoding: .utf8)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = ["-d", "-c", config.path]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                let listening = waitUntilBlocking(timeout: .seconds(5)) {
                    !process.isRunning || LocalHTTPServer.accepts(port: port)
                }
                if listening && process.isRunning {
                    chosen = port
                    started = process
                    break
                }
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            guard let started else { throw ChildProcess.Failure(description: "tinyproxy did not start") }
            port = chosen
            process = started
        }

        deinit { stop() }

        var address: String { "http://127.0.0.1:\(port)" }

        /// The request lines tinyproxy logged ("GET http://127.0.0.1:…/feed/… HTTP/1.1").
        func requests() -> [String] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                guard let range = line.range(of: "): "), line.contains("Request (file descriptor") else { return nil }
                return String(line[range.upperBound...])
            }
        }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static let script = """
        wait-idle
        screenshot feed
        tap-item 0
        play
        wait-position 0.5
        back
        wait-idle
        """

    @Test(.timeLimit(.minutes(4))) func everyRequestGoesThroughTheProxyAndNoProxyBypassesIt() async throws {
        let work = try DesktopFixtures.temporaryDirectory("proxy")
        defer { try? FileManager.default.removeItem(at: work) }
        let server = try await FeedServer.start(arguments: ["--catalog", try TestCatalog.small().path])
        defer { server.stop() }
        let proxy = try Tinyproxy(in: work)
        defer { proxy.stop() }
        // Nothing from the test's own environment decides: both variables are set for each run.
        let base = ["http_proxy": proxy.address, "https_proxy": proxy.address, "no_proxy": "", "NO_PROXY": ""]

        let through = try CascadeProcess.runScript(
            Self.script, in: work, arguments: ["--feed-server", server.baseURL.absoluteString],
            environment: base.merging(DesktopFixtures.quietEnvironment) { $1 })
        #expect(through.status == 0, "\(through.stderr)")
        let report = try #require(through.report, "\(through.stderr)")
        for i in report.steps.indices { #expect(report.ok(i), "step \(i): \(report.steps[i])") }
        #expect(report.feed(0).items > 0)
        #expect(report.state(4).player.position >= 0.5, "the video played: \(report.state(4).player)")
        let problems = try ScreenCheck.pixelProblems(
            png: work.appendingPathComponent("feed.png"), report: report, step: 1, decoder: PixbufImageDecoder())
        #expect(problems.isEmpty, "covers drawn through the proxy: \(problems)")
        let lines = proxy.requests()
        let origin = "http://127.0.0.1:\(server.port)/"
        #expect(lines.contains { $0.hasPrefix("GET \(origin)channels") }, "channel list: \(lines)")
        #expect(lines.contains { $0.hasPrefix("GET \(origin)feed/") }, "feed pages: \(lines)")
        #expect(lines.contains { $0.contains(".jpg") }, "covers: \(lines)")
        // The probe (1 KB) and GStreamer's playback: at least two requests for the video.
        #expect(lines.filter { $0.contains(".mp4") }.count >= 2, "probe and playback: \(lines)")
        // Every feed page the server served came through the proxy. The proxy logs a request
        // line before it connects on, so a request the app dropped as it quit may be in its log
        // and never reach the server: at least as many through the proxy as served.
        let served = try await server.stats().totalFeedRequests
        let proxied = lines.filter { $0.hasPrefix("GET \(origin)feed/") }.count
        #expect(served > 0 && proxied >= served, "\(proxied) feed pages through the proxy, \(served) served: \(lines)")

        // no_proxy names the server: nothing more reaches the proxy, and everything still works.
        let bypass = work.appendingPathComponent("bypass")
        try FileManager.default.createDirectory(at: bypass, withIntermediateDirectories: true)
        let before = lines.count
        let direct = try CascadeProcess.runScript(
            Self.script, in: bypass, arguments: ["--feed-server", server.baseURL.absoluteString],
            environment: base.merging(["no_proxy": "127.0.0.1"]) { $1 }.merging(DesktopFixtures.quietEnvironment) { $1 }
        )
        #expect(direct.status == 0, "\(direct.stderr)")
        let directReport = try #require(direct.report, "\(direct.stderr)")
        for i in directReport.steps.indices {
            #expect(directReport.ok(i), "step \(i): \(directReport.steps[i])")
        }
        #expect(directReport.feed(0).items > 0)
        #expect(directReport.state(4).player.position >= 0.5, "the video played")
        let after = Array(proxy.requests().dropFirst(before))
        // The playback too: the player's souphttpsrc is given the route (SourceProxy).
        #expect(after.isEmpty, "bypassed: \(after)")
    }
}
