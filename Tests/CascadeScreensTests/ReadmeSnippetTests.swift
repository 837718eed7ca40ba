import CascadeCollection
import CascadeFeed
import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

/// The README's API tour, kept compiling and true: `theTourRuns` holds the tour's lines as
/// they are in the README, and `theReadmeTourIsTheOneThatRuns` fails when the README's lines
/// drift from them.
@MainActor
@Suite struct ReadmeSnippetTests {
    @Test func theTourRuns() async throws {
        // A waterfall: shortest column first, heights from cover aspect ratios.
        let layout = WaterfallLayout(
            configuration: WaterfallConfiguration(section: WaterfallSectionStyle(columns: .fixed(2), footerHeight: 44)))
        layout.setContainerWidth(375)
        layout.appendItems([.size(CGSize(width: 720, height: 1280)), .size(CGSize(width: 1280, height: 720))])

        // Virtualization: what appeared, disappeared and should be prefetched at each scroll step.
        let viewport = CollectionViewport(layout: layout)
        let update = viewport.setVisibleRect(CGRect(x: 0, y: 0, width: 375, height: 667))
        print(update.appeared.map(\.id), update.prefetch)
        #expect(Set(update.appeared.map(\.id)) == [.item(0), .item(1), .footer(section: 0)])

        // Paging: single-flight load-more, refresh that replaces only when the first page lands.
        @MainActor func makePager(catalog: URL) throws -> FeedPager {
            let channel = Channel(id: "travel", title: "Travel")
            let pager = FeedPager(loader: try FeedCatalog.directory(catalog).loader(for: channel))
            pager.onChange = { snapshot in print(snapshot.items.count, snapshot.state.name, snapshot.message ?? "") }
            pager.prepare()  // shows the persisted first page at once, then refreshes
            return pager
        }
        let root = try FeedFixtures.temporaryDirectory()
        _ = try FeedFixtures.writeCatalog(
            channels: [Channel(id: "travel", title: "Travel")], itemsPerChannel: 12, at: root)
        let pager = try makePager(catalog: root)
        #expect(await waitUntil { pager.items.count == 10 })
    }

    @Test func theReadmeTourIsTheOneThatRuns() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let test = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let tour = try #require(readme.range(of: "## A short tour of the API"))
        let block = try #require(readme[tour.upperBound...].range(of: "```swift\n"))
        let end = try #require(readme[block.upperBound...].range(of: "```"))
        let lines = readme[block.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        #expect(lines.count > 10)
        let testLines = Set(test.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in lines {
            let compiled = testLines.contains(line)
            #expect(compiled, "README line not in the test: \(line)")
        }
    }
}
