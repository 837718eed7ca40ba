import CascadeFeed
import Foundation
import Testing

/// The reference's `.flv` → `.mp4` rule applies to the feed format's `flv` field only.
@Suite struct ReferenceVideoURLTests {
    @Test(arguments: [
        ("http://cdn.example.com/v/a.flv", "http://cdn.example.com/v/a.mp4"),
        ("https://cdn.example.com/v/a.FLV?sig=1&t=2", "https://cdn.example.com/v/a.mp4?sig=1&t=2"),
        ("https://cdn.example.com/flv/a.flv#t=3", "https://cdn.example.com/flv/a.mp4#t=3"),
        ("https://cdn.example.com/v/a.mp4", "https://cdn.example.com/v/a.mp4"),
        ("https://cdn.example.com/v/a.flvx", "https://cdn.example.com/v/a.flvx"),
        ("https://cdn.example.com/v/a?format=.flv", "https://cdn.example.com/v/a?format=.flv"),
        ("file:///tmp/clips/one.flv", "file:///tmp/clips/one.mp4"),
        ("HTTPS://cdn.example.com/a%20b.flv", "HTTPS://cdn.example.com/a%20b.mp4"),
    ])
    func rewritesOnlyThePathExtension(input: String, expected: String) {
        #expect(ReferenceVideoURL.playable(fromFLVField: URL(string: input)!).absoluteString == expected)
    }

    @Test func theDecoderRewritesTheFLVFieldOnly() throws {
        let body = #"""
            {"data": {"info_list": [
              {"cover": "c.jpg", "flv": "media/a.flv", "width": 1, "height": 1},
              {"cover": "c.jpg", "video": "media/b.flv", "width": 1, "height": 1},
              {"cover": "c.jpg", "url": "https://cdn.example.com/c.FLV", "width": 1, "height": 1}
            ], "end": 1}}
            """#
        let root = URL(fileURLWithPath: "/srv/catalog/", isDirectory: true)
        let page = try FeedPageDecoder(baseURL: root, policy: .localFolders(roots: [root])).decode(Data(body.utf8))
        #expect(page.items.map(\.videoURL.lastPathComponent) == ["a.mp4", "b.flv", "c.FLV"])
    }

    @Test func theIDStaysTheOneDerivedFromTheFeedsURL() throws {
        let body =
            #"{"data": {"info_list": [{"cover": "https://x/c.jpg", "flv": "https://x/v.flv", "width": 1, "height": 1}]}}"#
        let page = try FeedPageDecoder().decode(Data(body.utf8))
        let item = try #require(page.items.first)
        #expect(item.videoURL.absoluteString == "https://x/v.mp4")
        #expect(item.id == StableID.derived(from: URL(string: "https://x/v.flv")!))
    }
}
