import Foundation

/// Finds the embedded demo catalog, generating it on first use.
///
/// The catalog (videos, covers, `channels.json`, per-channel feeds) is produced by
/// `scripts/make-demo-catalog.py` with ffmpeg into a cache directory and reused while its
/// `.complete` marker is there.
public enum DemoCatalog {
    /// Why the catalog is not available.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case generatorMissing(String)
        case generatorFailed(status: Int32, output: String)

        public var description: String {
            switch self {
            case .generatorMissing(let path): "the demo catalog generator is missing (\(path))"
            case .generatorFailed(let status, let output): "the demo catalog generator failed (\(status)): \(output)"
            }
        }
    }

    /// The default cache location: `$XDG_CACHE_HOME/cascade/demo-catalog-v1` (or `~/.cache/...`).
    public static var defaultDirectory: URL {
        cacheHome(environment: ProcessInfo.processInfo.environment).appendingPathComponent("cascade/demo-catalog-v1")
    }

    /// The user's cache folder: `$XDG_CACHE_HOME` when it is an absolute path, else `~/.cache`
    /// (the XDG Base Directory spec says a relative value is invalid and must be ignored).
    public static func cacheHome(environment: [String: String]) -> URL {
        if let value = environment["XDG_CACHE_HOME"], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
    }

    /// The small catalog (2 channels × 14 one-second clips) `--small-demo` uses, beside the default.
    public static var smallDirectory: URL {
        defaultDirectory.deletingLastPathComponent().appendingPathComponent("demo-catalog-small")
    }

    /// The generator script: installed beside the binary (`<prefix>/share/cascade/`, see
    /// scripts/install.sh), else next to the sources this binary was built from.
    public static var generatorScript: URL {
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("share/cascade/make-demo-catalog.py")
            if FileManager.default.fileExists(atPath: installed.path) { return installed }
        }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // App/ CascadeScreens/ Sources/ → repo
        return url.appendingPathComponent("scripts/make-demo-catalog.py")
    }

    /// Whether a complete catalog is at `directory`.
    public static func isComplete(at directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(".complete").path)
            && FileManager.default.fileExists(atPath: directory.appendingPathComponent("channels.json").path)
    }

    /// Returns a complete catalog directory, running the generator (blocking; call off the main
    /// thread) when it is not there yet.
    public static func ensure(at directory: URL = defaultDirectory, small: Bool = false) throws -> URL {
        if isComplete(at: directory) { return directory }
        let script = generatorScript
        guard FileManager.default.fileExists(atPath: script.path) else { throw Failure.generatorMissing(script.path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--out", directory.path] + (small ? ["--small"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, isComplete(at: directory) else {
            throw Failure.generatorFailed(
                status: process.terminationStatus, output: String(decoding: output.suffix(2000), as: UTF8.self))
        }
        return directory
    }
}
