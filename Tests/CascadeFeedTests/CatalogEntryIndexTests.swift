import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeFeed

/// The local catalog keeps byte ranges of its entries instead of the parsed entries: pages read
/// from those ranges must be exactly what one parse of the whole file gives.
@Suite struct CatalogEntryIndexTests {
    /// A feed file that is hard to cut by hand: a BOM, whitespace everywhere, strings holding
    /// brackets, commas, quotes and escapes, nested arrays and objects inside entries, entries that
    /// are not objects, an `info_list` nested where it does not count, and a repeated `data` key
    /// (the last one wins, as in the parsed tree).
    static let trickyFeed =
        "\u{FEFF} {\"data\": {\"info_list\": [{\"id\": \"old\"}]},\n \"data\" : {\"end\": 0,\n"
        + "\"info_list\" :[ \n"
        + "{\"id\":\"a\",\"title\":\"x}],\\\"{[\",\"cover\":\"media/a.jpg\",\"flv\":\"media/a.flv\",\"width\":640,\"height\":360},"
        + "  7 ,\n"
        + "{\"id\":\"b\\u0062\",\"tags\":[[1,2],{\"k\":[3]}],\"cover\":\"media/b.jpg\",\"flv\":\"media/b.flv\",\"width\":\"640\",\"height\":480},"
        + "{\"id\":\"c\",\"nested\":{\"info_list\":[1,2,3]},\"cover\":\"media/c.jpg\",\"flv\":\"media/c.flv\",\"width\":1,\"height\":1}\t,"
        + "{\"cover\":\"media/d.jpg\",\"width\":1,\"height\":1},"
        + "{\"id\":\"\u{00E9}\u{1F600}\",\"cover\":\"media/e.jpg\",\"flv\":\"media/e.flv\",\"width\":2,\"height\":3}"
        + " ] } }  \n"

    func makeCatalog() throws -> URL {
        try FeedFixtures.writeCatalog(
            channels: [Channel(id: "c0", title: "Travel")], itemsPerChannel: 23,
            at: FeedFixtures.temporaryDirectory("catalog-index"))
    }

    @Test func parsingRecordsTheRangesOfTheLastArrayAtThePath() throws {
        // Elements are still validated: a bad one fails the whole parse.
        #expect(throws: JSONParser.Failure.self) {
            try JSONParser.parse(Array(#"{"a": {"b": [1, [tru]]}}"#.utf8), recordingElementsAt: ["a", "b"])
        }
        let text = Array(#"{"a": {"b": [1, "x,]", [2]]}, "c": [{"b": [9]}], "a": {"b": [ {"k": 1} , true ]}}"#.utf8)
        let (value, elements) = try JSONParser.parse(text, recordingElementsAt: ["a", "b"])
        #expect(value["a"]?["b"] == .array([.null, .null]))
        #expect(value["c"] == (try JSONParser.parse(text))["c"])
        #expect(elements.map { String(decoding: text[$0], as: UTF8.self) } == [#"{"k": 1}"#, "true"])
        #expect(try JSONParser.parse(text, recordingElementsAt: ["c", "b"]).elements.isEmpty)
        #expect(
            try JSONParser.parse(Array(#"{"a": {"b": []}}"#.utf8), recordingElementsAt: ["a", "b"]).elements.isEmpty)
    }

    @Test(arguments: [1, 2, 4, 100])
    func pagesFromTheIndexEqualTheWholeFileDecodedAtOnce(pageSize: Int) async throws {
        let root = try FeedFixtures.temporaryDirectory("catalog-index")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("c0"), withIntermediateDirectories: true)
        let data = Data(Self.trickyFeed.utf8)
        try data.write(to: root.appendingPathComponent("c0/feed.json"))
        let whole = try FeedPageDecoder(baseURL: LocalCatalogLoader.directoryURL(root)).decode(data)
        let loader = LocalCatalogLoader(root: root, channelID: "c0")
        var items: [VideoItem] = []
        var entryCount = 0
        var skipped = 0
        for number in 0... {
            let page = try await loader.page(number: number, size: pageSize)
            items += page.items
            entryCount += page.entryCount
            skipped += page.skippedCount
            if page.isEnd { break }
        }
        #expect(items.map(\.id) == ["a", "bb", "c", "\u{00E9}\u{1F600}"])
        #expect(items == whole.items)
        #expect(entryCount == 6)
        #expect(skipped == whole.skippedCount)
    }

    @Test func aFeedFileChangedBetweenPagesIsReadAgain() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        let loader = LocalCatalogLoader(root: root, channelID: "c0")
        #expect(try await loader.page(number: 0, size: 10).items.first?.id == "c0-000")
        // A longer file, so its size differs whatever the clock's resolution.
        try FeedFixtures.writeCatalog(
            channels: [Channel(id: "c0", title: "Travel and more")], itemsPerChannel: 30, at: root)
        let second = try await loader.page(number: 1, size: 10)
        #expect(second.items.map(\.title).first == "Travel and more 10")
        #expect(!second.isEnd)
        #expect(try await loader.page(number: 2, size: 10).isEnd)
    }

    @Test func aFeedFileRemovedBetweenPagesIsAnUnreadableFile() async throws {
        let root = try makeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        let loader = LocalCatalogLoader(root: root, channelID: "c0")
        _ = try await loader.page(number: 0, size: 10)
        let file = root.appendingPathComponent("c0/feed.json")
        try FileManager.default.removeItem(at: file)
        await #expect(throws: FeedError.unreadableFile(path: file.path)) {
            try await loader.page(number: 1, size: 10)
        }
    }
}
