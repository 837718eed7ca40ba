import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeFeed

/// Items keep their URLs as text and make them again when read: what comes back must be the
/// URL that went in, whatever its shape, and equality must follow the URLs.
@Suite struct StoredURLTests {
    static let urls: [URL] = [
        URL(string: "https://cdn.example.com/a/b/cover-000123.jpg?sig=a%2Fb&x=1#top")!,
        URL(string: "http://127.0.0.1:8080/media/c0-000.flv")!,
        URL(fileURLWithPath: "/tmp/catalog/media/with space and é/cover [1] %41.jpg"),
        URL(fileURLWithPath: "/tmp/catalog/"),
        URL(string: "https://example.com")!,
        URL(string: "media/relative.jpg", relativeTo: URL(string: "https://example.com/feed/")!)!,
        URL(string: "file:///tmp/a%2Fb/c.mp4")!,
    ]

    @Test(arguments: urls)
    func anItemGivesBackTheURLItWasGiven(url: URL) {
        let item = VideoItem(id: "a", title: "A", coverURL: url, videoURL: url, duration: nil, width: 1, height: 1)
        #expect(item.coverURL == url)
        #expect(item.videoURL == url)
        #expect(item.coverURL.absoluteString == url.absoluteString)
        #expect(item.coverURL.baseURL == url.baseURL)
        var pool = URLFolderPool()
        let shared = StoredURL(url, pool: &pool)
        #expect(shared == StoredURL(url))
        #expect(shared.hashValue == StoredURL(url).hashValue)
        #expect(StoredURL(url, pool: &pool).url == url)
    }

    @Test func itemsAreEqualExactlyWhenTheirURLsAre() {
        func item(_ cover: String) -> VideoItem {
            VideoItem(
                id: "a", title: "A", coverURL: URL(string: cover)!, videoURL: URL(string: "https://x/v.mp4")!,
                duration: 1, width: 1, height: 1)
        }
        #expect(item("https://x/a/b.jpg") == item("https://x/a/b.jpg"))
        #expect(item("https://x/a/b.jpg") != item("https://x/ab.jpg"))
        #expect(item("https://x/a/b.jpg") != item("https://x/a/c.jpg"))
        #expect(Set([item("https://x/a/b.jpg"), item("https://x/a/b.jpg"), item("https://x/a/c.jpg")]).count == 2)
        var changed = item("https://x/a/b.jpg")
        changed.coverURL = URL(string: "https://y/c.jpg")!
        #expect(changed.coverURL == URL(string: "https://y/c.jpg")!)
        #expect(changed == item("https://y/c.jpg"))
    }

    @Test func theEncodedFormIsTheSameAsWhenItemsHeldURLs() throws {
        let item = FeedFixtures.item(3)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(item)) as? [String: Any])
        #expect(
            Set(object.keys) == ["id", "title", "coverURL", "videoURL", "duration", "width", "height", "isFeatured"])
        #expect(object["coverURL"] as? String == item.coverURL.absoluteString)
        #expect(object["videoURL"] as? String == item.videoURL.absoluteString)
        #expect(try JSONDecoder().decode(VideoItem.self, from: JSONEncoder().encode(item)) == item)
    }

    @Test func itemsOfAPageWithSharedFoldersKeepTheirOwnURLs() throws {
        let base = URL(fileURLWithPath: "/tmp/catalog/", isDirectory: true)
        let entries = (0..<3).map { index in
            #"{"id": "i\#(index)", "cover": "media/cover-\#(index)-long-name.jpg", "flv": "media/v\#(index).flv", "width": 1, "height": 1}"#
        }
        let body = Data(#"{"data": {"info_list": [\#(entries.joined(separator: ","))]}}"#.utf8)
        let page = try FeedPageDecoder(baseURL: base).decode(body)
        #expect(page.items.map(\.coverURL.lastPathComponent) == (0..<3).map { "cover-\($0)-long-name.jpg" })
        #expect(page.items.map(\.videoURL.lastPathComponent) == ["v0.mp4", "v1.mp4", "v2.mp4"])
        #expect(page.items.allSatisfy { $0.coverURL.deletingLastPathComponent().path.hasSuffix("/catalog/media") })
    }
}
