import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// A page of fitted cells lands only once its titles are measured, a slice at a time: each
/// slice within its budget, each title measured once, the layout the same as measuring all at
/// once, and the pager's state held back with the items.
@MainActor
@Suite struct TitleLandingTests {
    /// Wraps at 10 points a character; each question takes a millisecond of `clock`.
    final class SlicedMeasurer: TitleMeasuring {
        let lineHeight: CGFloat = 18
        var asked: [(title: String, width: CGFloat)] = []
        var now = 0.0
        var slicing: TitleSlicing?

        init(scheduler: ManualScheduler?) {
            guard let scheduler else { return }
            slicing = TitleSlicing(scheduler: scheduler, budget: 0.0025, interval: 0.02) { [unowned self] in now }
        }

        func lineCount(of title: String, cellWidth: CGFloat, maximumLines: Int) -> Int {
            asked.append((title, cellWidth))
            now += 0.001
            let perLine = max(1, Int(cellWidth / 10))
            return min(max(1, (title.count + perLine - 1) / perLine), maximumLines)
        }
    }

    /// Items whose titles take one to three lines in a 185-point column.
    func items(_ count: Int, from start: Int = 0) -> [VideoItem] {
        (start..<start + count).map { index in
            VideoItem(
                id: "t-\(index)", title: String(repeating: "w", count: 5 + (index * 7) % 40),
                coverURL: URL(string: "https://example.com/\(index).jpg")!,
                videoURL: URL(string: "https://example.com/\(index).mp4")!, duration: 3, width: 640,
                height: 360 + Double(index % 5) * 40)
        }
    }

    func makeModel(loader: ScriptedFeedLoader, pageSize: Int, measurer: SlicedMeasurer) -> FeedScreenModel {
        var configuration = FeedScreenModel.Configuration(columns: .fixed(2))
        configuration.cellStyle = .fitted
        let model = FeedScreenModel(
            pager: FeedPager(loader: loader, pageSize: pageSize), configuration: configuration,
            titleMeasurer: measurer)
        model.setContainerSize(CGSize(width: 400, height: 800))  // columns of 185 points
        return model
    }

