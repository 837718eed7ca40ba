import CascadeFolder
import CascadeImages
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The search bar with real keys: Ctrl+F and typing show the loaded videos whose titles match
/// (case ignored), drawn; Esc returns to the channel at the position it was left.
@Suite(.serialized) struct SearchAppTests {
    @Test func ctrlFTypingAndEscapeSearchAndReturnToTheSamePlace() throws {
        let catalog = try TestCatalog.small()
        let titles = try Self.titles(in: catalog)
        let driver = try WindowDriver(arguments: ["--catalog", catalog.path, "--carousel-interval", "0"])

        // Down a page on the first channel: the place to come back to.
        _ = try driver.settle()
        driver.key("Page_Down")
        let (scrolled, scrolledMet) = try driver.settle { ($0.feed.offset ?? 0) > 0 }
        #expect(scrolledMet, "PgDn did not scroll")
        let offset = try #require(scrolled.feed.offset)

        // Ctrl+F, then "PICK": only matching titles, every loaded match of the first channel.
        driver.key("ctrl+f")
        driver.xdotool(["type", "--delay", "40", "PICK"])
        let wanted = Set(titles.filter { $0.key.hasPrefix("featured-") && $0.value.lowercased().contains("pick") }.keys)
        #expect(!wanted.isEmpty)
        let (found, foundMet) = try driver.settle { settled in
            let ids = Set(settled.report.visibleItems(settled.step).map(\.id))
            return wanted.isSubset(of: ids) && ids.allSatisfy { titles[$0]?.lowercased().contains("pick") == true }
        }
        #expect(foundMet, "the results never showed \(wanted.sorted())")
        #expect(found.state.search == "PICK")
        for item in found.report.visibleItems(found.step) {
            #expect(titles[item.id]?.lowercased().contains("pick") == true, "\(item.id): \(titles[item.id] ?? "?")")
        }
        #expect(try driver.drawingProblems(found, minimumCovers: 2).isEmpty)

        // A query nothing matches: "No Results Found" and no cells (the status page's texts drawn).
        driver.xdotool(["type", "--delay", "40", "zzq"])
        let (none, noneMet) = try driver.settle { $0.report.visibleItems($0.step).isEmpty }
        #expect(noneMet, "cells still drawn for a query nothing matches")
        let noneImage = try PixbufImageDecoder().decode(Data(contentsOf: none.png), targetSize: nil)
        let statusColours = ScreenCheck.colours(
            in: noneImage, x: 0, y: noneImage.height / 3, width: noneImage.width, height: noneImage.height / 3, step: 2)
        #expect(statusColours > 8, "the status page is blank (\(statusColours) colours)")

        // Esc: the channel page again, on the same channel at the same offset.
        driver.key("Escape")
        let (back, backMet) = try driver.settle { $0.feed.items == scrolled.feed.items }
        #expect(backMet, "Esc did not close the search")
        #expect(back.state.search == nil)
        #expect(back.state.channel == scrolled.state.channel)
        #expect(back.feed.offset == offset, "the feed is at \(back.feed.offset ?? -1), not \(offset)")
        #expect(try driver.drawingProblems(back).isEmpty)

        // Typing on the feed opens the search with what was typed.
        driver.xdotool(["type", "--delay", "40", "trend"])
        let (typed, typedMet) = try driver.settle { settled in
            let ids = settled.report.visibleItems(settled.step).map(\.id)
            return !ids.isEmpty && ids.allSatisfy { titles[$0]?.lowercased().contains("trend") == true }
        }
        #expect(typedMet, "typing did not search")
        #expect(try driver.drawingProblems(typed, minimumCovers: 2).isEmpty)
    }

    /// A folder feed searches its whole library: the oldest of 41 videos, four pages past what
    /// the channel loaded, is found by typing part of its name, drawn with its cover.
    @Test func aFolderSearchFindsAVideoOnAPageNotLoaded() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let first = try folder.clip("clip 00.mp4", size: "160x90", duration: 1)
        for i in 1..<40 {
            try FileManager.default.copyItem(at: first, to: folder.url.appendingPathComponent("clip \(i).mp4"))
            try folder.setModified("clip \(i).mp4", seconds: 1_700_000_000 + Double(i))
        }
        try folder.setModified("clip 00.mp4", seconds: 1_700_000_000)
        try FileManager.default.copyItem(at: first, to: folder.url.appendingPathComponent("Blue Whale.mp4"))
        try folder.setModified("Blue Whale.mp4", seconds: 1_600_000_000)
        let whale = MD5.hex(FileURI.from(path: folder.path("Blue Whale.mp4")))
        let driver = try WindowDriver(arguments: [
            folder.url.path, "--columns", "2", "--carousel-interval", "0", "--no-previews",
        ])

        let (start, startMet) = try driver.settle { $0.feed.items > 0 }
        #expect(startMet, "the folder's first page never showed")
        #expect(start.feed.items < 41, "the channel loaded every page (\(start.feed.items) items)")

        driver.key("ctrl+f")
        driver.xdotool(["type", "--delay", "40", "WHAL"])
        let (found, foundMet) = try driver.settle { $0.report.visibleItems($0.step).map(\.id) == [whale] }
        #expect(foundMet, "the results were \(found.report.visibleItems(found.step).map(\.id)), not the whale")
        #expect(found.state.statusPage == nil)
        #expect(try driver.drawingProblems(found, minimumCovers: 1).isEmpty)
    }

    /// Every item's title by id, from the catalog's channel feeds.
    static func titles(in catalog: URL) throws -> [String: String] {
        var titles: [String: String] = [:]
        let channels = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
        for channel in channels {
            let feed = catalog.appendingPathComponent(channel).appendingPathComponent("feed.json")
            guard let data = try? Data(contentsOf: feed),
                let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let list = (root["data"] as? [String: Any])?["info_list"] as? [[String: Any]]
            else { continue }
            for entry in list {
                if let id = entry["id"] as? String, let title = entry["title"] as? String { titles[id] = title }
            }
        }
        return titles
    }
}
