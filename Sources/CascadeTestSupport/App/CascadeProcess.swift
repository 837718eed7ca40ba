import CascadeScript
import Foundation

/// The `cascade` executable started by a test, with bounded waits and SIGKILL on cleanup
/// (children of Swift Testing's worker threads may not see SIGTERM; see Docs/PLATFORM_NOTES.md).
///
/// The child runs without an accessibility bus or a session bus (`GTK_A11Y=none`,
/// `DBUS_SESSION_BUS_ADDRESS=disabled:`), which GTK4 would otherwise autolaunch and leave
/// running, and it leads its own process group: when the test is done with it (`kill()`, the
/// end of `wait`, or deinit) the whole group gets SIGKILL, so nothing it started survives the
/// test. Its stderr file is removed at deinit.
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
    ///
    /// With `trusting`, a CA bundle, the child runs in a private mount namespace (`unshare
    /// --mount`; a user other than root also gets a user namespace) where that bundle is
    /// bind-mounted over the system's, so its https requests trust a `TestCertificate`;
    /// `binding` bind-mounts other files the same way (a `resolv.conf`, say). `unshare` and `sh`
    /// exec into `cascade`, so `pid` is still the app's.
    /// With `inside`, it runs in that mount namespace (`nsenter` execs into `cascade`).
    public init(
        arguments: [String], environment: [String: String] = [:], trusting bundle: URL? = nil,
        binding mounts: [(source: URL, target: String)] = [], inside namespace: MountNamespace? = nil
    ) throws {
        process = Process()
        let binds = (bundle.map { [($0, TestCertificate.systemBundle.path)] } ?? []) + mounts
        if let namespace {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
            process.arguments = namespace.enterArguments + [Self.binary.path] + arguments
        } else if !binds.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments =
                (geteuid() == 0 ? [] : ["--map-root-user"])
                + [
                    "--mount", "--propagation", "private", "/bin/sh", "-c",
                    "while [ \"$1\" != -- ]; do mount --bind \"$1\" \"$2\" || exit 97; shift 2; done; shift; exec \"$@\"",
                    "sh",
                ] + binds.flatMap { [$0.0.path, $0.1] } + ["--", Self.binary.path] + arguments
        } else {
            process.executableURL = Self.binary
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["GST_PLUGIN_FEATURE_RANK"] =
            env["GST_PLUGIN_FEATURE_RANK"] ?? "alsasink:NONE,pulsesink:NONE,pipewiresink:NONE,openalsink:NONE"
        env["NO_AT_BRIDGE"] = "1"
        env["GTK_A11Y"] = "none"
        env["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: stderrURL)
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Waits at most `timeout` seconds for the child to exit; returns its status, or nil (and
    /// kills it) if it did not.
    public func wait(timeout: Double) -> Int32? {
        guard waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(20), { !process.isRunning }) else {
            kill()
            return nil
        }
        killGroup()  // anything the app started and left behind
        return process.terminationStatus
    }

    /// Kills the child and its process group (SIGKILL) and waits (bounded) until it is reaped.
    public func kill() {
        killGroup()
        if process.isRunning { _ = Foundation.kill(process.processIdentifier, SIGKILL) }
        waitUntilBlocking(timeout: .seconds(10)) { !process.isRunning }
    }

    /// SIGKILL to the child's process group (`Process` makes the child a group leader), once.
    private func killGroup() {
        let pid = process.processIdentifier
        guard pid > 0, !groupKilled else { return }
        groupKilled = true
        _ = Foundation.kill(-pid, SIGKILL)
    }

    private var groupKilled = false

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

    /// Runs `cascade` on `script` to completion (bounded), with everything in `directory`: the
    /// script (`s.txt`), the report (`r.json`), the screenshots (`NAME.png`) and, unless
    /// `environment` says otherwise, `XDG_CACHE_HOME` (`cache`). Returns the parsed report (nil
    /// when this run wrote none: an earlier run's report in `directory` is removed first), the
    /// exit status (nil on timeout) and stderr.
    public static func runScript(
        _ script: String, in directory: URL, arguments: [String], environment: [String: String] = [:],
        timeout: Double = 120
    ) throws -> (report: ScriptReport?, status: Int32?, stderr: String) {
        let scriptURL = directory.appendingPathComponent("s.txt")
        let reportURL = directory.appendingPathComponent("r.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        if FileManager.default.fileExists(atPath: reportURL.path) {
            try FileManager.default.removeItem(at: reportURL)
        }
        let cache = ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
        let result = try run(
            arguments: arguments + [
                "--script", scriptURL.path, "--report", reportURL.path, "--screenshots", directory.path,
            ],
            environment: cache.merging(environment) { $1 }, timeout: timeout)
        return (ScriptReport(url: reportURL), result.status, result.stderr)
    }
}

extension ScriptReport {
    /// Polls `url` until the report has at least `count` steps (bounded).
    public static func waitForSteps(_ count: Int, at url: URL, timeout: Double) -> ScriptReport? {
        var report: ScriptReport?
        waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(50)) {
            report = ScriptReport(url: url).flatMap { $0.steps.count >= count ? $0 : nil }
            return report != nil
        }
        return report
    }
}

/// The small demo catalog for app tests, generated once per machine (about 5 s).
public enum TestCatalog {
    private static let lock = NSLock()

    /// The catalog directory: 2 channels of 14 clips.
    public static func small() throws -> URL {
        try make(named: "cascade-demo-small-v1", channels: 2)
    }

    /// A catalog of 5 channels of 14 clips (Featured, Travel, Nature, Music, Sports), for tests
    /// that move between channels and check covers in pixels (about 15 s the first time).
    public static func fiveChannels() throws -> URL {
        try make(named: "cascade-demo-small5-v1", channels: 5)
    }

    private static func make(named name: String, channels: Int) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        let directory = TestCache.directory.appendingPathComponent(name)
        let marker = directory.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: marker.path) { return directory }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Repository.root.appendingPathComponent("scripts/make-demo-catalog.py").path, "--small",
            "--channels", String(channels), "--out", directory.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if !waitUntilBlocking(timeout: .seconds(120), interval: .milliseconds(50), { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
        }
        guard FileManager.default.fileExists(atPath: marker.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: marker.path])
        }
        return directory
    }
}