    /// The frames of `count` items laid out by a measurer that measures everything at once.
    func referenceFrames(of all: [VideoItem], width: CGFloat = 400) async throws -> [CGRect] {
        let model = makeModel(
            loader: ScriptedFeedLoader(items: all), pageSize: all.count, measurer: SlicedMeasurer(scheduler: nil))
        model.setContainerSize(CGSize(width: width, height: 800))
        model.start()
        #expect(await waitUntil { model.items.count == all.count })
        return try all.indices.map { try #require(model.frame(ofItem: $0)) }
    }

    /// Advances `scheduler` a slice at a time until the model shows `count` items; returns
    /// how many titles each slice measured.
    func runSlices(
        _ scheduler: ManualScheduler, until model: FeedScreenModel, shows count: Int, measurer: SlicedMeasurer
    ) -> [Int] {
        var perSlice: [Int] = []
        while model.items.count < count, scheduler.pendingCount > 0, perSlice.count < 1000 {
            let before = measurer.asked.count
            scheduler.advance(by: 0.02)
            perSlice.append(measurer.asked.count - before)
        }
        return perSlice
    }

    /// A model over `all` in pages of 10 whose first page is shown and whose second waits for
    /// its titles (the footer asked for it: ten short cells fit the screen).
    func modelWaitingForItsSecondPage(
        of all: [VideoItem], scheduler: ManualScheduler, loader: ScriptedFeedLoader? = nil
    ) async -> (FeedScreenModel, SlicedMeasurer) {
        let measurer = SlicedMeasurer(scheduler: scheduler)
        let model = makeModel(loader: loader ?? ScriptedFeedLoader(items: all), pageSize: 10, measurer: measurer)
        model.start()
        // Nothing is on screen yet: the first page lands as it arrives.
        #expect(await waitUntil { model.items.count == 10 })
        #expect(measurer.asked.count == 10 && scheduler.pendingCount == 0)
        model.scroll(to: CGRect(x: 0, y: 0, width: 400, height: 800))
        #expect(await waitUntil { model.isMeasuringLanding })
        return (model, measurer)
    }

    @Test func aFirstPageLandsAtOnceAndTheNextWhenItsTitlesAreMeasuredThreeASlice() async throws {
        let all = items(20)
        let scheduler = ManualScheduler()
        let (model, measurer) = await modelWaitingForItsSecondPage(of: all, scheduler: scheduler)
        // The next page's first slice ran as it arrived, 3 titles (a millisecond each, in a
        // 2.5 ms budget), and the page waits with the pager's state.
        #expect(measurer.asked.count == 13)
        #expect(model.items.count == 10)
        #expect(model.feedState == .loadingMore(page: 1), "the pager's state waits with its page")
        let slices = runSlices(scheduler, until: model, shows: 20, measurer: measurer)
        #expect(slices == [3, 3, 1])
        #expect(!model.isMeasuringLanding && model.feedState == .exhausted && scheduler.pendingCount == 0)
        // Each title measured once, at the cells' width; laid out as if measured all at once.
        #expect(measurer.asked.map(\.title) == all.map(\.title))
        #expect(measurer.asked.allSatisfy { $0.width == 185 })
        let frames = try all.indices.map { try #require(model.frame(ofItem: $0)) }
        #expect(frames == (try await referenceFrames(of: all)))
        #expect(Set(frames.map(\.height)).count > 3, "the titles gave cells of several heights")
    }

    @Test func aSliceThatSpentHalfItsBudgetLeavesTheLayoutToTheNext() async throws {
        let all = items(22)
        let scheduler = ManualScheduler()
        let measurer = SlicedMeasurer(scheduler: scheduler)
        let model = makeModel(loader: ScriptedFeedLoader(items: all), pageSize: 11, measurer: measurer)
        model.start()
        #expect(await waitUntil { model.items.count == 11 })
        model.scroll(to: CGRect(x: 0, y: 0, width: 400, height: 800))
        #expect(await waitUntil { model.isMeasuringLanding })
        // 3 at once, then 3, 3 and the last 2 (2 ms, over half of 2.5): the page lands in the
        // slice after, which measures nothing.
        #expect(runSlices(scheduler, until: model, shows: 22, measurer: measurer) == [3, 3, 2, 0])
        #expect(measurer.asked.map(\.title) == all.map(\.title))
    }

    @Test func aLoadMoreWaitsWithTheFooterLoadingAndAsksForNothingMore() async throws {
        let all = items(40)
        let scheduler = ManualScheduler()
        let loader = ScriptedFeedLoader(items: all)
        let (model, measurer) = await modelWaitingForItsSecondPage(of: all, scheduler: scheduler, loader: loader)
        #expect(model.pager.snapshot.items.count == 20 && model.pager.snapshot.state == .idle)
        #expect(model.items.count == 10 && model.feedState == .loadingMore(page: 1) && model.footer.state == .loading)
        model.scroll(to: CGRect(x: 0, y: 1, width: 400, height: 800))
        #expect(await loader.calls.count == 2, "nothing more is asked for while the page waits")
        _ = runSlices(scheduler, until: model, shows: 20, measurer: measurer)
        #expect(model.items.map(\.id) == all.prefix(20).map(\.id))
        #expect(Array(measurer.asked.map(\.title).suffix(10)) == all[10..<20].map(\.title))
    }

    @Test func aRefreshThatReplacesTheItemsDropsTheWaitingPage() async throws {
        let all = items(20)
        let replacement = items(6, from: 100)
        let scheduler = ManualScheduler()
        let refreshed = SharedValue(false)
        let loader = ScriptedFeedLoader { number, size in
            if refreshed.withLock({ $0 }) { return .success(FeedPage(items: replacement, isEnd: true)) }
            return .success(FeedPage(items: Array(all[number * size..<(number + 1) * size]), isEnd: number == 1))
        }
        let (model, _) = await modelWaitingForItsSecondPage(of: all, scheduler: scheduler, loader: loader)
        #expect(model.pager.snapshot.items.count == 20)
        // The refresh starts with the page still waiting (an append of what is shown), then its
        // answer replaces the list: shown at once, the waiting page and its next slice dropped.
        refreshed.withLock { $0 = true }
        await model.pager.refresh().value
        #expect(model.items.map(\.id) == replacement.map(\.id))
        #expect(!model.isMeasuringLanding && scheduler.pendingCount == 0)
        #expect(model.feedState == .exhausted)
    }

    @Test func aWidthChangeWhileWaitingMeasuresAtTheNewWidth() async throws {
        let all = items(20)
        let scheduler = ManualScheduler()
        let (model, measurer) = await modelWaitingForItsSecondPage(of: all, scheduler: scheduler)
        model.setContainerSize(CGSize(width: 900, height: 800))  // columns of 435 points
        measurer.asked.removeAll()
        _ = runSlices(scheduler, until: model, shows: 20, measurer: measurer)
        #expect(measurer.asked.map(\.title) == all[10...].map(\.title))
        #expect(measurer.asked.allSatisfy { $0.width == 435 })
        let frames = try all.indices.map { try #require(model.frame(ofItem: $0)) }
        #expect(frames == (try await referenceFrames(of: all, width: 900)))
    }
}
