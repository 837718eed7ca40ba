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

    /// Whether the writing process has ended (or never existed here).
    public var writerIsGone: Bool {
        guard let pid else { return true }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
