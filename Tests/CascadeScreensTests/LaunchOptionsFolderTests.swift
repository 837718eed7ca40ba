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
