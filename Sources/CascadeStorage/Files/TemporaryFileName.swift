import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The name of the temporary file an atomic write fills before its rename:
/// `.<target name>.<writer's pid>.<16 hex digits>.tmp`, beside the target.
///
/// The writer's process id lets a sweep tell a file still being written (its writer is alive)
/// from one a crash left (its writer is gone), so stale files go at the next start without
/// touching another running process's write.
public struct TemporaryFileName: Equatable, Sendable {
    /// The target's file name.
    public let target: String
    /// The writing process; nil for the `.<target>.<UUID>.tmp` names of earlier versions, which
    /// carried none (their writers are long gone).
    public let pid: Int32?

    /// A fresh name for a write of `target` by this process.
    public static func fresh(for target: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next(), radix: 16)
        return ".\(target).\(getpid()).\(String(repeating: "0", count: 16 - random.count))\(random).tmp"
    }

    /// Parses `name`; nil when it is not one of these names.
    public init?(parsing name: String) {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last else { return nil }
        let target: String
        if UUID(uuidString: String(last)) != nil {
            pid = nil
            target = parts.dropLast().joined(separator: ".")
        } else {
            guard parts.count >= 3, last.count == 16, last.allSatisfy(\.isHexDigit),
                let pid = Int32(parts[parts.count - 2]), pid > 0
            else { return nil }
            self.pid = pid
            target = parts.dropLast(2).joined(separator: ".")
        }
        guard !target.isEmpty else { return nil }
        self.target = target
    }

    /// Whether the writing process has ended (or never existed here): no process has its id.
    /// A process started since may have the id again (ids wrap at `pid_max`, 32,768 on many
    /// machines); `writerIsGone(fileModified:)` tells those apart.
    public var writerIsGone: Bool {
        guard let pid else { return true }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Whether the writer of a file last written at `fileModified` has ended: no process has
    /// its id, or the one that has it started after the file was written (a second later, for
    /// the boot time's rounding), so it is another process with the id again.
    public func writerIsGone(fileModified: Date) -> Bool {
        if writerIsGone { return true }
        guard let pid, pid != getpid(), let started = Self.startTime(of: pid) else { return false }
        return started > fileModified.addingTimeInterval(1)
    }

    /// When process `pid` started, from `/proc`: its `stat`'s start time (field 22, clock ticks
    /// after boot) plus the boot time (`/proc/stat`'s `btime`); nil where it cannot be read.
    static func startTime(of pid: Int32) -> Date? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let name = stat.lastIndex(of: ")"),
            let boot = bootTime
        else { return nil }
        // After the name in parentheses: field 3 (the state) onwards, so field 22 is the 20th.
        let fields = stat[stat.index(after: name)...].split(separator: " ")
        let ticksPerSecond = Double(sysconf(Int32(clamping: _SC_CLK_TCK)))
        guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0 else { return nil }
        return Date(timeIntervalSince1970: boot + ticks / ticksPerSecond)
    }

    /// The boot time in seconds since 1970, from `/proc/stat`.
    private static let bootTime: Double? = {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }()
}
