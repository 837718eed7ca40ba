import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// `cascade` with no arguments opens the default folder when it can be listed, else the demo
/// with the reason; any source or path given wins; the preference is read, written and reset.
@Suite struct DefaultFolderLaunchTests {
    let temporary = TemporaryFolders()

    @Test func aListableDefaultFolderReplacesTheDemoOnlyWithoutArguments() throws {
        let folder = try temporary.make("cascade-default-folder")
        let start = DefaultFolderLaunch.resolve(LaunchOptions(), defaultFolder: folder.path + "/./")
        #expect(start.options.source == .folder(folder.standardizedFileURL.path))
        #expect(start.problem == nil)

        for arguments in [
            ["--catalog", "/tmp/x"], ["--folder", "/tmp"], ["/tmp/clip.mp4"], ["--feed-url", "http://h/f"],
        ] {
            let options = try LaunchOptions.parse(arguments)
            let kept = DefaultFolderLaunch.resolve(options, defaultFolder: folder.path)
            #expect(kept.options == options && kept.problem == nil, "\(arguments)")
        }
        #expect(DefaultFolderLaunch.resolve(LaunchOptions(), defaultFolder: nil).options == LaunchOptions())
        // `--small-demo` is still the demo: the default folder opens in its place.
        let small = try LaunchOptions.parse(["--small-demo"])
        #expect(DefaultFolderLaunch.resolve(small, defaultFolder: folder.path).options.source == .folder(folder.path))
    }

    @Test func aFolderThatCannotBeOpenedLeavesTheDemoAndSaysWhy() throws {
        let root = try temporary.make("cascade-default-folder")
        let file = root.appendingPathComponent("clip.mp4")
        try Data("x".utf8).write(to: file)
        let locked = root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }

        let cases: [(String, DefaultFolderLaunch.Problem)] = [
            (root.appendingPathComponent("gone").path, .missing), (file.path, .notAFolder),
        ]
        for (path, problem) in cases {
            let start = DefaultFolderLaunch.resolve(LaunchOptions(), defaultFolder: path)
            #expect(start.options == LaunchOptions(), "\(path)")
            #expect(start.problem == problem, "\(path)")
        }
        // Root reads any folder: the permission check only holds for other users.
        if getuid() != 0 {
            #expect(DefaultFolderLaunch.resolve(LaunchOptions(), defaultFolder: locked.path).problem == .unreadable)
        }
        #expect(DefaultFolderLaunch.resolve(LaunchOptions(), defaultFolder: "relative/path").problem == nil)
        #expect(Set([DefaultFolderLaunch.Problem.missing, .notAFolder, .unreadable].map(\.notice)).count == 3)
    }

    @Test func thePreferenceIsReadWrittenAndReset() throws {
        var model = PreferencesModel(source: .entries(["default-folder": "/home/me/Videos & more"]))
        #expect(model.preferences.defaultFolder == "/home/me/Videos & more")
        #expect(model.entries["default-folder"] == "/home/me/Videos & more")
        let reset = try #require(model.update { $0.defaultFolder = nil })
        #expect(reset["default-folder"] == nil)
        #expect(model.update { $0.defaultFolder = "not/absolute" } == nil, "a relative path is not kept")
        let chosen = try #require(model.update { $0.defaultFolder = "/srv/films" })
        #expect(chosen["default-folder"] == "/srv/films")
    }
}
