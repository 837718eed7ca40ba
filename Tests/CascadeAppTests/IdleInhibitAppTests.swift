import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The screen stays on while a video plays: the app on a private session bus where a small
/// session manager (python3-gi) owns `org.gnome.SessionManager` and logs each `Inhibit` and
/// `Uninhibit` GTK sends it; the player is driven with real keys (xdotool) under openbox. The
/// player catalog's item 0 is an 8 s clip.
@Suite(.serialized) struct IdleInhibitAppTests {
    let temporary = TemporaryFolders()

    /// The session manager: the part of `org.gnome.SessionManager` GTK's inhibition uses.
    static let sessionManager = """
        import sys
        from gi.repository import Gio, GLib
        log = open(sys.argv[1], "a", buffering=1)
        node = Gio.DBusNodeInfo.new_for_xml('''<node><interface name="org.gnome.SessionManager">
          <method name="Inhibit"><arg type="s" direction="in"/><arg type="u" direction="in"/>
            <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="u" direction="out"/></method>
          <method name="Uninhibit"><arg type="u" direction="in"/></method>
          <method name="IsInhibited"><arg type="u" direction="in"/><arg type="b" direction="out"/></method>
        </interface></node>''')
        held = {}
        cookies = iter(range(17, 1 << 31))
        def call(connection, sender, path, interface, method, parameters, invocation):
            args = parameters.unpack()
            if method == "Inhibit":
                cookie = next(cookies)
                held[cookie] = args[3]
                log.write("Inhibit %s %d %d %d %s\\n" % (args[0], args[1], args[3], cookie, args[2]))
                invocation.return_value(GLib.Variant("(u)", (cookie,)))
            elif method == "Uninhibit":
                log.write("Uninhibit %d %s\\n" % (args[0], "held" if held.pop(args[0], None) is not None else "unknown"))
                invocation.return_value(None)
            else:
                inhibited = any(flags & args[0] for flags in held.values())
                invocation.return_value(GLib.Variant("(b)", (inhibited,)))
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        bus.register_object("/org/gnome/SessionManager", node.interfaces[0], call, None, None)
        Gio.bus_own_name_on_connection(
            bus, "org.gnome.SessionManager", Gio.BusNameOwnerFlags.NONE, lambda *a: log.write("ready\\n"), None)
        GLib.MainLoop().run()
        """

    /// One logged call.
    struct Call: Equatable {
        let method: String
        let cookie: Int
        let flags: Int
        let detail: String
        var toplevel = 0
    }

