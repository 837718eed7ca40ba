import CascadeCollection
import CascadeFeed
import CascadeLayout
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// A refresh (or any new list that is not an append) goes through the diff on the product
/// path: the layout applies inserts, deletes and moves in place, frames equal a layout built
/// from scratch, and the item at the top of the screen stays where it was.
@MainActor
@Suite struct FeedDiffTests {
    /// A feed whose server answers the first page from `first` (one page of everything).
    func makeModel(_ first: SharedValue<[VideoItem]>, fitted: Bool = false) async throws -> (FeedScreenModel, Spy) {
        let loader = ScriptedFeedLoader { _, _ in .success(FeedPage(items: first.withLock { $0 }, isEnd: true)) }
        var configuration = FeedScreenModel.Configuration(columns: .fixed(3))
        if fitted { configuration.cellStyle = .fitted }
        let model = FeedScreenModel(
            pager: FeedPager(loader: loader, pageSize: 50), configuration: configuration,
            titleMeasurer: fitted ? FittedCellTests.MonospaceMeasurer() : nil)
        let spy = Spy()
        model.onItemsChanged = { spy.changes.append($0) }
        model.setContainerSize(CGSize(width: 600, height: 700))
        model.start()
        let count = first.withLock { $0.count }
        #expect(await waitUntil { model.items.count == count && !model.feedState.isLoading })
        model.refreshClosingFinished()
        return (model, spy)
    }

    final class Spy { var changes: [FeedScreenModel.ItemsChange] = [] }

    func refresh(_ model: FeedScreenModel, until condition: @escaping () -> Bool) async {
        model.pull(distance: 80)
        model.releasePull()
        #expect(await waitUntil { condition() && !model.feedState.isLoading })
        model.refreshClosingFinished()
    }

    /// Three new items at the top: inserted, and the item the user was reading stays at the same
    /// place on screen (the offset grows by what was inserted above it).
    @Test func newItemsAtTheTopAreInsertedAndTheItemOnScreenStays() async throws {
        let served = SharedValue(FeedFixtures.items(0..<40))
        let (model, spy) = try await makeModel(served)
        let reading = try #require(model.frame(ofItem: 20))
        model.scrollOffset = Double(reading.minY) - 30
        model.scroll(to: CGRect(x: 0, y: model.scrollOffset, width: 600, height: 700))
        let onScreen = try #require(model.viewport.visibleElements.compactMap { model.itemIndex(of: $0.id) }.min())
        let anchorID = model.items[onScreen].id
        let anchorTop = try #require(model.frame(ofItem: onScreen)).minY - model.scrollOffset
        served.withLock { $0 = FeedFixtures.items(0..<3, prefix: "new") + FeedFixtures.items(0..<40) }
        spy.changes.removeAll()
        await refresh(model) { model.items.count == 43 }
        #expect(spy.changes.first == .updated(Changeset(inserts: [0, 1, 2])))
        let index = try #require(model.items.firstIndex { $0.id == anchorID })
        #expect(index == onScreen + 3)
        let top = try #require(model.frame(ofItem: index)).minY - model.scrollOffset
        #expect(abs(top - anchorTop) < 0.5, "the item on screen moved from \(anchorTop) to \(top)")
        #expect(try await framesMatchAFreshLayout(model))
    }

    /// At the top of the feed (a pull-to-refresh) the new items are shown where they arrive:
    /// the offset stays 0 and the first cells are theirs.
    @Test func atTheTopTheNewItemsAreShown() async throws {
        let served = SharedValue(FeedFixtures.items(0..<40))
        let (model, spy) = try await makeModel(served)
        model.scroll(to: CGRect(x: 0, y: 0, width: 600, height: 700))
        served.withLock { $0 = FeedFixtures.items(0..<3, prefix: "new") + FeedFixtures.items(0..<40) }
        spy.changes.removeAll()
        await refresh(model) { model.items.count == 43 }
        #expect(spy.changes.first == .updated(Changeset(inserts: [0, 1, 2])))
        #expect(model.scrollOffset == 0)
        #expect(Array(model.items.prefix(3).map(\.id)) == ["new-0", "new-1", "new-2"])
    }

