/// What a `FeedPager` is doing.
public enum FeedPagerState: Hashable, Sendable {
    /// Nothing in flight; more pages may follow.
    case idle
    /// The first page is being (re)loaded; the current items stay visible.
    case refreshing
    /// Page `page` is being loaded.
    case loadingMore(page: Int)
    /// The last page has landed ("no more data").
    case exhausted
    /// The last load failed; the items loaded before stay. `retryable` says whether trying again may help.
    case failed(FeedError, retryable: Bool)

    /// The name the app's script report uses: `idle`, `refreshing`, `loading_more`, `exhausted`, `failed`.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .refreshing: "refreshing"
        case .loadingMore: "loading_more"
        case .exhausted: "exhausted"
        case .failed: "failed"
        }
    }

    /// Whether a request is in flight.
    public var isLoading: Bool {
        switch self {
        case .refreshing, .loadingMore: true
        default: false
        }
    }

    /// The alert text for a failure, nil otherwise.
    public var message: String? {
        if case .failed(let error, _) = self { error.userMessage } else { nil }
    }
}
