import Foundation

/// The `cascade` executable started by a test, with bounded waits and SIGKILL on cleanup
/// (children of Swift Testing's worker threads may not see SIGTERM; see Docs/PLATFORM_NOTES.md).
public final class CascadeProcess: @unchecked Sendable {
    /// The debug build of `cascade` that `swift build --build-tests` produced.
    public static var binary: URL {
        let build = Repository.root.appendingPathComponent(".build")
        let candidates = [
            "debug/cascade", "x86_64-unknown-linux-gnu/debug/cascade", "aarch64-unknown-linux-gnu/debug/cascade",
        ]
        for candidate in candidates {
            let url = build.appendingPathComponent(candidate)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return build.appendingPathComponent("debug/cascade")
    }

    private let process: Process
    /// Where the child's stderr goes.
    public let stderrURL: URL

    /// Starts `cascade` with `arguments` (and extra environment).
    public init(arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["GST_PLUGIN_FEATURE_RANK"] =
            env["GST_PLUGIN_FEATURE_RANK"] ?? "alsasink:NONE,pulsesink:NONE,pipewiresink:NONE,openalsink:NONE"
        env["NO_AT_BRIDGE"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit { kill() }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Waits at most `timeout` seconds for the child to exit; returns its status, or nil (and
    /// kills it) if it did not.
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() >= deadline {
                kill()
                return nil
            }
            usleep(20_000)
        }
        return process.terminationStatus
    }

    /// Kills the child (SIGKILL) if it is still running.
    public func kill() {
        if process.isRunning { _ = Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// What the child wrote to stderr so far.
    public var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Runs `cascade` to completion (bounded) and returns its exit status (nil on timeout).
    public static func run(
        arguments: [String], environment: [String: String] = [:], timeout: Double
    ) throws -> (
        status: Int32?, stderr: String
    ) {
        let child = try CascadeProcess(arguments: arguments, environment: environment)
        let status = child.wait(timeout: timeout)
        return (status, child.stderr)
    }
}

/// A `cascade --script` report, parsed.
public struct ScriptReport {
    /// The steps, in order.
    public let steps: [[String: Any]]

    /// Reads a report file; nil if missing or not a report.
    public init?(url: URL) {
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let steps = object["steps"] as? [[String: Any]]
        else { return nil }
        self.steps = steps
    }

    /// Step `i`'s state.
    public func state(_ i: Int) -> [String: Any] { steps[i]["state"] as? [String: Any] ?? [:] }
    /// Step `i`'s feed summary.
    public func feed(_ i: Int) -> [String: Any] { state(i)["feed"] as? [String: Any] ?? [:] }
    /// Step `i`'s visible items as (index, id, frame).
    public func visibleItems(_ i: Int) -> [(index: Int, id: String, frame: [Double])] {
        (state(i)["visible_items"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let index = entry["index"] as? Int, let id = entry["id"] as? String,
                let frame = entry["frame"] as? [Double]
            else { return nil }
            return (index, id, frame)
        }
    }
    /// Whether step `i` succeeded.
    public func ok(_ i: Int) -> Bool { steps[i]["ok"] as? Bool ?? false }

    /// Polls `url` until the report has at least `count` steps (bounded).
    public static func waitForSteps(_ count: Int, at url: URL, timeout: Double) -> ScriptReport? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let report = ScriptReport(url: url), report.steps.count >= count { return report }
            usleep(50_000)
        }
        return nil
    }
}

/// The small demo catalog for app tests, generated once per machine (about 5 s).
public enum TestCatalog {
    private static let lock = NSLock()

    /// The catalog directory.
    public static func small() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-demo-small-v1")
        let marker = directory.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: marker.path) { return directory }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Repository.root.appendingPathComponent("scripts/make-demo-catalog.py").path, "--small", "--out",
            directory.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        guard FileManager.default.fileExists(atPath: marker.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: marker.path])
        }
        return directory
    }
}
