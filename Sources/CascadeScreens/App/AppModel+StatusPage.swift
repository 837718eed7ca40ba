import CascadeFeed
import CascadeSearch

/// Which status page (`StatusPage`) stands in for a feed with nothing to draw, and what its
/// button does.
extension AppModel {
    /// Whether the catalog shown is a folder of videos (its items may name only files in its
    /// folders), so an empty feed is an empty folder.
    public var showsFolder: Bool {
        if case .localFolders = source.referencePolicy { return true }
        return false
    }

    /// The status page shown in place of `feed`, or nil when the feed itself is drawn.
    public func statusPage(for feed: FeedScreenModel) -> StatusPage? {
        StatusPage.forFeed(items: feed.items.count, state: feed.feedState, isFolder: showsFolder)
    }

    /// The status page shown in place of a search's results: "No Results Found" when nothing matched.
    public func statusPage(for results: SearchResults) -> StatusPage? {
        results.isEmpty ? .noResults : nil
    }

    /// The user pressed the status page's button (Retry, Reload) over `feed`: its first page
    /// loads again (the refresh header shows it), as a pull would. Nothing without a button.
    public func statusPageActivated(for feed: FeedScreenModel) {
        guard statusPage(for: feed)?.actionLabel != nil else { return }
        feed.pager.refresh()
    }
}
