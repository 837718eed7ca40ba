import CascadeFeed
import Foundation

/// Baseline: the reference's load-more append, checking every new item against everything shown
/// with a linear `contains` scan.
enum ContainsScanAppend {
    static let name = "contains-scan"

    static func appendAll(_ pages: [[VideoItem]]) -> [VideoItem] {
        var items: [VideoItem] = []
        for page in pages {
            for item in page where !items.contains(where: { $0.id == item.id }) {
                items.append(item)
            }
        }
        return items
    }
}

/// Baseline: the reference's decoding path, `NSJSONSerialization` into dictionaries and a model
/// built with plain casts (`as? String`, `as? NSNumber`); no tolerance for strings-as-numbers,
/// clock durations or skipped entries.
enum StrictDictionaryDecoder {
    static let name = "jsonserialization-strict"

    static func decode(_ data: Data, base: URL) -> [VideoItem] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let payload = root["data"] as? [String: Any], let list = payload["info_list"] as? [[String: Any]]
        else { return [] }
        var items: [VideoItem] = []
        items.reserveCapacity(list.count)
        for entry in list {
            guard let cover = entry["cover"] as? String, let flv = entry["flv"] as? String,
                let coverURL = URL(string: cover, relativeTo: base)?.absoluteURL,
                let videoURL = URL(string: flv, relativeTo: base)?.absoluteURL,
                let width = (entry["width"] as? NSNumber)?.doubleValue,
                let height = (entry["height"] as? NSNumber)?.doubleValue
            else { continue }
            items.append(
                VideoItem(
                    id: entry["id"] as? String ?? flv, title: entry["title"] as? String ?? "", coverURL: coverURL,
                    videoURL: videoURL, duration: (entry["duration"] as? NSNumber)?.doubleValue, width: width,
                    height: height))
        }
        return items
    }
}
