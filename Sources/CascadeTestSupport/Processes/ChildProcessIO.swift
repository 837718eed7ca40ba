import CascadeNumerics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What test helpers that start a child process (a feed server, a hostile server) share: reading
/// the line it announces itself with, and a bounded wait for it to go.
public enum ChildProcessIO {
    /// Reads one line from `fd`, waiting at most `timeout` seconds in total; nil on timeout,
    /// end of file or a read error.
    public static func readLine(from fd: Int32, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(saturating: max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, min(remaining, 200)) >= 0 else { return nil }
            guard poller.revents != 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return nil }
            bytes.append(contentsOf: buffer[0..<count])
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: bytes[..<newline], as: UTF8.self)
            }
        }
        return nil
    }

    /// Kills `process` with SIGKILL (test children may not see SIGTERM) and waits at most
    /// `timeout` seconds for it to exit.
    public static func kill(_ process: Process, timeout: Double = 3) {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        waitForExit(process, timeout: timeout)
    }

    /// Waits at most `timeout` seconds for `process` to exit.
    public static func waitForExit(_ process: Process, timeout: Double = 3) {
        waitUntilBlocking(timeout: .seconds(timeout)) { !process.isRunning }
    }
}
