import Foundation

/// Decodes a channel list, `{"channels": [{"id": "c0", "title": "Travel"}, ...]}` (a bare array is
/// accepted too). Ids may be numbers; a missing title falls back to the id; entries without an id
/// and repeated ids are dropped.
public enum ChannelListDecoder {
    /// Decodes the channels from a `channels.json` body.
    /// - Throws: `FeedError.badPayload` when the body is not JSON or not a channel list.
    public static func decode(_ data: Data) throws(FeedError) -> [Channel] {
        let root = try FeedPageDecoder.parse(data)
        let entries: [JSONValue]
        switch root {
        case .array(let array): entries = array
        case .object:
            guard case .array(let array)? = root["channels"] else {
                throw .badPayload(.wrongShape(path: "channels"))
            }
            entries = array
        default: throw .badPayload(.wrongShape(path: "$"))
        }
        var seen = Set<String>()
        var channels: [Channel] = []
        for entry in entries {
            guard let id = entry["id"]?.text, !id.isEmpty, seen.insert(id).inserted else { continue }
            channels.append(Channel(id: id, title: entry["title"]?.text ?? id))
        }
        return channels
    }
}
