import CGtk
import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeGTK

/// A refresh that brings new items, in the real feed view: the item at the top of the screen
/// stays at the same place in the window, drawn by the same cell widget (moved, not rebound),
/// and cells of items that went are hidden.
@MainActor @Suite(.serialized, .needsDisplay) struct FeedDiffViewTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    @Test func aRefreshWithNewItemsKeepsTheItemOnScreenAndItsCell() async throws {
        let served = SharedValue(FeedFixtures.items(0..<60))
        let loader = ScriptedFeedLoader { _, _ in .success(FeedPage(items: served.withLock { $0 }, isEnd: true)) }
        let model = FeedScreenModel(
            pager: FeedPager(loader: loader, pageSize: 60),
            configuration: FeedScreenModel.Configuration(columns: .fixed(3)))
        let (view, window) = AccessibilityTests.startedFeed(model)
        defer {
            view.stop()
            gtk_window_destroy(window)
        }
        #expect(
            await AccessibleChecks.pumpAsync {
                model.items.count == 60 && view.maxOffset > 1000 && !model.feedState.isLoading
            })
        model.refreshClosingFinished()
        view.scroll(to: 900)
        #expect(AccessibleChecks.pump { view.cellsInChildOrder.contains { model.frame(ofItem: $0)!.minY > 1000 } })
        // The first item whose top is on screen, where its widget is in the window.
        let reading = try #require(view.cellsInChildOrder.first { model.frame(ofItem: $0)!.minY >= view.offset })
        let id = model.items[reading].id
        let cell = try #require(view.cell(forItem: reading))
        func top(_ widget: UnsafeMutablePointer<GtkWidget>) -> Float? {
            var bounds = graphene_rect_t()
            return gtk_widget_compute_bounds(widget, window.widget, &bounds) != 0 ? bounds.origin.y : nil
        }
        // Four new items at the top, the last ten gone; the answer is held while the header opens.
        served.withLock { $0 = FeedFixtures.items(0..<4, prefix: "new") + FeedFixtures.items(0..<50) }
        await loader.setGated(true)
        let idle = top(cell.root)
        model.pull(distance: 80)
        model.releasePull()
        // Where the item is on screen while the refresh is under way: pushed down by the header.
        #expect(AccessibleChecks.pump { model.refresh.state == .refreshing && top(cell.root) != idle })
        // Measured from the header's bottom: the header closes once the refresh lands, which on
        // a loaded machine can happen before the position below is read.
        let before = try #require(top(cell.root)) - Float(view.topInset)
        await loader.setGated(false)
        #expect(await AccessibleChecks.pumpAsync { model.items.count == 54 })
        let index = try #require(model.items.firstIndex { $0.id == id })
        #expect(index == reading + 4)
        #expect(view.cell(forItem: index) === cell, "the item's cell was not kept")
        #expect(
            AccessibleChecks.pump { top(cell.root).map { abs($0 - Float(view.topInset) - before) < 1 } ?? false },
            "moved from \(before) to \(top(cell.root) ?? -1) under a \(view.topInset) pt header")
        // The other kept cells slide (the columns moved by different amounts), then every drawn
        // cell rests where the layout says, fully drawn; only items near the screen have cells.
        #expect(view.lastUpdateSlideCount > 0)
        #expect(AccessibleChecks.pump { view.updateAnimation == nil })
        func origin(_ index: Int) -> (x: Float, y: Float)? {
            var bounds = graphene_rect_t()
            guard let cell = view.cell(forItem: index), gtk_widget_compute_bounds(cell.root, view.content, &bounds) != 0
            else { return nil }
            return (bounds.origin.x, bounds.origin.y)
        }
        // Laid out at the layout's frames by the next allocation.
        let settled = AccessibleChecks.pump {
            view.cellsInChildOrder.allSatisfy { index in
                guard let frame = model.frame(ofItem: index), let origin = origin(index) else { return false }
                return abs(Double(origin.x) - Double(frame.minX)) < 1 && abs(Double(origin.y) - Double(frame.minY)) < 1
            }
        }
        #expect(settled, "\(view.cellsInChildOrder.map { ($0, origin($0).map { [$0.x, $0.y] } ?? []) })")
        for shown in view.cellsInChildOrder {
            let frame = try #require(model.frame(ofItem: shown))
            let drawn = try #require(view.cell(forItem: shown))
            #expect(gtk_widget_get_opacity(drawn.root) == 1)
            #expect(frame.maxY > view.offset - 1000 && frame.minY < view.offset + view.viewportHeight + 1000)
        }
    }

    /// Items deleted by a refresh fade out where their cells were (still pictures of them over
    /// the feed) while the kept cells slide into their place; then nothing of them is left.
    @Test func deletedItemsFadeOutWhereTheyWere() async throws {
        let model = FeedScreenModel(
            pager: FeedPager(loader: ScriptedFeedLoader(items: FeedFixtures.items(0..<30)), pageSize: 30),
            configuration: FeedScreenModel.Configuration(columns: .fixed(3)))
        let (view, window) = AccessibilityTests.startedFeed(model)
        defer {
            view.stop()
            gtk_window_destroy(window)
        }
        #expect(await AccessibleChecks.pumpAsync { model.items.count == 30 && !model.feedState.isLoading })
        model.refreshClosingFinished()
        // Both drawn (allocated) before they go.
        #expect(
            AccessibleChecks.pump {
                [1, 4].allSatisfy { view.cell(forItem: $0).map { gtk_widget_get_width($0.root) > 100 } ?? false }
            })
        func children() -> Int {
            var count = 0
            var child = gtk_widget_get_first_child(view.content)
            while let widget = child {
                count += 1
                child = gtk_widget_get_next_sibling(widget)
            }
            return count
        }
        // Items 1 and 4 (on screen) go, the list changing in one step as a search's does.
        let kept = FeedFixtures.items(0..<30).enumerated().filter { $0.offset != 1 && $0.offset != 4 }.map(\.element)
        model.pager.replace(loader: ScriptedFeedLoader(items: kept), showing: FeedPage(items: kept, isEnd: true))
        #expect(model.items.count == 28)
        let animation = try #require(view.updateAnimation, "no update animation")
        #expect(
            animation.departing.opacities.count == 2, "pictures of the deleted cells: \(animation.departing.opacities)")
        #expect(
            animation.departing.imageSizes.allSatisfy { $0.width > 100 && $0.height > 100 },
            "\(animation.departing.imageSizes)")
        #expect(!animation.slides.isEmpty, "the cells after them did not slide")
        // Half way, half drawn; at the end, gone (the animation's own clock drives the same steps).
        animation.apply(progress: 0.5, in: view.content)
        // (GTK keeps an opacity in 8 bits.)
        #expect(animation.departing.opacities.count == 2)
        #expect(animation.departing.opacities.allSatisfy { abs($0 - 0.5) < 0.01 }, "\(animation.departing.opacities)")
        #expect(AccessibleChecks.pump { view.updateAnimation == nil })
        #expect(animation.departing.isEmpty, "pictures left after the animation")
        let drawn = view.cellsInChildOrder.count
        // The cells, the footer (and no banner): nothing else stays in the feed.
        #expect(children() == drawn + 1, "\(children()) children for \(drawn) cells and the footer")
    }

    /// An animated scroll to an item passes through the offsets between and rests with the item
    /// centred; a wheel step stops it where it is.
    @Test func anAnimatedScrollToAnItemGlidesThereAndAWheelStopsIt() async throws {
        let model = FeedScreenModel(
            pager: FeedPager(loader: ScriptedFeedLoader(items: FeedFixtures.items(0..<120)), pageSize: 120),
            configuration: FeedScreenModel.Configuration(columns: .fixed(3)))
        let (view, window) = AccessibilityTests.startedFeed(model)
        defer {
            view.stop()
            gtk_window_destroy(window)
        }
        #expect(await AccessibleChecks.pumpAsync { model.items.count == 120 && view.maxOffset > 3000 })
        let target = try #require(
            model.scrollOffset(toShow: 60, at: .center, offset: 0, viewportHeight: view.viewportHeight))
        #expect(view.scroll(toItem: 60, at: .center, animated: true))
        var seen: Set<Int> = []
        #expect(
            AccessibleChecks.pump {
                seen.insert(Int(view.offset))
                return view.scrollAnimation == nil
            })
        #expect(view.offset == target)
        #expect(seen.contains { $0 > 0 && Double($0) < target - 1 }, "no offset between: \(seen.sorted())")
        #expect(view.cell(forItem: 60) != nil)
        // Back to the top, animated; a wheel step on the way stops it there.
        #expect(view.scroll(toItem: 0, at: .top, animated: true))
        #expect(AccessibleChecks.pump { view.offset < target - 50 })
        _ = view.scrollGestureMoved(-30)
        #expect(view.scrollAnimation == nil)
        #expect(view.offset > 0)
        #expect(!view.scroll(toItem: 500, at: .top, animated: true), "item 500 is not loaded")
    }
}
