import CGtk
import CascadeFeed
import CascadeImages
import CascadePlayer
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeGTK

/// The real widgets' accessible roles, names, values, states and relations, read through GTK's
/// accessibility API, screen by screen: the feed (cells, tab strip, carousel, footer and
/// refresh status), the player's controls and the alert.
@MainActor @Suite(.serialized, .needsDisplay) struct AccessibilityTests {
    typealias Check = AccessibleChecks

    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    // MARK: Feed

    @Test func aCellIsAButtonNamedByTitleDurationAndKind() {
        let cell = VideoCellWidget()
        #expect(Check.has(cell.root, role: GTK_ACCESSIBLE_ROLE_BUTTON))
        #expect(gtk_widget_get_focusable(cell.root) != 0)
        cell.bind(title: "Sunset over the bay", duration: "0:07")
        #expect(Check.mismatch(cell.root, GTK_ACCESSIBLE_PROPERTY_LABEL, "Sunset over the bay, 0:07, video") == nil)
        // A reused cell says its new item.
        cell.bind(title: "Morning", duration: nil)
        #expect(Check.mismatch(cell.root, GTK_ACCESSIBLE_PROPERTY_LABEL, "Morning, video") == nil)
        // Left partway (the cover's progress bar): the name says so, and stops saying it.
        cell.bind(title: "Morning", duration: "1:23")
        cell.setWatchProgress(ResumePoint(position: 30, duration: 83))
        #expect(cell.isPartiallyWatched)
        #expect(
            Check.mismatch(cell.root, GTK_ACCESSIBLE_PROPERTY_LABEL, "Morning, 1:23, video, partially watched") == nil)
        cell.setWatchProgress(nil)
        #expect(Check.mismatch(cell.root, GTK_ACCESSIBLE_PROPERTY_LABEL, "Morning, 1:23, video") == nil)
    }

    @Test func theTabStripIsATabListWhoseSelectedTabFollowsTheChannel() throws {
        let channels = (0..<3).map { Channel(id: "c\($0)", title: "Channel \($0)") }
        let model = ChannelPagerModel(channels: channels) { _ in
            FeedScreenModel(pager: FeedPager(loader: ScriptedFeedLoader(items: FeedFixtures.items(0..<4))))
        }
        let view = ChannelPagerView(model: model, pipeline: Self.pipeline())
        let window = Self.window(showing: view.root)
        defer { gtk_window_destroy(window) }
        view.start()
        #expect(Check.pump { view.pageWidth > 0 }, "the pager got no size")

        #expect(Check.has(view.strip, role: GTK_ACCESSIBLE_ROLE_TAB_LIST))
        #expect(Check.mismatch(view.strip, GTK_ACCESSIBLE_PROPERTY_LABEL, "Channels") == nil)
        #expect(Check.has(view.containerScroller, role: GTK_ACCESSIBLE_ROLE_TAB_PANEL))
        #expect(view.tabs.count == 3)
        for (index, tab) in view.tabs.enumerated() {
            #expect(Check.has(tab, role: GTK_ACCESSIBLE_ROLE_TAB))
            #expect(gtk_widget_get_focusable(tab) != 0)
            #expect(Check.mismatch(tab, GTK_ACCESSIBLE_PROPERTY_LABEL, "Channel \(index)") == nil)
            #expect(Check.mismatch(tab, GTK_ACCESSIBLE_RELATION_POS_IN_SET, index + 1) == nil)
            #expect(Check.mismatch(tab, GTK_ACCESSIBLE_RELATION_SET_SIZE, 3) == nil)
            #expect(Check.mismatch(tab, GTK_ACCESSIBLE_RELATION_CONTROLS, view.containerScroller) == nil)
            #expect(Check.mismatch(tab, GTK_ACCESSIBLE_STATE_SELECTED, index == 0) == nil, "tab \(index)")
        }

        // Enter on the focused third tab selects it (the keyboard's path).
        gtk_widget_grab_focus(view.tabs[2])
        #expect(gtk_widget_has_focus(view.tabs[2]) != 0)
        view.selectTab(2)
        #expect(Check.pump { !view.isMoving && model.selectedIndex == 2 })
        for (index, tab) in view.tabs.enumerated() {
            #expect(Check.mismatch(tab, GTK_ACCESSIBLE_STATE_SELECTED, index == 2) == nil, "tab \(index)")
        }
        // A different tab is no longer selected: the check reads the real state.
        #expect(Check.mismatch(view.tabs[0], GTK_ACCESSIBLE_STATE_SELECTED, true) != nil)
    }

    @Test func theCarouselIsAGroupAnnouncingItsPage() {
        let carousel = BannerCarouselView(pipeline: Self.pipeline(), interval: 0)
        #expect(Check.has(carousel.root, role: GTK_ACCESSIBLE_ROLE_GROUP))
        #expect(gtk_widget_get_focusable(carousel.root) != 0)
        let banners = FeedFixtures.items(0..<5)
        carousel.setItems(banners)
        carousel.apply(size: CGSize(width: 400, height: 144))
        #expect(Check.mismatch(carousel.root, GTK_ACCESSIBLE_PROPERTY_LABEL, "Banner 1 of 5") == nil)
        #expect(Check.mismatch(carousel.root, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, banners[0].title) == nil)
        carousel.step(forward: true)  // off screen it lands at once
        #expect(Check.mismatch(carousel.root, GTK_ACCESSIBLE_PROPERTY_LABEL, "Banner 2 of 5") == nil)
        #expect(Check.mismatch(carousel.root, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, banners[1].title) == nil)
        carousel.step(forward: false)
        carousel.step(forward: false)
        #expect(Check.mismatch(carousel.root, GTK_ACCESSIBLE_PROPERTY_LABEL, "Banner 5 of 5") == nil)
    }

    @Test(arguments: [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL])
    func theCarouselsNextPageIsOnTheReadingSide(direction: GtkTextDirection) throws {
        let carousel = BannerCarouselView(pipeline: Self.pipeline(), interval: 0)
        gtk_widget_set_direction(carousel.root, direction)
        let window = Self.window(showing: carousel.root)
        defer { gtk_window_destroy(window) }
        carousel.setItems(FeedFixtures.items(0..<5))
        carousel.apply(size: CGSize(width: 400, height: 144))
        func x(of slot: Int) -> Float? {
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(carousel.slots[slot].box, carousel.stage, &bounds) != 0 else { return nil }
            return bounds.origin.x
        }
        // Laid out by the next allocation (bounded: a slot that never moves fails below).
        Check.pump(timeout: 5) { (x(of: 2) ?? 0) != 0 }
        // Slots 0, 1, 2 hold the previous, current and next pages: the next one right of the
        // current one left to right, left of it right to left; the previous one opposite.
        let next: Float = direction == GTK_TEXT_DIR_RTL ? -400 : 400
        #expect(x(of: 1) == 0)
        #expect(x(of: 2) == next)
        #expect(x(of: 0) == -next)
    }

    /// Assistive technologies get a container's children in widget order: the drawn cells are in
    /// reading order (row by row, along the line) after any scroll, whatever order the pool
    /// recycled them in, and the footer comes last.
    @Test func cellsAreChildrenInReadingOrderAfterScrolling() async throws {
        let model = Self.oneFullPageModel(items: 120)
        let (view, window) = Self.startedFeed(model)
        defer {
            view.stop()
            gtk_window_destroy(window)
        }
        #expect(
            await Check.pumpAsync { model.items.count == 120 && view.maxOffset > 3000 && view.viewportHeight > 100 })
        // Small steps down and back up, as a wheel scrolls: cells that leave at one edge are
        // recycled for the other.
        let down = Array(stride(from: 0.0, through: 3000, by: 150))
        for offset in down + down.reversed() {
            view.scroll(to: offset)
            // Drawn once the next frame has placed the cells at the new offset.
            let placed = Check.pump {
                view.cellsInChildOrder.contains { model.frame(ofItem: $0).map { $0.minY > offset + 300 } ?? false }
                    && !view.cellsInChildOrder.contains {
                        model.frame(ofItem: $0).map { $0.maxY < offset - 600 } ?? false
                    }
            }
            #expect(placed, "at \(offset): \(view.cellsInChildOrder)")
            let order = view.cellsInChildOrder
            #expect(order.count > 3)
            #expect(order == model.readingOrder(order), "at \(offset): \(order)")
            // The footer right after the last cell read.
            #expect(gtk_widget_get_prev_sibling(view.footer) == order.last.flatMap { view.cell(forItem: $0)?.root })
        }
    }

    @Test func aFailedLoadMoreFooterJoinsTheTabChainAndItsActionRetries() async {
        let loader = ScriptedFeedLoader { number, size in
            number == 0 ? .success(FeedPage(items: FeedFixtures.items(0..<size), isEnd: false)) : .failure(.offline)
        }
        let model = FeedScreenModel(
            pager: FeedPager(loader: loader), configuration: FeedScreenModel.Configuration(columns: .fixed(4)))
        let (view, window) = Self.startedFeed(model)
        defer {
            view.stop()
            gtk_window_destroy(window)
        }
        #expect(gtk_widget_get_focusable(view.footer) == 0, "nothing to retry yet")
        // The first page is within a screen of its end: the next page loads at once, and fails.
        let failed = await Check.pumpAsync { if case .failed = model.footer.state { true } else { false } }
        #expect(
            failed,
            "footer \(model.footer.state), \(model.items.count) items, \(model.feedState), \(model.containerSize)")
        #expect(gtk_widget_get_focusable(view.footer) != 0)
        #expect(Check.mismatch(view.footer, GTK_ACCESSIBLE_PROPERTY_LABEL, model.footerText) == nil)
        gtk_widget_grab_focus(view.footer)
        #expect(gtk_widget_has_focus(view.footer) != 0)
        // Its AT-SPI action (what `DoAction` runs) retries, as a click does.
        let before = await loader.calls.count
        #expect(gtk_widget_activate_action_variant(view.footer, "footer.click", nil) != 0)
        var retried = false
        for _ in 0..<200 where !retried {
            _ = await Check.pumpAsync(timeout: 0.05) { false }
            retried = await loader.calls.count > before
        }
        #expect(retried, "footer.click did not ask for the page again")
    }

    @Test func footerAndRefreshAreStatuses() {
        let status = StatusLine()
        #expect(Check.has(status.widget, role: GTK_ACCESSIBLE_ROLE_STATUS))
        status.show("Loading…", busy: true)
        #expect(Check.mismatch(status.widget, GTK_ACCESSIBLE_PROPERTY_LABEL, "Loading…") == nil)
        #expect(Check.mismatch(status.widget, GTK_ACCESSIBLE_STATE_BUSY, true) == nil)
        status.show("No more videos", busy: false)
        #expect(Check.mismatch(status.widget, GTK_ACCESSIBLE_PROPERTY_LABEL, "No more videos") == nil)
        #expect(Check.mismatch(status.widget, GTK_ACCESSIBLE_STATE_BUSY, false) == nil)
    }

    /// GTK 4.8 keeps a stack's pages that are not shown in the AT-SPI tree: they are marked hidden.
    @Test func aStackShowsOnePageToAssistiveTechnologies() {
        let stack = OpaquePointer(gtk_stack_new())!
        let feed = gtk_label_new("feed")!
        let player = gtk_label_new("player")!
        gtk_stack_add_named(stack, feed, "feed")
        gtk_stack_add_named(stack, player, "player")
        let window = Self.window(showing: stack.widget)
        defer { gtk_window_destroy(window) }
        // GTK drops a boolean state set to its default (false): not set is shown too.
        func hidden(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
            gtk_test_accessible_has_state(OpaquePointer(widget), GTK_ACCESSIBLE_STATE_HIDDEN) != 0
                && Check.mismatch(widget, GTK_ACCESSIBLE_STATE_HIDDEN, true) == nil
        }
        Accessible.showPage("player", of: stack)
        #expect(hidden(feed) && !hidden(player))
        Accessible.showPage("feed", of: stack)
        #expect(!hidden(feed) && hidden(player))
    }

    @Test func theSearchBarsCloseButtonIsNamed() throws {
        let search = FeedSearch()
        let close = try #require(FeedSearch.firstButton(in: search.bar), "the bar has no close button")
        #expect(Check.mismatch(close, GTK_ACCESSIBLE_PROPERTY_LABEL, "Close search") == nil)
    }

    // MARK: Player

    @Test func playerControlsAreNamedAndSayTheirValues() {
        let bar = PlayerControlsBar()
        var snapshot = PlayerSnapshot()
        snapshot.state = .playing
        snapshot.duration = 7
        snapshot.position = 3
        snapshot.volume = 0.5
        bar.render(snapshot.controls, snapshot: snapshot)

        #expect(Check.has(bar.playPause, role: GTK_ACCESSIBLE_ROLE_BUTTON))
        #expect(Check.mismatch(bar.playPause, GTK_ACCESSIBLE_PROPERTY_LABEL, "Pause") == nil)
        #expect(Check.mismatch(bar.fullscreen, GTK_ACCESSIBLE_PROPERTY_LABEL, "Fullscreen") == nil)
        #expect(Check.has(bar.progress, role: GTK_ACCESSIBLE_ROLE_SLIDER))
        #expect(Check.mismatch(bar.progress, GTK_ACCESSIBLE_PROPERTY_LABEL, "Position") == nil)
        #expect(Check.mismatch(bar.progress, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 3) == nil)
        #expect(Check.mismatch(bar.progress, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 7) == nil)
        #expect(Check.mismatch(bar.progress, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, "0:03 of 0:07") == nil)
        #expect(Check.has(bar.volume, role: GTK_ACCESSIBLE_ROLE_SLIDER))
        #expect(Check.mismatch(bar.volume, GTK_ACCESSIBLE_PROPERTY_LABEL, "Volume") == nil)
        #expect(Check.mismatch(bar.volume, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 0.5) == nil)
        #expect(Check.mismatch(bar.volume, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, "50 %") == nil)

        snapshot.state = .paused
        snapshot.position = 5
        snapshot.volume = 0
        snapshot.isFullscreen = true
        bar.render(snapshot.controls, snapshot: snapshot)
        #expect(Check.mismatch(bar.playPause, GTK_ACCESSIBLE_PROPERTY_LABEL, "Play") == nil)
        #expect(Check.mismatch(bar.fullscreen, GTK_ACCESSIBLE_PROPERTY_LABEL, "Leave fullscreen") == nil)
        #expect(Check.mismatch(bar.progress, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, "0:05 of 0:07") == nil)
        #expect(Check.mismatch(bar.volume, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, "0 %") == nil)
    }

    @Test func thePlayerPagesButtonsAreNamed() throws {
        let page = PlayerPage()
        #expect(Check.has(page.surface.playButton, role: GTK_ACCESSIBLE_ROLE_BUTTON))
        #expect(Check.mismatch(page.surface.playButton, GTK_ACCESSIBLE_PROPERTY_LABEL, "Play") == nil)
        // The floating bar (the page's last overlay) starts with the back button.
        let bar = try #require(gtk_widget_get_last_child(page.root))
        let back = try #require(gtk_widget_get_first_child(bar))
        #expect(Check.has(back, role: GTK_ACCESSIBLE_ROLE_BUTTON))
        #expect(Check.mismatch(back, GTK_ACCESSIBLE_PROPERTY_LABEL, "Back") == nil)
        #expect(Check.has(page.controlsBar.progress, role: GTK_ACCESSIBLE_ROLE_SLIDER))
        #expect(Check.mismatch(page.controlsBar.progress, GTK_ACCESSIBLE_PROPERTY_LABEL, "Position") == nil)
        page.stop()
    }

    // MARK: Alert

    @Test func theAlertIsAModalAlertDialogLabelledByItsTitle() throws {
        let window = try #require(gtk_window_new())
        defer { gtk_window_destroy(window.as(GtkWindow.self)) }
        let alert = AlertDialog(parent: window)
        var dismissed = 0
        alert.show(title: "Loading timed out", message: "Please check your network") { dismissed += 1 }
        let dialog = try #require(alert.dialog)
        #expect(
            String(cString: g_type_name_from_instance(UnsafeMutablePointer(OpaquePointer(dialog))))
                == "AdwMessageDialog")
        #expect(Check.has(dialog, role: GTK_ACCESSIBLE_ROLE_ALERT_DIALOG))
        #expect(Check.mismatch(dialog, GTK_ACCESSIBLE_PROPERTY_LABEL, "Loading timed out") == nil)
        #expect(Check.mismatch(dialog, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Please check your network") == nil)
        #expect(gtk_window_get_modal(dialog.as(GtkWindow.self)) != 0)
        #expect(gtk_window_get_transient_for(dialog.as(GtkWindow.self)) == window.as(GtkWindow.self))
        #expect(alert.text == "Loading timed out — Please check your network")
        let heading = adw_message_dialog_get_heading(dialog.as(AdwMessageDialog.self)).map { String(cString: $0) }
        #expect(heading == "Loading timed out")

        // Esc (closing the dialog) answers with OK: the alert is dismissed once. GTK closes only
        // a realized window: let the main loop present it first (bounded).
        let deadline = Date().addingTimeInterval(10)
        while gtk_widget_get_realized(dialog) == 0, Date() < deadline { g_main_context_iteration(nil, 0) }
        #expect(gtk_widget_get_realized(dialog) != 0)
        gtk_window_close(dialog.as(GtkWindow.self))
        // (The test's main actor is not the main thread: the handler arrives through the main loop.)
        let answered = Date().addingTimeInterval(10)
        while alert.text != nil, Date() < answered { g_main_context_iteration(nil, 0) }
        #expect(dismissed == 1 && alert.text == nil && alert.dialog == nil)
        alert.dismiss()
        #expect(dismissed == 1)

        // A new alert replaces the one shown without answering for it; dismiss() closes it.
        alert.show(title: "A", message: "") { dismissed += 10 }
        alert.show(title: "B", message: "") { dismissed += 100 }
        #expect(alert.text == "B")
        alert.dismiss()
        #expect(dismissed == 101 && alert.dialog == nil)
    }

    // MARK: Helpers

    static func pipeline() -> ImagePipeline {
        ImagePipeline(decoder: FakeImageDecoder(), fetcher: FakeDataFetcher(), memoryCache: nil)
    }

    /// A 3-column feed whose one page holds all `items` fixture items.
    static func oneFullPageModel(items: Int) -> FeedScreenModel {
        FeedScreenModel(
            pager: FeedPager(loader: ScriptedFeedLoader(items: FeedFixtures.items(0..<items)), pageSize: items),
            configuration: FeedScreenModel.Configuration(columns: .fixed(3)))
    }

    /// A feed view of `model` in a shown window, started, and its model started.
    static func startedFeed(_ model: FeedScreenModel) -> (FeedView, UnsafeMutablePointer<GtkWindow>) {
        let view = FeedView(model: model, pipeline: pipeline())
        let window = window(showing: view.root)
        view.start()
        model.start()
        return (view, window)
    }

    static func window(showing child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow> {
        let window = gtk_window_new()!.as(GtkWindow.self)
        gtk_window_set_default_size(window, 640, 480)
        gtk_window_set_child(window, child)
        gtk_window_present(window)
        return window
    }
}
