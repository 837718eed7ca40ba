import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Networks as they are: a server that accepts and never answers, and a name whose lookup never
/// ends (a DNS server that never replies, through a private `resolv.conf`), are both ended by the
/// request deadline: the feed says "Loading timed out", which only the deadline can produce.
@Suite(.serialized) struct NetworkDeadlineAppTests {
    /// A UDP or TCP socket on `host`:`port` that takes what it is sent and never answers.
    final class SilentPeer: @unchecked Sendable {
        let port: Int
        private let process: Process

        init(udp: Bool, host: String = "127.0.0.1", port: Int = 0) throws {
            let script = """
                import socket, sys, time
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM if \(udp ? "True" : "False") else socket.SOCK_STREAM)
                s.bind(("\(host)", \(port)))
                if \(udp ? "False" : "True"):
                    s.listen(64)
                print("PORT", s.getsockname()[1], flush=True)
                held = []
                end = time.time() + 300
                while time.time() < end:
                    if \(udp ? "True" : "False"):
                        s.recvfrom(4096)
                    else:
                        held.append(s.accept()[0])
                """
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let line = ChildProcessIO.readLine(from: output.fileHandleForReading.fileDescriptor, timeout: 10)
            guard let line, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw ChildProcess.Failure(description: "silent peer did not start: \(line ?? "no output")")
            }
            self.port = port
        }

        deinit { stop() }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private func load(
        _ url: String, binding: [(source: URL, target: String)] = [], in work: URL
    ) throws -> (report: ScriptReport, status: Int32?, stderr: String) {
        let script = work.appendingPathComponent("s.txt")
        let report = work.appendingPathComponent("r.json")
        try "wait-idle\n".write(to: script, atomically: true, encoding: .utf8)
        let child = try CascadeProcess(
            arguments: [
                "--feed-url", url, "--request-timeout", "2", "--script", script.path, "--report", report.path,
            ],
            environment: ["XDG_CACHE_HOME": work.appendingPathComponent("cache").path], binding: binding)
        let status = child.wait(timeout: 90)
        let parsed = try #require(ScriptReport(url: report), "no report: \(child.stderr)")
        return (parsed, status, child.stderr)
    }

    @Test func aServerThatNeverAnswersEndsAtTheDeadline() throws {
        let peer = try SilentPeer(udp: false)
        defer { peer.stop() }
        let work = try DesktopFixtures.temporaryDirectory("silent")
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try load("http://127.0.0.1:\(peer.port)/feed?page={page}&size={size}", in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.report.feed(0).state == "failed")
        #expect(result.report.state(0).alert?.hasPrefix("Loading timed out") == true, "\(result.report.state(0))")
    }

    @Test func aNameWhoseLookupNeverEndsEndsAtTheDeadline() throws {
        // glibc asks 127.0.0.77:53, which never replies (its own timeout, 5 s × 2 tries, is
        // longer than the 2 s deadline).
        let dns = try SilentPeer(udp: true, host: "127.0.0.77", port: 53)
        defer { dns.stop() }
        let work = try DesktopFixtures.temporaryDirectory("nodns")
        defer { try? FileManager.default.removeItem(at: work) }
        let resolv = work.appendingPathComponent("resolv.conf")
        try "nameserver 127.0.0.77\noptions timeout:5 attempts:2\n".write(to: resolv, atomically: true, encoding: .utf8)
        let result = try load(
            "http://feed.cascade-test.example/feed?page={page}&size={size}", binding: [(resolv, "/etc/resolv.conf")],
            in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.report.feed(0).state == "failed")
        #expect(result.report.state(0).alert?.hasPrefix("Loading timed out") == true, "\(result.report.state(0))")
    }
}
