import Foundation

/// This test process's memory, from `/proc/self/status`.
public enum ResidentMemory {
    /// The peak resident set size (`VmHWM`) in bytes, 0 when unreadable.
    ///
    /// Tests run side by side in one process, so compare growth across an operation against a
    /// bound far above what the others add, never an absolute figure.
    public static func peakBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }
}
