import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of the demo catalog generator, reporting progress as it goes.
///
/// The generator (`scripts/make-demo-catalog.py --progress`) prints `progress DONE TOTAL`
/// lines, keeps finished clips when interrupted (the next run resumes), and ends itself when
/// this process ends.
public final class DemoCatalogGeneration: @unchecked Sendable {
    /// The catalog being generated.
    public let directory: URL
    private let small: Bool
    private let lock = NSLock()
    private var process: Process?

    /// A generation of the catalog at `directory` (`small`: the 2 × 14 test catalog).
    public init(directory: URL, small: Bool = false) {
        self.directory = directory
        self.small = small
    }

    /// Starts the generator. `onLine` gets each line it prints on stderr and `completion` the
    /// result, both on a background queue.
    ///
    /// - Warning: Call it from a thread that lives as long as the generation should (the main
    ///   thread): the generator ends when the thread that started it ends.
    public func start(
        onLine: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (Result<URL, DemoCatalog.Failure>) -> Void
    ) throws {
        let script = DemoCatalog.generatorScript
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw DemoCatalog.Failure.generatorMissing(script.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", script.path, "--out", directory.path, "--progress"] + (small ? ["--small"] : [])
        let pipe = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
        try process.run()
        lock.withLock { self.process = process }
        let directory = directory
        DispatchQueue.global().async {
            var pending = Data()
            var tail = Data()
            let handle = pipe.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if !line.hasPrefix("progress ") { tail.append(Data((line + "\n").utf8)) }
                    if tail.count > 4000 { tail.removeFirst(tail.count - 2000) }
                    onLine(line)
                }
                // A line longer than 64 KB is not a progress line: drop it rather than grow.
                if pending.count > 65_536 { pending.removeAll() }
            }
            process.waitUntilExit()
            if process.terminationStatus == 0, DemoCatalog.isComplete(at: directory) {
                completion(.success(directory))
            } else {
                completion(
                    .failure(
                        .generatorFailed(
                            status: process.terminationStatus,
                            output: String(decoding: tail.suffix(2000), as: UTF8.self))))
            }
        }
    }

    /// Stops the generator now (finished clips stay for the next run).
    public func cancel() {
        guard let process = lock.withLock({ self.process }), process.isRunning else { return }
        #if canImport(Glibc)
            kill(process.processIdentifier, SIGKILL)
        #else
            process.terminate()
        #endif
    }
}
