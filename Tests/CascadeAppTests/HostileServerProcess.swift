import CascadeTestSupport
import Foundation

/// `scripts/hostile_server.py` started for one test: loopback only, stopped with SIGKILL, and
/// it exits by itself after `lifetime` seconds if a test is killed first.
final class HostileServerProcess: @unchecked Sendable {
    let port: Int
    /// `https` when started with a certificate, else `http`.
    let scheme: String
    private let process: Process

    /// Starts the server; with `tls` it serves https with that certificate.
    init(lifetime: Double = 300, tls: TestCertificate? = nil) throws {
        let script = Repository.root.appendingPathComponent("scripts/hostile_server.py").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", script, "--port", "0", "--lifetime", String(lifetime), "--endless-seconds", "20",
                "--cache-dir", TestCache.directory.path,
            ] + (tls.map { ["--tls-cert", $0.certificate.path, "--tls-key", $0.key.path] } ?? [])
        scheme = tls == nil ? "http" : "https"
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first start makes the 1 GiB gzip bomb (about 10 s of CPU), later ones reuse it.
        let line = ChildProcessIO.readLine(from: output.fileHandleForReading.fileDescriptor, timeout: 60)
        guard let line, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ChildProcess.Failure(description: "hostile_server.py did not start: \(line ?? "no output")")
        }
        self.port = port
    }

    deinit { stop() }

    /// `http(s)://127.0.0.1:<port>/<path>`.
    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)/\(path)" }

    /// How many times each path was requested (`GET /stats`; a plain-http server only).
    func requestCounts() throws -> [String: Int] {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/stats")!)
        return try JSONSerialization.jsonObject(with: data) as? [String: Int] ?? [:]
    }

    /// Kills the server (bounded wait for it to go).
    func stop() {
        ChildProcessIO.kill(process)
    }
}

/// The largest resident set of a running process, sampled from `/proc/<pid>/status` while a
/// test waits for it.
final class ResidentMemorySampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true

    init(pid: Int32) {
        let thread = Thread { [weak self] in
            while let self, self.lock.withLock({ self.running }) {
                let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
                if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                    let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
                {
                    self.lock.withLock { self.peak = max(self.peak, kb * 1024) }
                }
                usleep(50_000)
            }
        }
        thread.start()
    }

    /// Stops sampling and returns the largest resident set seen, in bytes.
    func stop() -> Int {
        lock.withLock {
            running = false
            return peak
        }
    }
}
