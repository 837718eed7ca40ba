import CascadeCollection
import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct FeedScreenModelTests {
    func makeModel(items: Int = 35, gated: Bool = false) -> (FeedScreenModel, ScriptedFeedLoader, Spy) {
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<items), gated: gated)
        let model = FeedScreenModel(pager: FeedPager(loader: loader), configuration: .init(columns: .fixed(2)))
        let spy = Spy()
        model.onItemsChanged = { spy.changes.append($0) }
        model.setContainerSize(CGSize(width: 375, height: 667))
        spy.changes.removeAll()
        return (model, loader, spy)
    }

    final class Spy { var changes: [FeedScreenModel.ItemsChange] = [] }

    @Test func firstPageReplacesThenPagesAppend() async throws {
        let (model, loader, spy) = makeModel()
        model.start()
        #expect(model.refresh.state == .refreshing)
        #expect(await waitUntil { model.items.count == 10 })
        #expect(model.refresh.state == .ending)
        model.refreshClosingFinished()
        #expect(model.refresh.state == .idle)
        model.scroll(to: CGRect(x: 0, y: 0, width: 375, height: 667))
        // Ten 2-column items are shorter than two screens: the footer loads page 1 at once.
        #expect(await waitUntil { model.items.count == 20 })
        #expect(spy.changes.prefix(2) == [.appended(0..<10), .appended(10..<20)])
        #expect(await loader.calls.prefix(2) == [.page(number: 0, size: 10), .page(number: 1, size: 10)])
        for index in 0..<model.items.count {
            let frame = try #require(model.frame(ofItem: index))
            #expect(frame.minX.isFinite && frame.height >= frame.width * 0.75 - 1 && frame.width > 0)
        }
    }

    @Test func arrowKeysMoveTheFocusToTheNeighbourCellByTheLayout() async throws {
        let (model, _, _) = makeModel()
        model.start()
        #expect(await waitUntil { model.items.count >= 10 })
        model.scroll(to: CGRect(x: 0, y: 0, width: 375, height: 667))
        // No focus yet: the first visible item.
        #expect(model.focusTarget(from: nil, direction: .down) == 0)
        let frames = try (0..<model.items.count).map { try #require(model.frame(ofItem: $0)) }
        for index in frames.indices {
            let frame = frames[index]
            let column = frames.indices.filter { frames[$0].minX == frame.minX }
            let below = column.filter { frames[$0].minY > frame.minY }.min { frames[$0].minY < frames[$1].minY }
            let above = column.filter { frames[$0].minY < frame.minY }.max { frames[$0].minY < frames[$1].minY }
            #expect(model.focusTarget(from: index, direction: .down) == below, "down from \(index)")
            #expect(model.focusTarget(from: index, direction: .up) == above, "up from \(index)")
            let other = frames.indices.filter {
                frames[$0].minX > frame.minX && frames[$0].minY < frame.maxY && frames[$0].maxY > frame.minY
            }
            let right = other.min { abs(frames[$0].midY - frame.midY) < abs(frames[$1].midY - frame.midY) }
            #expect(model.focusTarget(from: index, direction: .right) == right, "right from \(index)")
            // Two columns: left of the left column there is nothing.
            if frame.minX < 20 { #expect(model.focusTarget(from: index, direction: .left) == nil) }
            if let right { #expect(model.focusTarget(from: right, direction: .left) != nil) }
        }
    }

    @Test func aFocusedCellIsScrolledIntoViewWithItsMargin() async throws {
        let (model, _, _) = makeModel()
        model.start()
        #expect(await waitUntil { model.items.count >= 10 })
        let frame = try #require(model.frame(ofItem: 9))
        let margin = FeedScreenModel.focusMargin
        let height = 300.0
        // Below the viewport: its bottom comes to the viewport's bottom, never past its top.
        let below = min(frame.minY - margin, frame.maxY + margin - height)
        #expect(below > 0)
        #expect(model.focusScrollOffset(forItem: 9, offset: 0, viewportHeight: height) == below)
        // Above it: its top comes to the viewport's top.
        #expect(model.focusScrollOffset(forItem: 9, offset: frame.maxY, viewportHeight: height) == frame.minY - margin)
        // In view: no scroll.
        #expect(model.focusScrollOffset(forItem: 9, offset: frame.minY - margin, viewportHeight: 1000) == nil)
        #expect(model.focusScrollOffset(forItem: 999, offset: 0, viewportHeight: height) == nil)
    }

    @Test func aSecondHostOnTheSameModelGetsEveryVisibleElementAsAppeared() async {
        let (model, _, _) = makeModel()
        model.attachHost()
        model.start()
        #expect(await waitUntil { model.items.count >= 10 })
        let rect = CGRect(x: 0, y: 0, width: 375, height: 667)
        let first = model.scroll(to: rect)
        let visible = model.viewport.visibleElements.map(\.id)
        #expect(!visible.isEmpty)
        #expect(first.appeared.map(\.id) == visible)

        // The page's view is dropped (its model stays) and a new one is built at the same size:
        // no relayout happens, yet the new host must be told about every visible cell.
        model.detachHost()
        #expect(model.viewport.visibleElements.isEmpty)
        model.attachHost()
        #expect(model.setContainerSize(CGSize(width: 375, height: 667)) == nil)
        let second = model.scroll(to: rect)
        #expect(second.appeared.map(\.id) == visible)
        #expect(second.disappeared.isEmpty && second.moved.isEmpty)
    }

    @Test func repeatedScrollsWhileAPageIsInFlightMakeOneRequest() async {
        let (model, loader, _) = makeModel(gated: true)
        model.start()
        #expect(await loader.waitUntilHeld(1))
        await loader.releaseAll()
        #expect(await waitUntil { model.items.count == 10 })
        let bottom = model.layout.contentSize.height
        for step in 0..<200 {
            model.scroll(to: CGRect(x: 0, y: max(0, bottom - 667 + CGFloat(step % 7)), width: 375, height: 667))
        }
        #expect(await loader.waitUntilHeld(1))
        #expect(await loader.calls.count == 2)
        #expect(model.footer.state == .loading)
        #expect(model.footerText == "Loading…")
        await loader.releaseAll()
        #expect(await waitUntil { model.items.count == 20 })
        #expect(model.footer.state == .idle)
    }

    @Test func theEndShowsNoMoreVideosAndStopsLoading() async {
        let (model, loader, _) = makeModel(items: 25)
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        // Keep showing the end until the pager runs out of pages.
        #expect(
            await waitUntil {
                model.scroll(
                    to: CGRect(x: 0, y: max(0, model.layout.contentSize.height - 667), width: 375, height: 667))
                return model.feedState == .exhausted
            })
        #expect(model.items.count == 25)
        #expect(model.footer.state == .noMoreData)
        #expect(model.footerText == "No more videos")
        let calls = await loader.calls.count
        model.scroll(to: CGRect(x: 0, y: model.layout.contentSize.height - 600, width: 375, height: 667))
        // A load-more would have left `.exhausted` synchronously (the pager enters
        // `.loadingMore` before its task runs), so no load was started.
        #expect(model.feedState == .exhausted)
        #expect(await loader.calls.count == calls)
    }

    @Test func aFailedLoadMoreKeepsItemsAlertsAndRetriesFromTheFooter() async {
        let (model, _, failing) = makeFailingLoadMoreModel()
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        model.scroll(to: CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(await waitUntil { model.alert != nil })
        #expect(model.alert == FeedAlert(title: "Loading timed out", message: "Please check your network"))
        #expect(model.items.count == 10)
        #expect(model.footer.state == .failed(reason: "Loading timed out"))
        #expect(model.footerText == "Couldn't load — click to retry")
        model.dismissAlert()
        #expect(model.alert == nil)
        failing.value = false
        model.footerActivated()
        #expect(await waitUntil { model.items.count >= 20 })
        #expect(model.alert == nil)
    }

    final class Failing: @unchecked Sendable { var value = true }

    /// A 2-column model over three pages of 10 whose page 1 times out while `failing.value`.
    func makeFailingLoadMoreModel() -> (FeedScreenModel, ScriptedFeedLoader, Failing) {
        let failing = Failing()
        let loader = ScriptedFeedLoader { page, size in
            if page == 1 && failing.value { return .failure(.timedOut) }
            return .success(FeedPage(items: FeedFixtures.items(page * size..<(page + 1) * size), isEnd: page == 2))
        }
        let model = FeedScreenModel(pager: FeedPager(loader: loader), configuration: .init(columns: .fixed(2)))
        model.setContainerSize(CGSize(width: 375, height: 667))
        return (model, loader, failing)
    }

    @Test func aNewScrollGestureAtTheBottomRetriesAFailedLoadMoreAndStillnessNever() async {
        let (model, loader, failing) = makeFailingLoadMoreModel()
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        // The gesture that reaches the end loads page 1, which fails while it goes on.
        #expect(!model.scrolledDownAtEnd(at: 100.00))
        model.scroll(to: CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(await waitUntil { model.footer.state == .failed(reason: "Loading timed out") })
        let callsAfterFailure = await loader.calls.count
        // More deltas of the same gesture (less than the gesture-end delay apart) do not retry.
        #expect(!model.scrolledDownAtEnd(at: 100.10))
        #expect(!model.scrolledDownAtEnd(at: 100.20))
        // Nobody moves: no request is made, however long it waits.
        try? await Task.sleep(for: .milliseconds(50))
        #expect(await loader.calls.count == callsAfterFailure)
        #expect(model.footer.state == .failed(reason: "Loading timed out"))
        // A new gesture (after a pause) at the bottom retries once, while the retry is in flight
        // its deltas do nothing.
        #expect(model.scrolledDownAtEnd(at: 101.0))
        #expect(model.footer.state == .loading)
        #expect(!model.scrolledDownAtEnd(at: 102.0))
        #expect(await waitUntil { !model.feedState.isLoading })
        #expect(await loader.calls.count == callsAfterFailure + 1)
        // It failed again; the footer click still retries, and this time the page lands.
        #expect(model.footer.state == .failed(reason: "Loading timed out"))
        failing.value = false
        model.footerActivated()
        #expect(await waitUntil { model.items.count >= 20 })
        // A non-finite time is ignored.
        #expect(!model.scrolledDownAtEnd(at: .nan))
    }

    @Test func aNewDragPastTheEndRetriesAFailedLoadMoreOnce() async {
        let (model, loader, failing) = makeFailingLoadMoreModel()
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        model.scroll(to: CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(await waitUntil { model.footer.state == .failed(reason: "Loading timed out") })
        let callsAfterFailure = await loader.calls.count
        // A drag that moves less than the distance past the end asks for nothing.
        #expect(!model.draggedPastEnd(by: PointerInput.dragPastEndDistance - 1, at: 10.0))
        #expect(!model.draggedPastEnd(by: .nan, at: 10.1))
        #expect(model.footer.state == .failed(reason: "Loading timed out"))
        // Past it, the drag retries once; its further updates do not retry again.
        #expect(model.draggedPastEnd(by: PointerInput.dragPastEndDistance, at: 10.2))
        #expect(model.footer.state == .loading)
        #expect(await waitUntil { !model.feedState.isLoading })
        #expect(await loader.calls.count == callsAfterFailure + 1)
        #expect(!model.draggedPastEnd(by: 80, at: 10.3))
        #expect(await loader.calls.count == callsAfterFailure + 1)
        // A new drag (after the gesture-end delay) retries again, and this time the page lands.
        failing.value = false
        #expect(model.draggedPastEnd(by: 40, at: 11.0))
        #expect(await waitUntil { model.items.count >= 20 })
    }

    @Test func pullPastTheThresholdRefreshesAndReplaces() async {
        let (model, loader, spy) = makeModel()
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        model.refreshClosingFinished()
        model.scroll(to: CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(await waitUntil { model.items.count == 20 })
        model.pull(distance: 20)
        #expect(model.refresh.state == .pulling(progress: 20.0 / 54.0))
        #expect(model.refreshText == "Pull to refresh")
        model.pull(distance: 60)
        #expect(model.refreshText == "Release to refresh")
        let before = await loader.calls.count
        let changesBefore = spy.changes.count
        model.releasePull()
        #expect(model.refresh.state == .refreshing)
        #expect(model.refreshText == "Refreshing…")
        #expect(await waitUntil { await loader.calls.count >= before + 1 })
        #expect(await waitUntil { model.refresh.state == .ending })
        // The fresh first page goes through the diff: the 10 items after it go (then the footer
        // may load page 1 again).
        #expect(spy.changes.dropFirst(changesBefore).first == .updated(Changeset(deletes: Array(10..<20))))
        #expect(model.footer.state != .noMoreData)
        #expect(Set(model.items.map(\.id)).count == model.items.count)
    }

    @Test func anUpdatedListLetsTheHostDropEveryCellOfAnItemThatWent() async throws {
        let (model, _, _) = makeModel()
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        model.refreshClosingFinished()
        model.scroll(to: CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(await waitUntil { model.items.count >= 20 && !model.feedState.isLoading })
        // Scrolled to items 10 and beyond: a refresh brings back only the first page.
        let frame = try #require(model.frame(ofItem: 14))
        model.scroll(to: CGRect(x: 0, y: frame.minY, width: 375, height: 300))
        let shown = model.viewport.visibleElements.map(\.id)
        #expect(!shown.isEmpty)
        var dropped = shown
        dropped.removeAll()
        model.onItemsChanged = { change in
            // What FeedView does: keep the cells of items still there, drop the others.
            guard case .updated(let changes) = change else { return }
            let positions = changes.newPositions(oldCount: 20)
            dropped += shown.filter { $0.kind == .item && positions[$0.path.item] == nil }
        }
        model.pull(distance: 60)
        model.releasePull()
        #expect(await waitUntil { !dropped.isEmpty })
        #expect(dropped == shown.filter { $0.kind == .item })
        // The items on screen went: the offset is the last one, within the shorter content.
        #expect(model.scrollOffset <= max(0, Double(model.scrollableContentHeight) - 667))
    }

    @Test func aShortPullDoesNotRefresh() async {
        let (model, loader, _) = makeModel()
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        model.refreshClosingFinished()
        let before = await loader.calls.count
        model.pull(distance: 30)
        model.releasePull()
        #expect(model.refresh.state == .idle)
        // A refresh would have entered `.refreshing` synchronously, before its task runs.
        #expect(model.feedState == .idle)
        #expect(await loader.calls.count == before)
    }

    @Test func widthChangeRelaysOutAdaptiveColumns() {
        let model = FeedScreenModel(pager: FeedPager(loader: ScriptedFeedLoader(items: [])))
        model.setContainerSize(CGSize(width: 375, height: 600))
        #expect(model.layout.columnCount(inSection: 0) == 2)  // the reference's phone width
        model.setContainerSize(CGSize(width: 1000, height: 600))
        #expect(model.layout.columnCount(inSection: 0) == 5)
        #expect(model.shownColumns == 5)
    }

    /// Over seeded widths and scroll positions: after a width change the first item that was
    /// visible at the top is at the same place on screen (unless the content is too short to
    /// scroll there), and the offset stays inside the content.
    @Test func aRelayoutKeepsTheFirstVisibleItemWhereItWasOnScreen() async throws {
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<200))
        let model = FeedScreenModel(pager: FeedPager(loader: loader, pageSize: 200))
        let height = 600.0
        #expect(model.setContainerSize(CGSize(width: 375, height: height)) == 0)
        model.start()
        #expect(await waitUntil { model.items.count == 200 })
        var random = SeededGenerator(seed: 21)
        var width = 375.0
        for _ in 0..<40 {
            let maxOffset = Double(model.layout.contentSize.height) - height
            let offset = Double.random(in: 0...maxOffset, using: &random)
            model.scroll(to: CGRect(x: 0, y: offset, width: width, height: height))
            model.scrollOffset = offset
            let visible = model.viewport.visibleElements.compactMap { element in
                model.itemIndex(of: element.id).map { (index: $0, minY: Double(element.frame.minY)) }
            }.sorted { $0.index < $1.index }
            let anchor = try #require(visible.first { $0.minY >= offset - 1 } ?? visible.first)
            width = Double.random(in: 300...1_600, using: &random).rounded()
            let newOffset = try #require(model.setContainerSize(CGSize(width: width, height: height)))
            #expect(model.scrollOffset == newOffset)
            let newMax = max(0, Double(model.layout.contentSize.height) - height)
            #expect(newOffset >= 0 && newOffset <= newMax)
            let frame = try #require(model.frame(ofItem: anchor.index))
            let wanted = Double(frame.minY) - (anchor.minY - offset)
            if wanted >= 0 && wanted <= newMax {
                #expect(abs(newOffset - wanted) < 1e-9, "item \(anchor.index) at width \(width)")
            }
        }
        // The same width relayouts nothing.
        #expect(model.setContainerSize(CGSize(width: width, height: 300)) == nil)
    }

    @Test func withNothingVisibleTheLastOffsetIsKeptInsideTheContent() {
        let model = FeedScreenModel(pager: FeedPager(loader: ScriptedFeedLoader(items: [])))
        model.scrollOffset = 500
        #expect(model.setContainerSize(CGSize(width: 375, height: 600)) == 0)
    }

    @Test(arguments: [(nil as Double?, nil as String?), (5, "0:05"), (65.4, "1:05"), (3725, "1:02:05"), (.nan, nil)])
    func durationBadges(seconds: Double?, text: String?) {
        #expect(FeedScreenModel.durationText(seconds) == text)
    }

    /// Every second of the first hours and one in 61 up to past the longest duration an item
    /// keeps: the badge `String(format:)` gives ("m:ss", "h:mm:ss"), which it no longer calls.
    @Test func durationBadgesMatchTheFormattedText() {
        let times =
            Array(stride(from: 0.0, to: 7_500, by: 1))
            + Array(stride(from: 7_500.0, through: VideoItem.maximumDuration + 100, by: 61))
        for seconds in times {
            let total = Int(min(seconds, VideoItem.maximumDuration))
            let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
            let formatted = h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
            guard FeedScreenModel.durationText(seconds) == formatted else {
                Issue.record("\(seconds) s: \(FeedScreenModel.durationText(seconds) ?? "nil") ≠ \(formatted)")
                return
            }
        }
    }
}

@MainActor
@Suite struct FeedScreenModelBannerTests {
    @Test func featuredItemsBecomeAFullSpanBannerAboveTheItems() async throws {
        var items = FeedFixtures.items(0..<20)
        for index in [1, 4, 6] { items[index].isFeatured = true }
        let loader = ScriptedFeedLoader(items: items)
        var configuration = FeedScreenModel.Configuration(columns: .fixed(2))
        configuration.showsBanner = true
        let model = FeedScreenModel(pager: FeedPager(loader: loader), configuration: configuration)
        model.setContainerSize(CGSize(width: 375, height: 667))
        model.start()
        #expect(await waitUntil { model.items.count == 10 })
        #expect(model.banners.map(\.id) == ["i-1", "i-4", "i-6"])
        #expect(model.itemSection == 1)
        #expect(model.shownColumns == 2)  // the items' columns, not the banner's one
        let banner = try #require(model.bannerFrame)
        #expect(banner.width == 355)  // spans both columns inside the insets
        #expect(banner.minY == 10)
        let first = try #require(model.frame(ofItem: 0))
        #expect(first.minY >= banner.maxY + 10)
        #expect(model.itemIndex(of: .item(0, section: 0)) == nil)  // the banner is not a video cell
        #expect(model.itemIndex(of: .item(3, section: 1)) == 3)
        #expect(model.footerFrame != nil)

        var opened: [String] = []
        model.onOpenItem = { opened.append($0.id) }
        model.activateBanner(at: 2)
        model.activateItem(at: 0)
        #expect(opened == ["i-6", "i-0"])
    }

    @Test func withoutFeaturedItemsThereIsNoBanner() async throws {
        var configuration = FeedScreenModel.Configuration(columns: .fixed(2))
        configuration.showsBanner = true
        let model = FeedScreenModel(
            pager: FeedPager(loader: ScriptedFeedLoader(items: FeedFixtures.items(0..<10))),
            configuration: configuration)
        model.setContainerSize(CGSize(width: 375, height: 667))
        model.start()
        #expect(await waitUntil { !model.items.isEmpty })
        #expect(model.banners.isEmpty)
        #expect(model.bannerElement == nil)
        #expect(model.frame(ofItem: 0)?.minY == 10)
    }
}

/// Pages landing one after another, over seeded random catalogs with featured items: the model
/// keeps its own copy of the items (appended in place), which must stay the pager's list, and a
/// page is an append exactly when it leaves the banners as they were.
@MainActor
@Suite struct FeedScreenModelAppendTests {
    @Test(arguments: 0..<12)
    func pagesLandAsAppendsUnlessTheyChangeTheBanners(seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        var catalog = FeedFixtures.items(0..<Int.random(in: 25...60, using: &generator))
        for index in catalog.indices where Int.random(in: 0..<8, using: &generator) == 0 {
            catalog[index].isFeatured = true
        }
        var configuration = FeedScreenModel.Configuration(columns: .fixed(2))
        configuration.showsBanner = true
        configuration.maximumBanners = Int.random(in: 0...3, using: &generator)
        let pager = FeedPager(loader: ScriptedFeedLoader(items: catalog), pageSize: 5)
        let model = FeedScreenModel(pager: pager, configuration: configuration)
        var changes: [FeedScreenModel.ItemsChange] = []
        model.onItemsChanged = { changes.append($0) }
        model.setContainerSize(CGSize(width: 375, height: 667))
        model.start()
        #expect(await waitUntil { !model.items.isEmpty && !model.feedState.isLoading })
        model.refreshClosingFinished()
        var shown = model.items.count
        var banners = model.banners.map(\.id)
        while model.feedState != .exhausted {
            changes.removeAll()
            model.footerActivated()
            #expect(await waitUntil { model.items.count > shown || model.feedState == .exhausted })
            #expect(await waitUntil { !model.feedState.isLoading })
            #expect(model.items == pager.items, "seed \(seed)")
            let expected = Array(
                model.items.filter(\.isFeatured).prefix(configuration.maximumBanners).map(\.id))
            #expect(model.banners.map(\.id) == expected, "seed \(seed)")
            if model.items.count > shown {
                let append = FeedScreenModel.ItemsChange.appended(shown..<model.items.count)
                #expect((changes == [append]) == (expected == banners), "seed \(seed): \(changes)")
            }
            shown = model.items.count
            banners = expected
        }
        #expect(model.items == catalog)
        for index in model.items.indices {
            #expect(model.frame(ofItem: index) != nil, "seed \(seed): item \(index) placed")
        }
    }
}
