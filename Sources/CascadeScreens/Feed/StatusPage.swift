import CascadeFeed

/// A page-filling message shown in place of a feed with nothing to draw (libadwaita's
/// `AdwStatusPage`): an empty folder, a channel without videos, a first load that failed, a
/// search that found nothing. The texts are English message ids; the host translates them.
///
/// ```swift
/// StatusPage.forFeed(items: 0, state: .exhausted, isFolder: true)   // .emptyFolder
/// StatusPage.forFeed(items: 12, state: .failed(.timedOut, retryable: true), isFolder: false)  // nil: the items stay
/// ```
public enum StatusPage: Equatable, Sendable {
    /// A folder feed whose folder holds no videos (its action loads it again).
    case emptyFolder
    /// A channel whose feed has no videos.
    case emptyChannel
    /// The first load failed and nothing is shown: what went wrong, and Retry.
    case loadFailed(FeedAlert)
    /// A search whose query matches no loaded title.
    case noResults

    /// The status page for a feed holding `items` items in `state`, or nil when the feed itself
    /// is shown: it has items (a failure then keeps them, with the footer's retry), or it is
    /// still loading or has not started. `isFolder`: the feed lists a folder of videos.
    public static func forFeed(items: Int, state: FeedPagerState, isFolder: Bool) -> StatusPage? {
        guard items == 0 else { return nil }
        switch state {
        case .idle, .refreshing, .loadingMore: return nil
        case .exhausted: return isFolder ? .emptyFolder : .emptyChannel
        case .failed(let error, _):
            guard let alert = FeedAlert(error: error) else { return nil }
            return .loadFailed(alert)
        }
    }

    /// The name the script report uses: `empty_folder`, `empty_channel`, `load_failed`, `no_results`.
    public var kind: String {
        switch self {
        case .emptyFolder: "empty_folder"
        case .emptyChannel: "empty_channel"
        case .loadFailed: "load_failed"
        case .noResults: "no_results"
        }
    }

    /// The symbolic icon from the icon theme (Adwaita has each).
    public var iconName: String {
        switch self {
        case .emptyFolder: "folder-videos-symbolic"
        case .emptyChannel: "video-x-generic-symbolic"
        case .loadFailed: "network-error-symbolic"
        case .noResults: "system-search-symbolic"
        }
    }

    /// The title, in large type.
    public var title: String {
        switch self {
        case .emptyFolder: "No Videos in This Folder"
        case .emptyChannel: "No Videos"
        case .loadFailed(let alert): alert.title
        case .noResults: "No Results Found"
        }
    }

    /// The sentence below the title (may be empty).
    public var description: String {
        switch self {
        case .emptyFolder: "Videos copied into the folder show here after a reload."
        case .emptyChannel: "This channel has no videos yet."
        case .loadFailed(let alert): alert.message
        case .noResults: "Try a different search"
        }
    }

    /// The label of the page's button, nil for none: Retry after a failure, Reload for an empty
    /// folder. Either loads the feed's first page again.
    public var actionLabel: String? {
        switch self {
        case .emptyFolder: "Reload"
        case .loadFailed: "Retry"
        case .emptyChannel, .noResults: nil
        }
    }
}
