import CascadeTestSupport
import Foundation

/// at-spi's accessibility bus of the test's own: a private session bus (`PrivateSessionBus`)
/// where at-spi2-core's `at-spi-bus-launcher` owns `org.a11y.Bus` and starts the accessibility
/// bus (its own dbus-daemon, which activates `at-spi2-registryd`). The launcher leads a process
/// group killed when this is released, so no at-spi process outlives the test. An app started
/// with `appEnvironment` registers its accessible tree there; `client(_:)` asks about it as a
/// screen reader does, through pyatspi (the library Orca uses).
final class PrivateAccessibilityBus {
    /// The session bus the launcher and the app share.
    let session: PrivateSessionBus
    private let launcher: ChildGroup
    private let clientScript: URL

    /// Starts the launcher and waits (at most 20 s) until it owns `org.a11y.Bus`; the client
    /// script goes to `work`.
    init(work: URL) throws {
        session = try PrivateSessionBus()
        // No DISPLAY: the launcher would publish the bus on that display's root window, which
        // the test's other apps may share; clients find it through the session bus instead.
        var environment = session.environment
        environment["DISPLAY"] = nil
        launcher = try ChildGroup(
            ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], environment: environment)
        let session = session
        let owned = waitUntilBlocking(timeout: .seconds(20), interval: .milliseconds(50)) {
            session.run([
                "gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.NameHasOwner", "org.a11y.Bus",
            ]).output.contains("true")
        }
        guard owned else {
            launcher.killGroup()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no at-spi bus: \(launcher.text)"])
        }
        clientScript = work.appendingPathComponent("atspi-client.py")
        try Self.client.write(to: clientScript, atomically: true, encoding: .utf8)
    }

    deinit { launcher.killGroup() }

    /// What an app needs to join this bus: the session bus, and GTK's AT-SPI backend (the test
    /// command turns it off for every other app).
    var appEnvironment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": session.address, "GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"]
    }

    /// One accessible node as the client lists it.
    struct Node: Decodable, Equatable {
        let role: String
        let name: String
        let actions: [String]
    }

    /// The app `pid`'s accessible nodes that have an action or a button or tab role, in tree
    /// order; nil when the client failed (its output says why).
    func nodes(ofApp pid: Int32) -> (nodes: [Node]?, output: String) {
        let (status, output) = client(["list", "\(pid)"])
        // stdout and stderr share the output: the listing is the line after its marker.
        let line = output.split(separator: "\n").last { $0.hasPrefix("nodes: ") }
        guard status == 0, let json = line?.dropFirst("nodes: ".count) else { return (nil, output) }
        return (try? JSONDecoder().decode([Node].self, from: Data(json.utf8)), output)
    }

    /// Invokes `action` on the first node of app `pid` with `role` and `name`, as a switch
    /// access or voice control tool does (`Action.DoAction`); whether it was done.
    func act(
        _ action: String, onRole role: String, named name: String, ofApp pid: Int32
    ) -> (done: Bool, output: String) {
        let (status, output) = client(["do", "\(pid)", role, name, action])
        return (status == 0 && output.contains("\"done\": true"), output)
    }

    private func client(_ arguments: [String]) -> (status: Int32?, output: String) {
        var environment = session.environment
        environment["DISPLAY"] = nil
        let run = try? ChildGroup.run(
            ["/usr/bin/python3", clientScript.path] + arguments, environment: environment, timeout: 30)
        return run ?? (nil, "the client could not start")
    }

    /// The pyatspi client (Debian's python3-pyatspi imports in /usr/bin/python3 only).
    static let client = """
        import json, sys
        import pyatspi

        def application(pid):
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                if app is not None and app.get_process_id() == pid:
                    return app
            return None

        def actions(node):
            try:
                action = node.queryAction()
            except NotImplementedError:
                return []
            return [action.getName(i) for i in range(action.nActions)]

        def walk(node, found):
            found.append(node)
            for i in range(node.childCount):
                child = node.getChildAtIndex(i)
                if child is not None:
                    walk(child, found)
            return found

        command, pid = sys.argv[1], int(sys.argv[2])
        app = application(pid)
        if app is None:
            print("no application with pid %d" % pid)
            sys.exit(2)
        nodes = walk(app, [])
        if command == "list":
            listed = [{"role": n.getRoleName(), "name": n.name or "", "actions": actions(n)} for n in nodes]
            wanted = [n for n in listed if n["actions"] or n["role"] in ("push button", "page tab")]
            print("nodes: " + json.dumps(wanted), flush=True)
        else:
            role, name, wanted = sys.argv[3:6]
            for node in nodes:
                if node.getRoleName() == role and (node.name or "") == name and wanted in actions(node):
                    print(json.dumps({"done": bool(node.queryAction().doAction(actions(node).index(wanted)))}))
                    sys.exit(0)
            print("no %s named %r with %s" % (role, name, wanted))
            sys.exit(3)
        """
}