    static func calls(in log: URL) -> [Call] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5).map(String.init)
            if fields.first == "Inhibit", fields.count >= 5, let flags = Int(fields[3]), let cookie = Int(fields[4]) {
                return Call(
                    method: "Inhibit", cookie: cookie, flags: flags, detail: fields[1], toplevel: Int(fields[2]) ?? -1)
            }
            if fields.first == "Uninhibit", fields.count == 3, let cookie = Int(fields[1]) {
                return Call(method: "Uninhibit", cookie: cookie, flags: 0, detail: fields[2])
            }
            return nil
        }
    }

    /// The app on item 0's player page, on a private bus with the session manager, under
    /// openbox; the test acts with `key` and reads the manager's log with `waitForCalls`.
    final class Session {
        let bus: PrivateSessionBus
        let manager: ChildGroup
        let display: PrivateDisplay
        let child: CascadeProcess
        let log: URL
        let reportURL: URL
        let window: String

        init(in work: URL) throws {
            let catalog = try PlayerCatalog.directory()
            bus = try PrivateSessionBus()
            log = work.appendingPathComponent("session-manager.log")
            let stub = work.appendingPathComponent("session-manager.py")
            try IdleInhibitAppTests.sessionManager.write(to: stub, atomically: true, encoding: .utf8)
            manager = try ChildGroup(["/usr/bin/python3", stub.path, log.path], environment: bus.environment)
            let log = self.log
            let ready = waitUntilBlocking(timeout: .seconds(20), interval: .milliseconds(50)) {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("ready")
            }
            guard ready else { throw Failure("the session manager did not start: \(manager.text)") }
            display = try PrivateDisplay(windowManager: true)
            let scriptURL = work.appendingPathComponent("s.txt")
            reportURL = work.appendingPathComponent("r.json")
            try ("wait-idle\ntap-item 0\n" + String(repeating: "wait 250ms\n", count: 480)).write(
                to: scriptURL, atomically: true, encoding: .utf8)
            child = try CascadeProcess(
                arguments: [
                    "--single-instance", "--catalog", catalog.path, "--carousel-interval", "0", "--script",
                    scriptURL.path, "--report", reportURL.path,
                ],
                environment: [
                    "DBUS_SESSION_BUS_ADDRESS": bus.address, "DISPLAY": display.name,
                    "XDG_CACHE_HOME": work.appendingPathComponent("cache").path,
                ])
            guard ResumeAppTests.poll(reportURL, timeout: 60, { $0.title != nil }) != nil else {
                throw Failure("the player page never showed: \(child.stderr)")
            }
            let search = PlayerPageTests.xdotool(
                ["search", "--sync", "--onlyvisible", "--pid", "\(child.pid)", "--name", "^Cascade$"],
                display: display.name)
            guard let window = search?.split(separator: "\n").first.map(String.init) else {
                throw Failure("no Cascade window")
            }
            self.window = window
        }

        deinit {
            child.kill()
            manager.killGroup()
        }

        /// Presses `name` (an xdotool key) in the activated app window.
        func key(_ name: String) {
            _ = PlayerPageTests.xdotool(["windowactivate", "--sync", window], display: display.name)
            _ = PlayerPageTests.xdotool(["key", "--clearmodifiers", name], display: display.name)
        }

        /// The calls logged once there are `count` (at most 30 s), or all there are.
        func waitForCalls(_ count: Int) -> [Call] {
            var calls: [Call] = []
            waitUntilBlocking(timeout: .seconds(30), interval: .milliseconds(50)) {
                calls = IdleInhibitAppTests.calls(in: log)
                return calls.count >= count
            }
            return calls
        }

        struct Failure: Error, CustomStringConvertible {
            let description: String
            init(_ description: String) { self.description = description }
        }
    }

    @Test func playingInhibitsIdleAndPauseTheEndAndLeavingRelease() throws {
        let session = try Session(in: try temporary.make("cascade-inhibit"))
        let (log, reportURL, child, window) = (session.log, session.reportURL, session.child, session.window)
        let key = session.key
        let waitForCalls = session.waitForCalls
        // The cover is shown, nothing plays: nothing is inhibited.
        #expect(Self.calls(in: log).isEmpty)

        // Space plays: one Inhibit with IDLE (8) for the app's window.
        key("space")
        let first = waitForCalls(1)
        let inhibit = try #require(first.first, "no Inhibit: \(child.stderr)")
        #expect(
            inhibit.method == "Inhibit" && inhibit.flags & 8 != 0 && inhibit.detail == "org.cascade.Feed", "\(first)")
        // GTK names the toplevel by its X window id, the window xdotool found.
        #expect(inhibit.toplevel == Int(window), "\(first), window \(window)")
        #expect(ResumeAppTests.poll(reportURL, timeout: 10) { $0.state == "playing" } != nil)

        // Space pauses: that cookie is released.
        key("space")
        #expect(ResumeAppTests.poll(reportURL, timeout: 30) { $0.state == "paused" } != nil, "\(child.stderr)")
        let paused = waitForCalls(2)
        #expect(paused.dropFirst().first == Call(method: "Uninhibit", cookie: inhibit.cookie, flags: 0, detail: "held"))

        // Space plays again; the end of the video releases it.
        key("space")
        let ended = waitForCalls(4)
        #expect(
            ResumeAppTests.poll(reportURL, timeout: 30) { $0.history.contains("ended") && $0.state == "stopped" }
                != nil,
            "\(child.stderr)")
        #expect(ended.count == 4 && ended[2].method == "Inhibit" && ended[2].flags & 8 != 0, "\(ended)")
        #expect(
            ended.count == 4 && ended[3] == Call(method: "Uninhibit", cookie: ended[2].cookie, flags: 0, detail: "held")
        )

        // Space plays from the start; Esc leaves the page and releases it.
        key("space")
        let again = waitForCalls(5)
        #expect(again.count == 5 && again[4].method == "Inhibit" && again[4].flags & 8 != 0, "\(again)")
        key("Escape")
        #expect(
            waitUntilBlocking(timeout: .seconds(30), interval: .milliseconds(100)) {
                guard let report = ScriptReport(url: reportURL), let last = report.steps.indices.last else {
                    return false
                }
                return report.state(last).screen == "feed"
            }, "Esc did not go back")
        let left = waitForCalls(6)
        #expect(
            left.count == 6 && left[5] == Call(method: "Uninhibit", cookie: again[4].cookie, flags: 0, detail: "held"))
        // Never twice in a row, nothing left held.
        #expect(left.map(\.method) == ["Inhibit", "Uninhibit", "Inhibit", "Uninhibit", "Inhibit", "Uninhibit"])
    }

    @Test func closingTheWindowWhilePlayingReleases() throws {
        let session = try Session(in: try temporary.make("cascade-inhibit"))
        session.key("space")
        let playing = session.waitForCalls(1)
        #expect(playing.first?.method == "Inhibit" && (playing.first?.flags ?? 0) & 8 != 0, "\(playing)")
        // openbox closes the window on Alt+F4 (WM_DELETE_WINDOW), as a user's close does.
        session.key("alt+F4")
        let closed = session.waitForCalls(2)
        #expect(
            closed.count == 2
                && closed[1] == Call(method: "Uninhibit", cookie: closed[0].cookie, flags: 0, detail: "held"),
            "\(closed) \(session.child.stderr)")
        #expect(session.child.wait(timeout: 30) == 0, "\(session.child.stderr)")
        // Playback ended with the window: nothing drew into its destroyed widgets.
        #expect(!session.child.stderr.contains("CRITICAL"), "\(session.child.stderr)")
    }
}