    /// Deletions, moves and a changed title, seeded at random: the model's items and frames are
    /// those of a feed built from the new list, and the changeset turns the old ids into the new.
    @Test(arguments: [false, true])
    func randomChangesMatchAFreshLayout(fitted: Bool) async throws {
        var random = SeededGenerator(seed: fitted ? 33 : 34)
        let served = SharedValue(FeedFixtures.items(0..<45))
        let (model, spy) = try await makeModel(served, fitted: fitted)
        for round in 0..<6 {
            var next = model.items
            for _ in 0..<Int.random(in: 1...4, using: &random) where next.count > 5 {
                next.remove(at: Int.random(in: 0..<next.count, using: &random))
            }
            let moved = next.remove(at: Int.random(in: 0..<next.count, using: &random))
            next.insert(moved, at: Int.random(in: 0...next.count, using: &random))
            next.insert(
                FeedFixtures.item(round, prefix: "r\(round)"), at: Int.random(in: 0...next.count, using: &random))
            let renamed = Int.random(in: 0..<next.count, using: &random)
            let old = next[renamed]
            next[renamed] = VideoItem(
                id: old.id, title: old.title + " and a much longer title than before", coverURL: old.coverURL,
                videoURL: old.videoURL, duration: old.duration, width: old.width, height: old.height)
            let before = model.items.map(\.id)
            served.withLock { $0 = next }
            spy.changes.removeAll()
            await refresh(model) { model.items.map(\.id) == next.map(\.id) }
            guard case .updated(let changes) = spy.changes.first else {
                Issue.record("round \(round): \(spy.changes)")
                continue
            }
            #expect(changes.applied(to: before) { next[$0].id } == next.map(\.id))
            #expect(changes.reloads.contains(renamed))
            if fitted {
                // A reload's new height keeps the columns (`keepsColumnsOnHeightChange`): no fresh
                // layout to compare with, but every cell is its measured height, in a gapless,
                // non-overlapping column.
                try expectStackedColumnsOfMeasuredHeights(model, "round \(round)")
            } else {
                #expect(try await framesMatchAFreshLayout(model), "round \(round)")
            }
        }
    }

    /// Each column's cells follow each other 10 points apart, each as tall as its cover and its
    /// title's measured lines.
    func expectStackedColumnsOfMeasuredHeights(_ model: FeedScreenModel, _ label: String) throws {
        let measurer = try #require(model.titleMeasurer)
        let frames = try model.items.indices.map { try #require(model.frame(ofItem: $0)) }
        for (index, frame) in frames.enumerated() {
            let lines = measurer.lineCount(
                of: model.items[index].title, cellWidth: frame.width.rounded(), maximumLines: 3)
            let expected = VideoCellGeometry.fittedHeight(
                width: frame.width, coverAspect: model.items[index].aspectRatio, titleLines: lines,
                lineHeight: measurer.lineHeight)
            #expect(frame.height == expected, "\(label): item \(index) is \(frame.height) tall, not \(expected)")
        }
        for column in Set(frames.map(\.minX)) {
            let stacked = frames.filter { $0.minX == column }.sorted { $0.minY < $1.minY }
            for (upper, lower) in zip(stacked, stacked.dropFirst()) {
                #expect(lower.minY == upper.maxY + 10, "\(label): a gap or overlap at \(upper) / \(lower)")
            }
        }
    }

    /// Every frame equals the frame of a model built from scratch over the same items.
    func framesMatchAFreshLayout(_ model: FeedScreenModel) async throws -> Bool {
        let items = model.items
        let fresh = FeedScreenModel(
            pager: FeedPager(loader: ScriptedFeedLoader(items: items), pageSize: items.count),
            configuration: model.configuration,
            titleMeasurer: model.titleMeasurer.map { _ in FittedCellTests.MonospaceMeasurer() })
        fresh.setContainerSize(model.containerSize)
        fresh.start()
        #expect(await waitUntil { fresh.items.count == items.count })
        for index in items.indices where fresh.frame(ofItem: index) != model.frame(ofItem: index) {
            Issue.record(
                "item \(index): \(String(describing: model.frame(ofItem: index))), fresh \(String(describing: fresh.frame(ofItem: index)))"
            )
            return false
        }
        return true
    }
}
