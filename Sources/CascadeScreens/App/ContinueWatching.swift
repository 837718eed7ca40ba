import CascadeFeed
import Foundation
import Synchronization

/// The "Continue watching" channel: the videos of the catalog shown that were left partway,
/// the most recently watched first. It is listed after the catalog's channels while it has a
/// video and goes away when it has none.
///
/// The resume store keeps where each video was left, keyed by its URL, with a label the app
/// gives it when the video is opened: `label(for:catalog:)`, the item and the catalog's key as
/// JSON. `items(entries:catalog:policy:)` reads them back, treating each as hostile (a label
/// that does not decode, names another catalog or another video, or that the catalog's
/// reference policy refuses, is left out).
public enum ContinueWatching {
    /// The channel's id, which no catalog channel may take (the channel is then not shown).
    public static let channelID = "cascade.continue-watching"
    /// The channel's title (English; the host translates it).
    public static let title = "Continue watching"
    /// The channel.
    public static let channel = Channel(id: channelID, title: title)
    /// The most videos the channel lists.
    public static let capacity = 100

    private struct Label: Codable {
        var catalog: String
        var item: VideoItem
    }

    /// The label the resume store keeps for `item` of `catalog` (nil when it cannot be encoded).
    public static func label(for item: VideoItem, catalog: String) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Label(catalog: catalog, item: item)) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// The channel's items from the resume store's entries (least recently watched first, as
    /// `ResumeList.entries` gives them): newest first, at most `capacity`, only those of
    /// `catalog` whose item's video is the entry's key and that `policy` allows, each video
    /// once.
    public static func items(
        entries: [(key: String, label: String?)], catalog: String, policy: FeedReferencePolicy
    ) -> [VideoItem] {
        let decoder = JSONDecoder()
        var items: [VideoItem] = []
        var seen = Set<String>()
        for entry in entries.reversed() {
            guard items.count < capacity else { break }
            guard let text = entry.label, let decoded = try? decoder.decode(Label.self, from: Data(text.utf8)),
                decoded.catalog == catalog, decoded.item.videoURL.absoluteString == entry.key,
                case .success(let item) = decoded.item.validated(by: policy), seen.insert(item.id).inserted
            else { continue }
            items.append(item)
        }
        return items
    }
}

/// The "Continue watching" channel's loader: pages of the items it was last given.
public final class ContinueWatchingLoader: FeedLoading {
    private let current: Mutex<[VideoItem]>

    /// A loader listing `items`.
    public init(items: [VideoItem]) {
        current = Mutex(items)
    }

    /// The items the next load lists.
    public var items: [VideoItem] {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    public func page(number: Int, size: Int) async throws -> FeedPage {
        let items = self.items
        let size = max(1, size)
        let start = max(0, number).multipliedReportingOverflow(by: size)
        guard !start.overflow, start.partialValue < items.count else { return FeedPage(items: [], isEnd: true) }
        let end = min(items.count, start.partialValue + size)
        return FeedPage(items: Array(items[start.partialValue..<end]), isEnd: end == items.count)
    }
}
