import CascadeTestSupport
import Foundation

/// A session bus of the test's own: `dbus-daemon --session --nofork --print-address` in a
/// process group (`ChildGroup`) killed when released, so nothing on it outlives the test and
/// no other test's app or the machine's desktop can answer on it.
final class PrivateSessionBus {
    /// The address to give clients as `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    private let daemon: ChildGroup

    /// Starts the daemon and waits (at most 20 s) for the address it prints.
    init() throws {
        let environment = ProcessInfo.processInfo.environment.merging(DesktopFixtures.quietEnvironment) { $1 }
        daemon = try ChildGroup(["dbus-daemon", "--session", "--nofork", "--print-address"], environment: environment)
        var found: String?
        waitUntilBlocking(timeout: .seconds(20), interval: .milliseconds(20)) { [daemon] in
            found = daemon.text.split(separator: "\n").first { $0.hasPrefix("unix:") }.map(String.init)
            return found != nil
        }
        guard let found else {
            daemon.killGroup()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no dbus-daemon: \(daemon.text)"])
        }
        address = found
    }

    deinit { daemon.killGroup() }

    /// The environment of a client of this bus.
    var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(DesktopFixtures.quietEnvironment) { $1 }.merging([
            "DBUS_SESSION_BUS_ADDRESS": address
        ]) { $1 }
    }

    /// Runs `arguments` as a client of this bus (bounded at 10 s): its status and output, or nil
    /// status when it did not finish.
    func run(_ arguments: [String]) -> (status: Int32?, output: String) {
        (try? ChildGroup.run(arguments, environment: environment, timeout: 10)) ?? (nil, "could not start")
    }
}
