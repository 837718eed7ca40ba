import CascadeTestSupport
import Foundation
import Testing

/// Child processes for the desktop tests: each runs in its own process group with every signal
/// unblocked (children of Swift Testing's worker threads inherit a mask that blocks SIGTERM,
/// which would keep `dbus-run-session` from stopping its bus), and the whole group gets SIGKILL
/// on cleanup, so nothing is left behind.
final class ChildGroup {
    private let process = Process()
    private let output: URL

    /// Starts `arguments` with exactly `environment`, stdout and stderr into one file.
    init(_ arguments: [String], environment: [String: String]) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-child-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
        }
        let wrapper = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            try:
                os.setsid()
            except PermissionError:
                pass  # already a process-group leader: Foundation's Process makes the child one
            os.execvp(sys.argv[1], sys.argv[1:])
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", wrapper] + arguments
        process.environment = environment
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    deinit {
        killGroup()
        try? FileManager.default.removeItem(at: output)
    }

    /// Waits at most `timeout` seconds for the leader to exit; its status, or nil (group killed).
    func wait(timeout: Double) -> Int32? {
        guard waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(20), { !process.isRunning }) else {
            killGroup()
            return nil
        }
        return process.terminationStatus
    }

    /// Kills every process of the group (SIGKILL) and reaps the leader.
    func killGroup() {
        _ = kill(-process.processIdentifier, SIGKILL)
        waitUntilBlocking(timeout: .seconds(5)) { !process.isRunning }
    }

    /// What the group wrote so far.
    var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Runs `arguments` to completion (bounded) and returns its status and output.
    static func run(
        _ arguments: [String], environment: [String: String], timeout: Double
    ) throws -> (
        status: Int32?, output: String
    ) {
        let child = try ChildGroup(arguments, environment: environment)
        let status = child.wait(timeout: timeout)
        return (status, child.text)
    }
}

/// Fixtures shared by the desktop tests.
enum DesktopFixtures {
    /// A fresh temporary directory.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The environment app tests give `cascade`: no sound sinks, no accessibility bus.
    static var quietEnvironment: [String: String] {
        [
            "GST_PLUGIN_FEATURE_RANK": "alsasink:NONE,pulsesink:NONE,pipewiresink:NONE,openalsink:NONE",
            "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
        ]
    }

}
