/// One page of a feed as a loader returns it.
public struct FeedPage: Hashable, Sendable, Codable {
    /// The usable items, in feed order.
    public var items: [VideoItem]
    /// Whether the server said this is the last page (`end == 1`).
    public var isEnd: Bool
    /// The entries that were skipped, each with its index in `info_list` and the reason.
    public var skipped: [SkippedItem]
    /// The number of entries the server sent (usable and skipped): what "a short page" is measured by.
    public var entryCount: Int

    /// Creates a page; `entryCount` defaults to the usable plus skipped entries.
    public init(items: [VideoItem], isEnd: Bool, skipped: [SkippedItem] = [], entryCount: Int? = nil) {
        self.items = items
        self.isEnd = isEnd
        self.skipped = skipped
        self.entryCount = entryCount ?? (items.count + skipped.count)
    }

    /// How many entries were skipped as unusable.
    public var skippedCount: Int { skipped.count }
}

/// An `info_list` entry the decoder could not use.
public struct SkippedItem: Hashable, Sendable, Codable {
    /// The entry's index in the page's `info_list`.
    public var index: Int
    /// Why it was skipped.
    public var reason: SkipReason

    /// Creates a record.
    public init(index: Int, reason: SkipReason) {
        self.index = index
        self.reason = reason
    }
}

/// Why an `info_list` entry was skipped.
public enum SkipReason: String, Error, Hashable, Sendable, Codable, CaseIterable {
    /// The entry is not a JSON object.
    case notAnObject
    /// There is no `cover`, or it is empty.
    case missingCover
    /// The cover is not an http(s) or file URL after resolving against the base URL.
    case invalidCoverURL
    /// There is no `flv` (video) reference, or it is empty.
    case missingVideo
    /// The video is not an http(s) or file URL after resolving against the base URL.
    case invalidVideoURL
    /// `width` or `height` is missing, not a number, not finite, or not positive.
    case invalidSize
    /// The cover URL is not allowed for the feed's origin (`FeedReferencePolicy`).
    case coverNotAllowed
    /// The video URL is not allowed for the feed's origin (`FeedReferencePolicy`).
    case videoNotAllowed
}
