import CascadeNumerics
import Foundation

/// A private X server for runs without a display: `cascade` with no `$DISPLAY` or
/// `$WAYLAND_DISPLAY` starts `Xvfb`, renders into it and writes PNGs instead of failing.
public final class HeadlessDisplay: @unchecked Sendable {
    /// The display name (e.g. ":93").
    public let name: String
    private let process: Process

    /// Whether this process has a display to open windows on.
    public static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Starts Xvfb on a display number it picks itself and points `$DISPLAY` at it. Returns nil
    /// if Xvfb is not installed or does not come up within 10 s.
    ///
    /// Xvfb chooses the number (`-displayfd`) and writes it to our pipe once it listens, so two
    /// runs started at once can never pick the same display or take over each other's (guessing
    /// a free number from the lock files races).
    public static func start() -> HeadlessDisplay? {
        guard let display = launch() else { return nil }
        setenv("DISPLAY", display.name, 1)
        return display
    }

    /// Starts Xvfb on a display number it picks (`-displayfd`) without touching `$DISPLAY`:
    /// the one way the app and the tests start a private X server.
    public static func launch() -> HeadlessDisplay? {
        let candidates = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let reader = pipe.fileHandleForReading
        guard let number = readDisplayNumber(from: reader.fileDescriptor, timeout: 10) else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return nil
        }
        return HeadlessDisplay(name: ":\(number)", process: process)
    }

    /// Reads the decimal display number Xvfb writes (followed by a newline), waiting at most
    /// `timeout` seconds.
    static func readDisplayNumber(from fd: Int32, timeout: Double) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while !text.hasSuffix("\n") {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(saturating: remaining * 1000)) > 0 else { return nil }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            text.append(Character(UnicodeScalar(byte)))
            guard text.count < 16 else { return nil }
        }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Stops the X server (SIGKILL: a child of a Swift Testing worker thread may not see
    /// SIGTERM) and removes the lock file and socket a killed server leaves behind.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        // Reap it (bounded), so no zombie is left behind.
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        guard !process.isRunning else { return }
        let number = name.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    deinit { stop() }
}
