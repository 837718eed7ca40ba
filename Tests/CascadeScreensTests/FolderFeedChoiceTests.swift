import CascadeScreens
import Foundation
import Testing

@Suite struct FolderFeedChoiceTests {
    @Test func aFolderWithChannelsJSONIsACatalogAnyOtherIsAVideoFeed() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "cascade-choice-\(UUID().uuidString)", isDirectory: true)
        let plain = root.appendingPathComponent("My Videos", isDirectory: true)
        let catalog = root.appendingPathComponent("catalog", isDirectory: true)
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{}".utf8).write(to: catalog.appendingPathComponent("channels.json"))
        // A file merely named like it, one level down, does not make the parent a catalog.
        try FileManager.default.createDirectory(
            at: plain.appendingPathComponent("sub/channels.json", isDirectory: true), withIntermediateDirectories: true)

        #expect(FolderFeedChoice.choose(for: plain) == .videos(plain.standardizedFileURL))
        #expect(FolderFeedChoice.choose(for: catalog) == .catalog(catalog.standardizedFileURL))
        // An unnormalised path names the same folder, and so the same persisted pages.
        let dotted = URL(fileURLWithPath: plain.path + "/sub/..", isDirectory: true)
        #expect(FolderFeedChoice.choose(for: dotted) == .videos(plain.standardizedFileURL))
        #expect(FolderFeedChoice.choose(for: dotted).cacheKey == FolderFeedChoice.choose(for: plain).cacheKey)
    }

    @Test func theDecisionAsksOnlyForTheCatalogFile() {
        var asked: [String] = []
        let choice = FolderFeedChoice.choose(for: URL(fileURLWithPath: "/v/a")) {
            asked.append($0)
            return true
        }
        #expect(asked == ["/v/a/channels.json"])
        #expect(choice == .catalog(URL(fileURLWithPath: "/v/a")))
        #expect(choice.folder.path == "/v/a")
        #expect(
            FolderFeedChoice.choose(for: URL(fileURLWithPath: "/v/a")) { _ in false }
                == .videos(URL(fileURLWithPath: "/v/a")))
    }

    @Test func theKeyIsTheLaunchSourcesKey() {
        let folder = URL(fileURLWithPath: "/home/me/Videos")
        let key = AppModel.catalogKey(for: .folder("/home/me/Videos"))
        #expect(FolderFeedChoice.videos(folder).cacheKey == key)
        #expect(FolderFeedChoice.catalog(folder).cacheKey == key)
        #expect(FolderFeedChoice.videos(URL(fileURLWithPath: "/home/me/Other")).cacheKey != key)
    }
}
