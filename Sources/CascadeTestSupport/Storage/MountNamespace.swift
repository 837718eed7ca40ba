import Foundation

/// A private mount namespace holding a small tmpfs, for tests of a full or read-only disk: the
/// app runs inside it (`CascadeProcess(…, inside:)`) and the test fills, remounts or copies out
/// its files through `run`. Nothing is mounted in the test's own namespace, so a crashed test
/// leaves no mount behind: the namespace ends with its holder process (SIGKILL in `stop()`).
///
/// Needs `unshare` and `nsenter` (util-linux); a user other than root also gets a user namespace.
public final class MountNamespace: @unchecked Sendable {
    /// Where the tmpfs is mounted (inside the namespace; outside it is an empty folder).
    public let mountPoint: URL
    private let holder: Process

    /// Creates the namespace with a tmpfs of `kilobytes` at `mountPoint` (created if missing).
    /// - Throws: `ChildProcess.Failure` when the mount is not up within 10 s.
    public init(tmpfsAt mountPoint: URL, kilobytes: Int) throws {
        self.mountPoint = mountPoint
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let ready = mountPoint.deletingLastPathComponent().appendingPathComponent(".ns-ready-\(UUID().uuidString)")
        holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        holder.arguments =
            (geteuid() == 0 ? [] : ["--map-root-user"])
            + [
                "--mount", "--propagation", "private", "/bin/sh", "-c",
                "mount -t tmpfs -o size=\(kilobytes)k,mode=0755 cascade-test \"$1\" && : > \"$2\" && exec sleep 3600",
                "sh", mountPoint.path, ready.path,
            ]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { try? FileManager.default.removeItem(at: ready) }
        guard
            waitUntilBlocking(timeout: .seconds(10), { FileManager.default.fileExists(atPath: ready.path) })
        else {
            stop()
            throw ChildProcess.Failure(description: "unshare + mount tmpfs: no mount within 10 s")
        }
    }

    deinit { stop() }

    /// The holder's pid: `nsenter --target <pid> --mount` enters the namespace.
    public var pid: Int32 { holder.processIdentifier }

    /// The arguments that run a command inside the namespace: `nsenter … --` then the command.
    public var enterArguments: [String] {
        ["--target", String(pid)] + (geteuid() == 0 ? [] : ["--user", "--preserve-credentials"]) + ["--mount", "--"]
    }

    /// Runs a shell command inside the namespace (bounded to 60 s) and returns its exit status.
    @discardableResult
    public func run(_ shell: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
        process.arguments = enterArguments + ["/bin/sh", "-c", shell]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntilBlocking(timeout: .seconds(60), { !process.isRunning }) else {
            process.terminate()
            throw ChildProcess.Failure(description: "\(shell): still running after 60 s")
        }
        return process.terminationStatus
    }

    /// Copies the tmpfs's whole tree to `destination` (outside the namespace), keeping modes.
    public func copyOut(to destination: URL) throws {
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let status = try run("cp -a \"\(mountPoint.path)/.\" \"\(destination.path)/\"")
        guard status == 0 else {
            throw ChildProcess.Failure(description: "cp -a out of the namespace: status \(status)")
        }
    }

    /// Ends the namespace (and its tmpfs).
    public func stop() {
        guard holder.isRunning else { return }
        kill(holder.processIdentifier, SIGKILL)
        waitUntilBlocking(timeout: .seconds(10)) { !holder.isRunning }
    }
}
