import CascadeTestSupport
import Foundation

/// A GTK4 window (python3-gi) with one label per URI list; dragging label `i` offers list `i` as
/// `text/uri-list`, the format file managers drag files in.
final class DragSource {
    private let child: ChildGroup
    private let bus: PrivateSessionBus
    private let window: String
    private let display: String
    private static let rowHeight = 40

    init(lists: [[URL]], display: String, in directory: URL) throws {
        self.display = display
        let script = directory.appendingPathComponent("drag-source.py")
        try Self.program.write(to: script, atomically: true, encoding: .utf8)
        let arguments = lists.map { $0.map(\.absoluteString).joined(separator: " ") }
        // A GtkApplication registers on the session bus: without one of its own it would
        // autolaunch a bus that outlives the display (and, without the run's marker, unseen).
        bus = try PrivateSessionBus()
        child = try ChildGroup(
            ["/usr/bin/python3", script.path] + arguments,
            environment: bus.environment.merging(["DISPLAY": display, "GDK_BACKEND": "x11"]) { $1 })
        let found = PlayerPageTests.xdotool(
            ["search", "--sync", "--onlyvisible", "--name", "^drag-source$"], display: display)
        guard let id = found?.split(separator: "\n").first.map(String.init) else {
            throw WindowDriver.DriverError("no drag source window: \(child.text)")
        }
        window = id
        _ = PlayerPageTests.xdotool(["windowmove", "--sync", window, "0", "0"], display: display)
    }

    deinit { child.killGroup() }

    /// Presses on label `index`, moves the pointer in steps to `point` in the app window's
    /// coordinates (XDND needs motion events to start and to track the drag) and releases.
    func drag(_ index: Int, onto driver: WindowDriver, at point: (Double, Double)) {
        let y = "\(index * Self.rowHeight + Self.rowHeight / 2)"
        _ = PlayerPageTests.xdotool(["mousemove", "--window", window, "60", y], display: display)
        _ = PlayerPageTests.xdotool(["mousedown", "1"], display: display)
        // Past GTK's drag threshold inside the source, then across to the app window.
        for dx in [6, 12, 24, 48, 96] {
            _ = PlayerPageTests.xdotool(["mousemove", "--window", window, "\(60 + dx)", y], display: display)
            usleep(40_000)  // the pace of a hand: each motion reaches both apps before the next
        }
        for step in 1...8 {
            driver.move(to: point.0 * Double(step) / 8, point.1)
            usleep(40_000)
        }
        driver.move(to: point.0, point.1)
        usleep(100_000)
        _ = PlayerPageTests.xdotool(["mouseup", "1"], display: display)
    }

    func stop() { child.killGroup() }

    private static let program = """
        import sys, gi
        gi.require_version("Gtk", "4.0")
        gi.require_version("Gdk", "4.0")
        from gi.repository import Gtk, Gdk, GLib

        def row(text):
            label = Gtk.Label(label="drag me")
            label.set_size_request(180, \(rowHeight))
            data = GLib.Bytes.new(("\\r\\n".join(text.split()) + "\\r\\n").encode())
            source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
            source.connect("prepare", lambda *_: Gdk.ContentProvider.new_for_bytes("text/uri-list", data))
            label.add_controller(source)
            return label

        def activate(app):
            window = Gtk.ApplicationWindow(application=app, title="drag-source")
            box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
            for text in sys.argv[1:]:
                box.append(row(text))
            window.set_child(box)
            window.present()

        app = Gtk.Application()
        app.connect("activate", activate)
        app.run([])
        """
}
