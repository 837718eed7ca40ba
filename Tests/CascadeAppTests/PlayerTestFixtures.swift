import CascadeFeed
import CascadeGTK
import CascadeScriptRunner
import CascadeTestSupport
import Foundation

/// A private Xvfb server for one test, started as the app starts its headless display
/// (`HeadlessDisplay.launch()`: Xvfb picks a free number with `-displayfd`, so tests started
/// at once never race for one), killed when released. With `windowManager`, openbox runs on it
/// too, so window focus, resizing and fullscreen are real (it is killed first).
final class PrivateDisplay {
    /// The display name, e.g. `:97`.
    let name: String
    private let server: HeadlessDisplay
    private var windowManager: Process?

    /// Starts Xvfb and waits (at most 10 s) until it listens.
    init() throws {
        guard let server = HeadlessDisplay.launch() else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no Xvfb display could start"])
        }
        self.server = server
        name = server.name
    }

    /// Starts Xvfb and, with `windowManager`, openbox on it.
    convenience init(windowManager: Bool) throws {
        try self.init()
        guard windowManager else { return }
        // Ready once it answers EWMH queries (xdotool's desktop query needs a window manager);
        // a start that dies at once (possible under load) is tried again.
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

    deinit {
        if let windowManager { ChildProcess.stop(windowManager) }
        server.stop()
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
