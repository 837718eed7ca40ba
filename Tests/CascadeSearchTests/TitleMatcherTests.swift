import CascadeFeed
import Foundation
import Testing

@testable import CascadeSearch

/// The search bar's matching on accented, Chinese, Japanese, Korean and full-width titles, and
/// its results served as feed pages.
@Suite struct TitleMatcherTests {
    @Test(arguments: [
        ("cafe", "Un Café à Paris", true), ("CAFÉ", "un cafe", true), ("paris cafe", "Un Café à Paris", true),
        ("paris cafe", "Un Café à Londres", false), ("naive", "Naïve Art", true), ("ångström", "Angstrom", true),
        ("瀑布", "云南瀑布之旅", true), ("布之", "云南瀑布之旅", true), ("瀑 旅", "云南瀑布之旅", true),
        ("瀑布", "云南山水", false), ("東京", "東京の夜景", true), ("서울", "서울 여행", true),
        ("ＡＢＣ", "abc clip", true), ("abc", "ＡＢＣ clip", true), ("  pick  ", "Today's pick #5", true),
        ("picks", "Today's pick #5", false),
    ])
    func matches(query: String, title: String, expected: Bool) {
        #expect(TitleMatcher(query: query).matches(title) == expected, "\(query) in \(title)")
    }

    @Test func anEmptyQueryMatchesEverything() {
        #expect(TitleMatcher(query: " \t").isEmpty)
        #expect(TitleMatcher(query: "").matches("anything"))
    }

    @Test func resultsKeepOrderDropRepeatsAndPage() async throws {
        func item(_ id: String, _ title: String) -> VideoItem {
            VideoItem(
                id: id, title: title, coverURL: URL(fileURLWithPath: "/c/\(id).jpg"),
                videoURL: URL(fileURLWithPath: "/v/\(id).mp4"), duration: nil, width: 16, height: 9)
        }
        let items = [
            item("a", "Café 1"), item("b", "Tea"), item("c", "cafe 2"), item("a", "Café 1"), item("d", "CAFE 3"),
        ]
        let results = SearchResults(items: items, matcher: TitleMatcher(query: "café"))
        #expect(results.items.map(\.id) == ["a", "c", "d"])
        let first = try await results.page(number: 0, size: 2)
        #expect(first.items.map(\.id) == ["a", "c"] && !first.isEnd)
        let second = try await results.page(number: 1, size: 2)
        #expect(second.items.map(\.id) == ["d"] && second.isEnd)
        let empty = try await SearchResults(items: items, matcher: TitleMatcher(query: "zzz")).page(number: 0, size: 10)
        #expect(empty.items.isEmpty && empty.isEnd)
    }
}
