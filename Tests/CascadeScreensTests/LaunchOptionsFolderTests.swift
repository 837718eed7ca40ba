import CascadeScreens
import Foundation
import Testing

@Suite struct LaunchOptionsFolderTests {
    let here = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)

    @Test func aFolderArgumentBecomesTheSource() throws {
        let folder = here.appendingPathComponent("cascade-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = try LaunchOptions.parse([folder.path, "--columns", "3"]).adoptingFolderArgument(relativeTo: here)
        #expect(options.source == .folder(folder.path))
        #expect(options.paths.isEmpty)
        #expect(options.pathsToForward == [folder.path])
        let relative = try LaunchOptions.parse([folder.lastPathComponent]).adoptingFolderArgument(relativeTo: here)
        #expect(relative.source == .folder(folder.standardizedFileURL.path))
    }

    /// `cascade FILE`: the file's folder is the feed behind the player, so no demo catalog is
    /// made; the file is still opened.
    @Test func aVideoArgumentMakesItsFolderTheSource() throws {
        let folder = here.appendingPathComponent("cascade-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("clip.mp4")
        try Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 16)).write(to: video)
        let options = try LaunchOptions.parse([video.path]).adoptingFolderArgument(relativeTo: here)
        #expect(options.source == .folder(folder.path))
        #expect(options.paths == [video.path])
        #expect(options.pathsToForward == [video.path], "the file alone: opening it shows its folder")
        let relative = try LaunchOptions.parse(["clip.mp4"]).adoptingFolderArgument(relativeTo: folder)
        #expect(relative.source == .folder(folder.standardizedFileURL.path))
        #expect(relative.pathsToForward == [folder.standardizedFileURL.appendingPathComponent("clip.mp4").path])
        // A text file named like a video is no video: nothing is adopted (it is refused later).
        let text = folder.appendingPathComponent("notes.mp4")
        try Data("just some notes".utf8).write(to: text)
        let refused = try LaunchOptions.parse([text.path]).adoptingFolderArgument(relativeTo: here)
        #expect(refused.source == .demoCatalog(directory: nil) && refused.paths == [text.path])
    }

    @Test func folderFlagAndOtherSourcesAreKept() throws {
        #expect(try LaunchOptions.parse(["--folder", "/v"]).source == .folder("/v"))
        #expect(try LaunchOptions.parse(["--folder", "file:///v%20x"]).source == .folder("/v x"))
        let explicit = try LaunchOptions.parse(["--catalog", "/c", here.path]).adoptingFolderArgument(relativeTo: here)
        #expect(explicit.source == .demoCatalog(directory: "/c") && explicit.paths == [here.path])
        let file = try LaunchOptions.parse(["/nonexistent/clip.mp4"]).adoptingFolderArgument(relativeTo: here)
        #expect(file.source == .demoCatalog(directory: nil) && file.paths == ["/nonexistent/clip.mp4"])
        #expect(throws: LaunchOptions.Error.self) { try LaunchOptions.parse(["--folder"]) }
    }
}
