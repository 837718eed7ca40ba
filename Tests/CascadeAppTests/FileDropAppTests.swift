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
