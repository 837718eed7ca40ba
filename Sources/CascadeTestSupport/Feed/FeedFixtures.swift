import CascadeFeed
import Foundation

/// Builders for feed tests: items, pages and catalog directories.
public enum FeedFixtures {
    /// Item `index` with id `"<prefix>-<index>"` and an http URL.
    public static func item(_ index: Int, prefix: String = "i", featured: Bool = false) -> VideoItem {
        VideoItem(
            id: "\(prefix)-\(index)", title: "Item \(index)",
            coverURL: URL(string: "https://example.com/\(prefix)-\(index).jpg")!,
            videoURL: URL(string: "https://example.com/\(prefix)-\(index).flv")!, duration: Double(index % 60),
            width: 640, height: Double(360 + index % 7 * 40), isFeatured: featured)
    }

    /// Items `range` of `item(_:prefix:)`.
    public static func items(_ range: Range<Int>, prefix: String = "i") -> [VideoItem] {
        range.map { item($0, prefix: prefix) }
    }

    /// A fresh empty directory under the temporary directory, removed when the test process
    /// exits (`TemporaryFolders.process`).
    public static func temporaryDirectory(_ name: String = "cascade-feed") throws -> URL {
        try TemporaryFolders.process.make(name)
    }

    /// Writes a catalog directory in the agreed format: `channels.json`, `<channel>/feed.json`
    /// with `itemsPerChannel` entries each (relative media references), and tiny media files.
    /// - Returns: the root.
    @discardableResult
    public static func writeCatalog(channels: [Channel], itemsPerChannel: Int, at root: URL) throws -> URL {
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("media"), withIntermediateDirectories: true)
        let list = ["channels": channels.map { ["id": $0.id, "title": $0.title] }]
        try JSONSerialization.data(withJSONObject: list).write(to: root.appendingPathComponent("channels.json"))
        for channel in channels {
            var entries: [[String: Any]] = []
            for index in 0..<itemsPerChannel {
                let id = String(format: "%@-%03d", channel.id, index)
                entries.append([
                    "id": id, "title": "\(channel.title) \(index)", "cover": "media/\(id).jpg",
                    "flv": "media/\(id).flv",
                    "duration": index % 2 == 0 ? "0:\(String(format: "%02d", index % 60))" : index,
                    "width": 640, "height": 360 + (index % 5) * 60, "featured": index < 2 ? 1 : 0,
                ])
                try Data("jpg \(id)".utf8).write(to: root.appendingPathComponent("media/\(id).jpg"))
            }
            let folder = root.appendingPathComponent(channel.id)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let feed: [String: Any] = ["data": ["info_list": entries, "end": 1]]
            try JSONSerialization.data(withJSONObject: feed).write(to: folder.appendingPathComponent("feed.json"))
        }
        return root
    }
}
