/// Where a tab pager is: settled on a page, or between two pages.
public enum TabPagerState: Equatable, Sendable {
    /// Settled on page `selected`.
    case idle(selected: Int)
    /// Moving from page `from` to its neighbour `to`; `progress` in [0, 1].
    case scrolling(from: Int, to: Int, progress: Double)

    /// The page the pager is settled on, or is leaving.
    public var settledPage: Int {
        switch self {
        case let .idle(selected): selected
        case let .scrolling(from, _, _): from
        }
    }

    /// The tab drawn as selected: the destination once the move is half-way (progress 0.5).
    public var visuallySelectedPage: Int {
        switch self {
        case let .idle(selected): selected
        case let .scrolling(from, to, progress): progress < 0.5 ? from : to
        }
    }
}
