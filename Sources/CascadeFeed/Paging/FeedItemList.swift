/// The items of a feed in display order, unique by id: the list `FeedPager` grows page by page.
///
/// Keeps a set of the ids beside the array so that appending a page costs O(*k*) in the page's
/// size, not O(*n* · *k*) as a `contains` scan of everything shown would (servers that shift
/// pages under new items send repeats, so every append must check).
public struct FeedItemList: Hashable, Sendable {
    /// The items in display order.
    public private(set) var items: [VideoItem] = []
    private var ids: Set<String> = []

    /// Creates an empty list.
    public init() {}

    /// Creates a list from items, dropping repeated ids (the first one stays).
    /// - Complexity: O(*n*).
    public init(_ items: some Sequence<VideoItem>) {
        append(contentsOf: items)
    }

    /// The number of items.
    public var count: Int { items.count }

    /// Whether an item with this id is in the list.
    /// - Complexity: O(1) on average.
    public func contains(id: String) -> Bool { ids.contains(id) }

    /// Appends the items whose ids are not in the list yet, in order.
    /// - Returns: how many were appended.
    /// - Complexity: O(*k*) for *k* new items.
    @discardableResult
    public mutating func append(contentsOf newItems: some Sequence<VideoItem>) -> Int {
        var added = 0
        for item in newItems where ids.insert(item.id).inserted {
            items.append(item)
            added += 1
        }
        return added
    }
}
