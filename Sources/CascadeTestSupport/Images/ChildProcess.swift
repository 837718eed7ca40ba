import Foundation

/// Runs and stops helper processes (ffmpeg, ImageMagick, a local HTTP server) from tests, with bounded
/// waits and SIGKILL: children started from Swift Testing's worker threads ignore SIGTERM.
public enum ChildProcess {
    /// Why a helper process failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs `executable` with `arguments` to completion, killing it after `timeout` seconds.
    ///
    /// - Throws: `Failure` if it cannot start, times out, or exits non-zero.
    public static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 30) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(executable): \(error)")
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 5)
            throw Failure(description: "\(executable) timed out after \(timeout) s")
        }
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "\(executable) exited \(process.terminationStatus): \(message)")
        }
    }

    /// Kills `process` with SIGKILL and waits (at most `timeout` seconds) for it to go.
    public static func stop(_ process: Process, timeout: TimeInterval = 5) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        waitUntilBlocking(timeout: .seconds(timeout)) { !process.isRunning }
    }

    /// Finds `name` on the PATH (and in the usual system folders).
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
