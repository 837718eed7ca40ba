import CascadeFeed
import CascadeTestSupport
import Foundation

/// A private Xvfb server for one test, killed (SIGKILL) when released; its lock file and socket
/// are removed then (a killed server leaves them behind). With `windowManager`, openbox runs on
/// it too, so window focus, resizing and fullscreen are real (it is killed first).
final class PrivateDisplay {
    /// The display name, e.g. `:97`.
    let name: String
    private let number: Int
    private let server: Process
    private var windowManager: Process?

    /// Starts Xvfb on the first free display number from 90 (a lock left by a dead server counts
    /// as free), waiting at most 10 s for its socket.
    convenience init(windowManager: Bool) throws {
        try self.init()
        guard windowManager else { return }
        // Ready once it answers EWMH queries (xdotool's desktop query needs a window manager);
        // a start that dies at once (seen once under load) is tried again.
        for _ in 0..<3 {
            let openbox = Process()
            openbox.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
            openbox.arguments = ["--sm-disable"]
            openbox.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": name]) { $1 }
            openbox.standardOutput = FileHandle.nullDevice
            openbox.standardError = FileHandle.nullDevice
            try openbox.run()
            self.windowManager = openbox
            let deadline = Date().addingTimeInterval(10)
            while openbox.isRunning && Date() < deadline {
                if PlayerPageTests.xdotool(["get_desktop"], display: name) != nil { return }
                usleep(50_000)
            }
            ChildProcess.stop(openbox)
        }
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "openbox did not start on \(name)"])
    }

    init() throws {
        for number in 90..<140 {
            guard Self.isFree(number) else { continue }
            Self.removeFiles(of: number)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            process.arguments = [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let socket = "/tmp/.X11-unix/X\(number)"
            waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(20)) {
                !process.isRunning || FileManager.default.fileExists(atPath: socket)
            }
            if process.isRunning && FileManager.default.fileExists(atPath: socket) {
                name = ":\(number)"
                self.number = number
                server = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no Xvfb display could start"])
    }

    deinit {
        if let windowManager { ChildProcess.stop(windowManager) }
        guard server.isRunning else { return }
        kill(server.processIdentifier, SIGKILL)
        waitUntilBlocking(timeout: .seconds(5)) { !server.isRunning }
        Self.removeFiles(of: number)
    }

    /// Whether no live server holds display `number`.
    private static func isFree(_ number: Int) -> Bool {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8) else {
            return !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        }
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    private static func removeFiles(of number: Int) {
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }
}

/// The player tests' catalog, built once per machine: an 8 s clip with a real cover (item 0), a
/// missing video (item 1) and a corrupt one (item 2).
enum PlayerCatalog {
    private static let lock = NSLock()

    static func directory() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        let root = TestCache.directory.appendingPathComponent("player-catalog-v3")
        let marker = root.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: marker.path) { return root }
        try? FileManager.default.removeItem(at: root)
        let channel = Channel(id: "player", title: "Player")
        _ = try FeedFixtures.writeCatalog(channels: [channel], itemsPerChannel: 3, at: root)
        let media = root.appendingPathComponent("media")
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=duration=8:size=640x360:rate=25", "-pix_fmt", "yuv420p",
            media.appendingPathComponent("player-000.mp4").path,
        ])
        for index in 0..<3 {
            try ffmpeg([
                "-f", "lavfi", "-i", "testsrc=size=640x360:rate=1", "-frames:v", "1",
                media.appendingPathComponent(String(format: "player-%03d.jpg", index)).path,
            ])
        }
        try Data(repeating: 0x5A, count: 4096).write(to: media.appendingPathComponent("player-002.mp4"))
        _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
        return root
    }

    private static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-y", "-loglevel", "error"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if !waitUntilBlocking(timeout: .seconds(60), interval: .milliseconds(20), { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
        }
        guard !process.isRunning, process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: arguments.last ?? ""])
        }
    }
}
