/// Which data pages should be loaded around what the user sees, as enter/exit events.
///
/// Items are grouped in pages of `pageSize` (a feed's request size). Given the range of
/// visible item indices and the scroll direction, the working range is the visible pages plus
/// `leading` pages ahead and `trailing` pages behind. A page entering the range should start
/// loading (or be kept); a page leaving it may be released. This is Texture's working range,
/// reduced to the part a feed needs.
public struct WorkingRange: Sendable, Equatable {
    /// A page entering or leaving the range.
    public enum Event: Equatable, Sendable {
        /// Page `index` entered the range: load it ahead.
        case enter(Int)
        /// Page `index` left the range.
        case exit(Int)
    }

    // MARK: State

    /// Items per page (≥ 1).
    public let pageSize: Int
    /// Pages kept ahead of the visible pages in the scroll direction (≥ 0).
    public let leading: Int
    /// Pages kept behind (≥ 0).
    public let trailing: Int
    /// The pages currently in range.
    public private(set) var pages: ClosedRange<Int>?

    // MARK: Lifecycle

    /// Creates a range; sizes below their minimum are clamped.
    public init(pageSize: Int, leading: Int = 1, trailing: Int = 0) {
        self.pageSize = max(1, pageSize)
        self.leading = max(0, leading)
        self.trailing = max(0, trailing)
    }

    // MARK: Updating

    /// Moves the range to cover `visibleItems` (item indices) of a list of `itemCount` items,
    /// and returns pages that left (first, ascending) and entered (ascending). Pages past
    /// the last one that could hold an item (`itemCount` rounded up, plus one page to load
    /// next) are not entered. An empty `visibleItems` leaves every page.
    ///
    /// - Complexity: O(p) for p pages entering or leaving.
    public mutating func update(
        visibleItems: Range<Int>, itemCount: Int, direction: ScrollDirection = .forward
    ) -> [Event] {
        let lastPage = max(0, itemCount) / pageSize  // the page after the last full one loads next
        var next: ClosedRange<Int>?
        if !visibleItems.isEmpty, visibleItems.lowerBound >= 0 {
            let first = visibleItems.lowerBound / pageSize
            let last = (visibleItems.upperBound - 1) / pageSize
            let ahead = direction == .backward ? trailing : leading
            let behind = direction == .backward ? leading : trailing
            let low = max(0, first - behind)
            let high = min(lastPage, last + ahead)
            if low <= high { next = low...high }
        }
        defer { pages = next }
        var events: [Event] = []
        if let pages {
            for page in pages where !(next?.contains(page) ?? false) { events.append(.exit(page)) }
        }
        if let next {
            for page in next where !(pages?.contains(page) ?? false) { events.append(.enter(page)) }
        }
        return events
    }
}
