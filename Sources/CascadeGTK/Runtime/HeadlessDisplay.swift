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

    /// Starts Xvfb on a free display number and points `$DISPLAY` at it. Returns nil if Xvfb is
    /// not installed or does not come up within 10 s.
    public static func start() -> HeadlessDisplay? {
        let candidates = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        for number in 90..<140 {
            let socket = "/tmp/.X11-unix/X\(number)"
            guard !FileManager.default.fileExists(atPath: socket),
                !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, process.isRunning, !FileManager.default.fileExists(atPath: socket) {
                usleep(20_000)
            }
            if FileManager.default.fileExists(atPath: socket) {
                setenv("DISPLAY", ":\(number)", 1)
                return HeadlessDisplay(name: ":\(number)", process: process)
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        return nil
    }

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Stops the X server.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
