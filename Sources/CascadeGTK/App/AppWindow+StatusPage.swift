/// The status page (`AdwStatusPage`) drawn in place of a feed with nothing to draw.
extension AppWindow {
    /// The status page drawn now: the shown feed's (an empty folder, a failed first load, …) or
    /// the search's "No Results Found"; nil when a feed (or nothing) is drawn.
    package var shownStatusPage: StatusPageView? {
        if search.showsNoResults { return search.empty }
        guard screen == .feed, let feed, feed.status.shown != nil else { return nil }
        return feed.status
    }
}
