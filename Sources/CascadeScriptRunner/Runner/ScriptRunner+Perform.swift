import CGtk
import CascadeGTK
import CascadeScreens
import CascadeScript
import Foundation

extension ScriptRunner {
    /// Runs one action through the handler the input it stands for reaches.
    func perform(_ action: ScriptAction) async throws {
        if action.actsOnTheScreen, app.alert.text != nil {
            // A user must press OK before touching the screen behind an alert: do the same.
            app.alert.dismiss()
            try await frames(1)
        }
        switch action {
        case .wait(let ms):
            try await Task.sleep(for: .milliseconds(ms))
        case .waitIdle:
            if app.isPreparingCatalog {
                // Generating a catalog takes about a minute on two cores.
                try await waitUntil(timeout: 900) { !app.isPreparingCatalog }
            }
            guard await waitIdle(timeout: 15) else { throw ScriptFailure("still busy after 15 s") }
        case .resize(let width, let height):
            gtk_window_set_default_size(app.window.as(GtkWindow.self), Int32(clamping: width), Int32(clamping: height))
            gtk_widget_queue_resize(app.window)
            try await frames(3)
        case .scrollBy(_, let dy):
            try await scrollGesture(dy)
        case .scrollToItem(let index, let position, let animated):
            let feed = try requireFeed()
            guard feed.scroll(toItem: index, at: ScrollPosition(rawValue: position) ?? .top, animated: animated) else {
                throw ScriptFailure("item \(index) is not loaded (\(feed.model.items.count) items)")
            }
            if animated { try await waitUntil(timeout: 5) { feed.scrollAnimation == nil } }
            try await frames(2)
        case .scrollToEnd:
            let feed = try requireFeed()
            feed.scroll(to: feed.maxOffset)
            try await frames(2)
        case .fling(_, let vy):
            try await fling(velocity: vy)
        case .pullRefresh:
            try await pullRefresh()
        case .tapItem(let index):
            try await click(item: index)
        case .hoverItem(let index):
            let feed = try requireFeed()
            guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
            guard feed.hoverItem(index) else { throw ScriptFailure("item \(index) is not on screen") }
            let previews = app.previews.controller
            try await waitUntil(timeout: 10) {
                switch previews.state {
                case .pending, .loading: false
                case .idle, .playing, .failed: true
                }
            }
        case .tapFooter:
            let feed = try requireFeed()
            guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
            guard feed.tapFooter() else { throw ScriptFailure("the footer is not on screen") }
            try await frames(2)
        case .back:
            guard app.screen != .feed else { throw ScriptFailure("already on the feed") }
            app.model.back()
            try await frames(2)
        case .screenshot(let name):
            try await frames(2)
            // A window shown moments ago (the first run's progress) may not have its first
            // allocation yet on a loaded machine, and a draw queued since the last frame leaves
            // nothing drawn until the next: either way, wait for frames, bounded.
            let png = screenshots.appendingPathComponent("\(name).png")
            try await Screenshot.saveDrawn(
                app.window, over: app.alert.dialog.map { [$0] } ?? [], to: png, attempts: 300
            ) {
                try await frames(1)
            }
        case .tapTab(let index):
            let pager = try requirePager()
            guard pager.model.channels.indices.contains(index) else {
                throw ScriptFailure("there is no tab \(index) (\(pager.model.channels.count) channels)")
            }
            pager.selectTab(index)
            try await waitUntil(timeout: 5) { !pager.isMoving }
        case .swipePage(let forward):
            try await swipePage(forward: forward)
        case .carousel(let forward):
            let feed = try requireFeed()
            guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
            guard let banner = feed.banner, feed.model.bannerElement != nil else {
                throw ScriptFailure("this channel has no banner carousel")
            }
            try await waitUntil(timeout: 5) { !banner.isAnimating }
            banner.step(forward: forward)
            try await waitUntil(timeout: 5) { !banner.isAnimating }
        case .play, .pause, .seek, .waitPosition, .waitPlayerError, .toggleFullscreen, .resume, .startOver:
            try await performPlayer(action)
        case .waitOpened(let count):
            try await waitUntil(timeout: 20) { app.opened.count >= count }
            _ = await waitIdle(timeout: 15)
        case .waitStatus(let text):
            // The catalog's status line: a folder feed's, or the first run's generation progress.
            try await waitUntil(timeout: 20) {
                app.catalogStatus?.contains(text) == true
                    || app.catalogProgressMessage?.contains(text) == true
            }
        case .columns(let columns):
            app.setColumns(columns)
            _ = await waitIdle(timeout: 15)
        case .previews(let enabled):
            app.model.setHoverPreviews(enabled)
            try await frames(1)
        case .waitSignal(let name):
            try await waitSignal(screenshots.appendingPathComponent(name))
        case .setVolume(let volume):
            guard app.screen == .player else { throw ScriptFailure("the player page is not shown") }
            app.playerPage.controlsBar.onVolume?(volume)
            try await frames(1)
        }
    }

    func requireFeed() throws -> FeedView {
        guard let feed = app.feed else { throw ScriptFailure("the feed has not loaded") }
        return feed
    }

    func requirePager() throws -> ChannelPagerView {
        guard app.screen == .feed else { throw ScriptFailure("the channel page is not shown") }
        guard let pager = app.channelPager else { throw ScriptFailure("the channels have not loaded") }
        return pager
    }
}
