import CascadeScreens
import Foundation
import Testing

/// The desktop side of the command line: files and folders, one instance, preferences.
@Suite struct DesktopLaunchTests {
    @Test func positionalPathsAndFileURIs() throws {
        let options = try LaunchOptions.parse([
            "--columns", "3", "clip.mp4", "file:///home/a/My%20Videos", "--", "--odd",
        ])
        #expect(options.paths == ["clip.mp4", "/home/a/My Videos", "--odd"])
        #expect(options.columns == 3)
    }

    @Test func interactiveRunsAreSingleInstanceAndScriptRunsAreNot() throws {
        #expect(try LaunchOptions.parse([]).usesSingleInstance(headless: false))
        #expect(try !LaunchOptions.parse([]).usesSingleInstance(headless: true))
        let script = try LaunchOptions.parse(["--script", "s", "--report", "r"])
        #expect(!script.usesSingleInstance(headless: false))
        #expect(!script.usesPreferences(headless: false))
        let joined = try LaunchOptions.parse(["--script", "s", "--report", "r", "--single-instance", "--preferences"])
        #expect(joined.usesSingleInstance(headless: false))
        #expect(joined.usesPreferences(headless: false))
        #expect(try !LaunchOptions.parse(["--new-instance"]).usesSingleInstance(headless: false))
        #expect(try !LaunchOptions.parse(["--no-preferences"]).usesPreferences(headless: false))
        #expect(try LaunchOptions.parse(["--version"]).showVersion)
    }

    @Test func anOpenedVideoFileIsAnItemNamedAfterIt() {
        let url = URL(fileURLWithPath: "/videos/Holiday clip.mp4")
        let item = OpenTarget.item(forVideoFile: url)
        #expect(item.title == "Holiday clip.mp4")
        #expect(item.videoURL == url && item.coverURL == url)
        #expect(item.id == OpenTarget.item(forVideoFile: url).id)
        #expect(item.id != OpenTarget.item(forVideoFile: URL(fileURLWithPath: "/videos/other.mp4")).id)
    }

    @Test func openTargetsAreClassifiedByContent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // An ISO BMFF header without the .mp4 extension, and text with it.
        var mp4 = Data([0, 0, 0, 0x20])
        mp4.append(contentsOf: Array("ftypisom".utf8))
        mp4.append(Data(count: 40))
        try mp4.write(to: dir.appendingPathComponent("clip"))
        try Data("hello\n".utf8).write(to: dir.appendingPathComponent("notes.mp4"))
        try Data().write(to: dir.appendingPathComponent("empty.mkv"))
        // What the folder scan hides and the player refuses is not a video here either.
        try Data(Array("\0\0\0\u{18}ftypheic\0\0\0\0".utf8)).write(to: dir.appendingPathComponent("photo.heic"))
        try Data(Array("\0\0\0\u{18}ftypM4A \0\0\0\0".utf8)).write(to: dir.appendingPathComponent("song.m4a"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("Holiday videos"), withIntermediateDirectories: true)

        #expect(OpenTarget.classify(path: "clip", relativeTo: dir).kind == "video")
        #expect(
            OpenTarget.classify(path: "notes.mp4", relativeTo: dir)
                == .notVideo(dir.appendingPathComponent("notes.mp4")))
        #expect(OpenTarget.classify(path: "empty.mkv", relativeTo: dir).kind == "not_video")
        #expect(OpenTarget.classify(path: "photo.heic", relativeTo: dir).kind == "not_video")
        #expect(OpenTarget.classify(path: "song.m4a", relativeTo: dir).kind == "not_video")
        #expect(OpenTarget.classify(path: "Holiday videos", relativeTo: dir).kind == "folder")
        #expect(OpenTarget.classify(path: "gone.mp4", relativeTo: dir).kind == "missing")
        #expect(
            OpenTarget.classify(path: dir.appendingPathComponent("clip").path, relativeTo: URL(fileURLWithPath: "/"))
                .kind == "video")
        #expect(OpenTarget.classify(path: "/dev/null", relativeTo: dir).kind == "not_video")
        #expect(OpenTarget.notVideo(dir.appendingPathComponent("notes.mp4")).problem == "“notes.mp4” is not a video.")
    }

    @Test(
        arguments: [
            ("plus", nil, 3, 4), ("equal", 2, 5, 3), ("minus", nil, 3, 2), ("minus", 1, 1, 1), ("plus", 12, 12, 12),
            ("KP_Add", nil, 0, 2),
        ] as [(String, Int?, Int, Int)])
    func columnShortcuts(key: String, current: Int?, shown: Int, expected: Int) throws {
        let shortcut = try #require(ColumnShortcut(keyName: key))
        #expect(shortcut.columns(after: current, shown: shown) == expected)
    }

    @Test func adaptiveShortcutAndOtherKeys() {
        #expect(ColumnShortcut(keyName: "0")?.columns(after: 4, shown: 4) == nil)
        #expect(ColumnShortcut(keyName: "Tab") == nil)
    }
}
