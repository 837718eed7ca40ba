import CGtk
import CascadeGTK
import Foundation

/// The pointer gestures a script stands for, through the handlers the real input reaches.
extension ScriptRunner {
    /// A scroll of `dy` points as one gesture: the delta through the feed's scroll handler
    /// (which pulls at the top, and at the bottom retries a failed load-more for a new
    /// gesture), the scrolled window moving the content by what the handler does not consume,
    /// then the gesture's end a frame later (touchpad scroll-end).
    func scrollGesture(_ dy: Double) async throws {
        let feed = try requireFeed()
        if !feed.scrollGestureMoved(dy) { feed.scroll(to: feed.offset + dy) }
        try await frames(1)
        feed.scrollGestureEnded()
        try await frames(1)
    }

    /// A drag released at `velocity` points per second: the feed's own release, which glides
    /// on (`ReleaseGlide`); waits until the glide ends.
    func fling(velocity: Double) async throws {
        let feed = try requireFeed()
        feed.beginDrag(time: Double(g_get_monotonic_time()) / 1e6)
        feed.releaseDrag(velocity: velocity)
        try await waitUntil(timeout: 15) { !feed.isGliding }
    }

    /// Pull-to-refresh as a touchpad gesture: upward deltas at the top over several frames,
    /// then the end of the scroll.
    func pullRefresh() async throws {
        let feed = try requireFeed()
        feed.scroll(to: 0)
        try await frames(1)
        for _ in 0..<10 {
            if !feed.scrollGestureMoved(-30) { feed.scroll(to: feed.offset - 30) }
            try await frames(1)
        }
        feed.scrollGestureEnded()
        guard feed.model.refresh.isBusy || feed.model.feedState == .refreshing else {
            throw ScriptFailure("the pull did not start a refresh")
        }
        try await frames(1)
    }

    /// A primary click at the centre of the part of item `index`'s cell that the feed shows (a
    /// person clicks what they see; a tall cell's centre may be below the window): the widget GTK
    /// picks under that point must be the cell (or inside it), whose click gesture then gets the
    /// release.
    func click(item index: Int) async throws {
        let feed = try requireFeed()
        guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
        guard let cell = feed.cell(forItem: index) else { throw ScriptFailure("item \(index) is not on screen") }
        var bounds = graphene_rect_t()
        var shown = graphene_rect_t()
        guard gtk_widget_compute_bounds(cell.root, app.window, &bounds) != 0,
            gtk_widget_compute_bounds(feed.scrolled, app.window, &shown) != 0
        else { throw ScriptFailure("item \(index)'s cell is not laid out") }
        var visible = graphene_rect_t()
        guard graphene_rect_intersection(&bounds, &shown, &visible) else {
            throw ScriptFailure("item \(index)'s cell is outside the feed's view")
        }
        let x = Double(visible.origin.x + visible.size.width / 2)
        let y = Double(visible.origin.y + visible.size.height / 2)
        guard let picked = gtk_widget_pick(app.window, x, y, GTK_PICK_DEFAULT),
            picked == cell.root || gtk_widget_is_ancestor(picked, cell.root) != 0
        else { throw ScriptFailure("item \(index)'s cell is covered at (\(x), \(y))") }
        cell.clicked()
        try await frames(2)
    }

    /// A horizontal touchpad swipe on the channel container: deltas over several frames, then
    /// the scroll ends.
    func swipePage(forward: Bool) async throws {
        let pager = try requirePager()
        let target = pager.model.selectedIndex + (forward ? 1 : -1)
        guard pager.model.channels.indices.contains(target) else {
            throw ScriptFailure("no \(forward ? "next" : "previous") page")
        }
        let width = pager.pageWidth
        for _ in 0..<6 {
            pager.swipeDelta((forward ? 1 : -1) * width / 10)
            try await frames(1)
        }
        pager.endSwipe()
        try await waitUntil(timeout: 5) { !pager.isMoving }
        guard pager.model.selectedIndex == target else {
            throw ScriptFailure("the swipe settled on page \(pager.model.selectedIndex), not \(target)")
        }
    }
}
