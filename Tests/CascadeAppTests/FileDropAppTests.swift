import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Real drags and drops (XDND) from another GTK4 app on the same display, as from a file
/// manager: a GTK4 drag source (python3-gi) offers `text/uri-list`, xdotool presses on it, moves
/// the pointer onto the Cascade window and releases there.
@Suite struct FileDropAppTests {
    @Test func droppedFoldersAndVideosOpenAndTheRestIsExplained() throws {
        let start = try VideoFolderFixture(label: "cascade-drop-start")
        defer { start.remove() }
        let dropped = try VideoFolderFixture(label: "cascade-drop")
        defer { dropped.remove() }
        try start.clip("start.mp4", size: "160x90", duration: 1)
        let first = try dropped.clip("first.mp4", size: "160x90", duration: 2)
        try dropped.clip("second.mp4", size: "90x160", duration: 2)
        let notes = try dropped.file("notes.mp4", bytes: Array("not a video\n".utf8))

        let driver = try WindowDriver(arguments: [start.url.path, "--carousel-interval", "0"])
        let source = try DragSource(
            lists: [[dropped.url], [first, notes], [notes]], display: driver.display.name, in: driver.directory)
        let (initial, started) = try driver.settle { $0.feed.items == 1 }
        #expect(started, "the start folder's one video: \(initial.feed)")
        driver.xdotool(["windowmove", driver.window, "300", "0"])

        // A folder: its feed, drawn.
        source.drag(0, onto: driver, at: (400, 400))
        let (folder, opened) = try driver.settle {
            $0.state.opened.last?.path == dropped.url.path && $0.feed.items == 2
        }
        #expect(opened, "the dropped folder's feed: \(folder.state.opened) \(folder.feed)")
        #expect(folder.state.opened.last?.kind == "folder")
        // Two clips: the portrait one's fitted cell is taller than the window, so one cover is whole.
        let problems = try driver.drawingProblems(folder, minimumCovers: 1)
        #expect(problems.isEmpty, "the dropped folder's feed is drawn: \(problems)")
        #expect(folder.state.toasts == nil)

        // A video and a text file: the video plays, a toast says what was left out.
        source.drag(1, onto: driver, at: (400, 400))
        // (The player page is not idle here: the hidden feed behind it does not draw its covers.)
        let (video, played) = try settle(driver) { $0.screen == "player" && $0.toasts != nil }
        #expect(played, "the player on the dropped video: \(video.screen) \(video.toasts ?? [])")
        #expect(video.opened.last?.kind == "video")
        #expect(video.opened.last?.path == first.path)
        #expect(video.player.title == "first.mp4")
        #expect(video.toasts == ["1 dropped item is not a video and was not opened."])
        #expect(video.alert == nil)

        // Only a file that is not a video: refused, with the reason.
        source.drag(2, onto: driver, at: (400, 400))
        let (refused, alerted) = try settle(driver) { $0.alert != nil }
        #expect(alerted, "no alert for a text file")
        #expect(refused.alert == "Can't open this — “notes.mp4” is not a video.")
        #expect(refused.opened.count == video.opened.count, "nothing more was opened")
        source.stop()
    }

    /// Settles blocks until `condition` holds (whether or not the block's `wait-idle` succeeded),
    /// at most 30 s; the last state and whether it held.
    private func settle(
        _ driver: WindowDriver, until condition: (ScriptReport.State) -> Bool
    ) throws -> (ScriptReport.State, Bool) {
        let deadline = Date().addingTimeInterval(30)
        var last = try driver.settle().state
        while !condition(last) {
            guard Date() < deadline else { return (last, false) }
            last = try driver.settle().state
        }
        return (last, true)
    }
}

/// A GTK4 window (python3-gi) with one label per URI list; dragging label `i` offers list `i` as
/// `text/uri-list`, the format file managers drag files in.
private final class DragSource {
    private let child: ChildGroup
    private let window: String
    private let display: String
    private static let rowHeight = 40

    init(lists: [[URL]], display: String, in directory: URL) throws {
        self.display = display
        let script = directory.appendingPathComponent("drag-source.py")
        try Self.program.write(to: script, atomically: true, encoding: .utf8)
        let arguments = lists.map { $0.map(\.absoluteString).joined(separator: " ") }
        child = try ChildGroup(
            ["/usr/bin/python3", script.path] + arguments,
            environment: ["DISPLAY": display, "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "GDK_BACKEND": "x11"])
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
