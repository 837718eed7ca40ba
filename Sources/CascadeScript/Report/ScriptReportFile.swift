import Foundation

/// A script's report file as the script runs: `{"steps": [...]}` with one more step after each
/// action (`ScriptReport.file(encodedSteps:)`'s bytes).
///
/// Creating it writes a report of no steps (written whole, then renamed into place); each step
/// then overwrites the closing `]}` with the step and closes it again. A write is the size of a
/// step, so a long script's report costs neither memory nor I/O that grows with its steps. A
/// reader polling the file may catch it mid-write: it fails to decode and reads again.
public final class ScriptReportFile {
    /// Where the report is written.
    public let url: URL
    /// How many steps the file holds.
    public private(set) var steps = 0
    private let handle: FileHandle
    private static let closing = Data("\n]\n}\n".utf8)

    /// Writes a report of no steps at `url` (making its folder) and keeps it open.
    /// - Throws: the file system's error.
    public init(url: URL) throws {
        self.url = url
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ScriptReport.file(encodedSteps: []).write(to: url, options: .atomic)
        handle = try FileHandle(forUpdating: url)
    }

    deinit { try? handle.close() }

    /// Adds a step encoded with `ScriptReport.encode(_:)`.
    /// - Throws: the file system's error; the file may then be torn.
    public func append(_ step: Data) throws {
        let end = try handle.seekToEnd()
        try handle.seek(toOffset: end - UInt64(Self.closing.count))
        try handle.write(contentsOf: (steps > 0 ? Data(",\n".utf8) : Data()) + step + Self.closing)
        steps += 1
    }

    /// Flushes the file to the disk.
    /// - Throws: the file system's error.
    public func finish() throws {
        try handle.synchronize()
    }
}
