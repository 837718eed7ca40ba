import CascadeFeed
import Foundation
import Testing

@Suite struct FeedPageDecoderTests {
    static let base = URL(string: "http://127.0.0.1:8080/")!

    /// Decodes a page with one entry given as JSON text.
    func decodeOne(_ entry: String, base: URL? = FeedPageDecoderTests.base) throws -> FeedPage {
        try FeedPageDecoder(baseURL: base).decode(Data(#"{"data": {"info_list": [\#(entry)], "end": 0}}"#.utf8))
    }

    static let valid = #""cover": "https://x/c.jpg", "flv": "https://x/v.flv", "width": 640, "height": 360"#

    // MARK: Fields

    @Test(
        arguments: [
            (#""duration": 5"#, 5.0),
            (#""duration": "5""#, 5.0),
            (#""duration": "5.5""#, 5.5),
            (#""duration": "0:05""#, 5.0),
            (#""duration": "12:34""#, 754.0),
            (#""duration": "1:02:03""#, 3723.0),
            (#""duration": " 01:00 ""#, 60.0),
        ] as [(String, Double)])
    func durationIsReadFromSecondsOrClock(field: String, seconds: Double) throws {
        let page = try decodeOne("{\(Self.valid), \(field)}")
        #expect(page.items.first?.duration == seconds)
    }

    @Test(arguments: [
        #""duration": "abc""#, #""duration": -3"#, #""duration": "1:75""#, #""duration": "1::2""#,
        #""duration": "1:2:3:4""#, #""duration": null"#, #""duration": "nan""#, #""duration": [1]"#, #""title": "x""#,
    ])
    func unreadableDurationIsNilButTheItemLoads(field: String) throws {
        let page = try decodeOne("{\(Self.valid), \(field)}")
        #expect(page.items.count == 1)
        #expect(page.items.first?.duration == nil)
    }

    @Test(
        arguments: [
            (#""width": "640", "height": "360""#, 640.0, 360.0),
            (#""width": 320.5, "height": " 200 ""#, 320.5, 200.0),
            (#""width": 1e3, "height": "2E2""#, 1000.0, 200.0),
        ] as [(String, Double, Double)])
    func sizesMayBeStrings(fields: String, width: Double, height: Double) throws {
        let page = try decodeOne(#"{"cover": "a.jpg", "flv": "a.flv", \#(fields)}"#)
        #expect(page.items.first?.width == width)
        #expect(page.items.first?.height == height)
    }

    @Test(
        arguments: [
            (#"{"flv": "a.flv", "width": 1, "height": 1}"#, SkipReason.missingCover),
            (#"{"cover": "  ", "flv": "a.flv", "width": 1, "height": 1}"#, .missingCover),
            (#"{"cover": "ftp://x/a.jpg", "flv": "a.flv", "width": 1, "height": 1}"#, .invalidCoverURL),
            (#"{"cover": "javascript:alert(1)", "flv": "a.flv", "width": 1, "height": 1}"#, .invalidCoverURL),
            (#"{"cover": "a.jpg", "width": 1, "height": 1}"#, .missingVideo),
            (#"{"cover": "a.jpg", "flv": "data:video/mp4;base64,AA", "width": 1, "height": 1}"#, .invalidVideoURL),
            (#"{"cover": "a.jpg", "flv": "a.flv", "width": 0, "height": 1}"#, .invalidSize),
            (#"{"cover": "a.jpg", "flv": "a.flv", "width": -5, "height": 1}"#, .invalidSize),
            (#"{"cover": "a.jpg", "flv": "a.flv", "width": "NaN", "height": 1}"#, .invalidSize),
            (#"{"cover": "a.jpg", "flv": "a.flv", "width": "inf", "height": 1}"#, .invalidSize),
            (#"{"cover": "a.jpg", "flv": "a.flv", "width": 1}"#, .invalidSize),
            (#"{"cover": "a.jpg", "flv": "a.flv", "width": "wide", "height": 1}"#, .invalidSize),
            (#""just a string""#, .notAnObject),
            ("42", .notAnObject),
        ] as [(String, SkipReason)])
    func unusableEntriesAreSkippedWithTheirReason(entry: String, reason: SkipReason) throws {
        let json =
            #"{"data": {"info_list": [{\#(Self.valid), "id": "ok1"}, \#(entry), {\#(Self.valid), "id": "ok2"}]}}"#
        let page = try FeedPageDecoder(baseURL: Self.base).decode(Data(json.utf8))
        #expect(page.items.map(\.id) == ["ok1", "ok2"])
        #expect(page.skipped == [SkippedItem(index: 1, reason: reason)])
        #expect(page.entryCount == 3)
    }

    @Test(arguments: [
        ("media/a.jpg", "http://127.0.0.1:8080/media/a.jpg"),
        ("/media/a.jpg", "http://127.0.0.1:8080/media/a.jpg"),
        ("https://cdn.example.com/a.jpg", "https://cdn.example.com/a.jpg"),
        ("HTTP://cdn.example.com/a.jpg", "HTTP://cdn.example.com/a.jpg"),
        ("//cdn.example.com/a.jpg", "http://cdn.example.com/a.jpg"),
        ("media/a b.jpg", "http://127.0.0.1:8080/media/a%20b.jpg"),
    ])
    func referencesResolveAgainstTheBaseURL(reference: String, expected: String) throws {
        let page = try decodeOne(#"{"cover": "\#(reference)", "flv": "v.flv", "width": 1, "height": 1}"#)
        #expect(page.items.first?.coverURL.absoluteString == expected)
    }

    @Test func relativeReferencesResolveToFilesUnderACatalogRoot() throws {
        let root = URL(fileURLWithPath: "/srv/catalog/", isDirectory: true)
        let page = try decodeOne(
            #"{"cover": "media/a.jpg", "flv": "media/a.flv", "width": 1, "height": 1}"#, base: root)
        #expect(page.items.first?.coverURL == URL(fileURLWithPath: "/srv/catalog/media/a.jpg"))
        #expect(page.items.first?.videoURL.isFileURL == true)
    }

    @Test func relativeReferencesWithoutABaseAreUnusable() throws {
        let page = try decodeOne(
            #"{"cover": "media/a.jpg", "flv": "https://x/a.flv", "width": 1, "height": 1}"#, base: nil)
        #expect(page.items.isEmpty)
        #expect(page.skipped.map(\.reason) == [.invalidCoverURL])
    }

    // MARK: Ids and flags

    @Test(arguments: [(#""id": "abc""#, "abc"), (#""id": 42"#, "42"), (#""id": " x ""#, "x")])
    func explicitIdsWin(field: String, id: String) throws {
        #expect(try decodeOne("{\(Self.valid), \(field)}").items.first?.id == id)
    }

    @Test func missingIdsAreDerivedStablyFromTheVideoURL() throws {
        let first = try decodeOne("{\(Self.valid)}").items.first?.id
        let again = try decodeOne(
            #"{"cover": "https://y/other.jpg", "flv": "https://x/v.flv", "width": 9, "height": 9}"#)
        let other = try decodeOne(
            #"{"cover": "https://x/c.jpg", "flv": "https://x/w.flv", "width": 640, "height": 360}"#)
        #expect(first == again.items.first?.id)
        #expect(first != other.items.first?.id)
        // FNV-1a 64 of "https://x/v.flv": fixed across runs and platforms (never `hashValue`).
        #expect(first == StableID.derived(from: URL(string: "https://x/v.flv")!))
        #expect(StableID.derived(from: URL(string: "a")!) == "v-af63dc4c8601ec8c")
    }

    @Test(
        arguments: [
            (#""featured": 1"#, true), (#""featured": "1""#, true), (#""featured": true"#, true),
            (#""featured": 0"#, false), (#""featured": "false""#, false), (#""title": "t""#, false),
        ] as [(String, Bool)])
    func featuredIsOptional(field: String, featured: Bool) throws {
        #expect(try decodeOne("{\(Self.valid), \(field)}").items.first?.isFeatured == featured)
    }

    @Test(
        arguments: [
            (#"{"data": {"info_list": [], "end": 1}}"#, true),
            (#"{"data": {"info_list": [], "end": "1"}}"#, true),
            (#"{"data": {"info_list": [], "end": 0}}"#, false),
            (#"{"data": {"info_list": []}}"#, false),
            (
                #"{"data": {"info_list": [{"cover": "a", "flv": "b", "width": 1, "height": 1, "end": 1}], "end": 0}}"#,
                true
            ),
        ] as [(String, Bool)])
    func endComesFromThePageOrAnEntry(json: String, isEnd: Bool) throws {
        #expect(try FeedPageDecoder(baseURL: Self.base).decode(Data(json.utf8)).isEnd == isEnd)
    }

    @Test func numbersAsStringsAndMissingOptionalsDecodeFully() throws {
        let json =
            #"{"data": {"info_list": [{"cover": "c.jpg", "flv": "v.flv", "width": "640", "height": "360"}], "end": 1}}"#
        let item = try #require(try FeedPageDecoder(baseURL: Self.base).decode(Data(json.utf8)).items.first)
        #expect(item.title == "")
        #expect(item.duration == nil)
        #expect(item.isFeatured == false)
        #expect(item.aspectRatio == 0.5625)
    }

    // MARK: Wrong shapes

    @Test(
        arguments: [
            ("", FeedError.badPayload(.notJSON)),
            ("<html>502 Bad Gateway</html>", .badPayload(.notJSON)),
            (#"{"data": {"info_list": [{"#, .badPayload(.notJSON)),
            ("[]", .badPayload(.wrongShape(path: "$"))),
            ("null", .badPayload(.wrongShape(path: "$"))),
            (#"{"info_list": []}"#, .badPayload(.wrongShape(path: "data"))),
            (#"{"data": []}"#, .badPayload(.wrongShape(path: "data"))),
            (#"{"data": {}}"#, .badPayload(.wrongShape(path: "data.info_list"))),
            (#"{"data": {"info_list": {"a": 1}}}"#, .badPayload(.wrongShape(path: "data.info_list"))),
        ] as [(String, FeedError)])
    func wrongTopLevelShapesAreTypedErrors(body: String, error: FeedError) {
        #expect(throws: error) { try FeedPageDecoder(baseURL: Self.base).decode(Data(body.utf8)) }
    }

    // MARK: Channels

    @Test func channelListsDecodeTolerantly() throws {
        let json =
            #"{"channels": [{"id": "c0", "title": "Travel"}, {"id": 7}, {"title": "no id"}, {"id": "c0", "title": "dup"}]}"#
        let channels = try ChannelListDecoder.decode(Data(json.utf8))
        #expect(channels == [Channel(id: "c0", title: "Travel"), Channel(id: "7", title: "7")])
        #expect(
            try ChannelListDecoder.decode(Data(#"[{"id": "a", "title": "A"}]"#.utf8)) == [Channel(id: "a", title: "A")])
    }

    @Test func channelListsOfTheWrongShapeAreTypedErrors() {
        #expect(throws: FeedError.badPayload(.wrongShape(path: "channels"))) {
            try ChannelListDecoder.decode(Data(#"{"tabs": []}"#.utf8))
        }
        #expect(throws: FeedError.badPayload(.notJSON)) { try ChannelListDecoder.decode(Data("nope".utf8)) }
    }

    // MARK: Items

    @Test func itemsRoundTripThroughCodableAndOldCachesWithoutTheFeaturedFlagDecode() throws {
        let item = VideoItem(
            id: "a", title: "A", coverURL: URL(string: "https://x/a.jpg")!, videoURL: URL(string: "https://x/a.flv")!,
            duration: nil, width: 2, height: 3, isFeatured: true)
        #expect(try JSONDecoder().decode(VideoItem.self, from: JSONEncoder().encode(item)) == item)
        let old =
            #"{"id": "a", "title": "A", "coverURL": "https://x/a.jpg", "videoURL": "https://x/a.flv", "width": 2, "height": 3}"#
        #expect(try JSONDecoder().decode(VideoItem.self, from: Data(old.utf8)).isFeatured == false)
    }
}
