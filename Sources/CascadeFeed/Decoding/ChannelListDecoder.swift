import Foundation

/// Decodes a channel list, `{"channels": [{"id": "c0", "title": "Travel"}, ...]}` (a bare array is
/// accepted too). Ids may be numbers; a missing title falls back to the id; entries without an id
/// and repeated ids are dropped. At most `maximumChannels` are kept (a tab strip of a million
/// tabs is an attack, not a catalog); `decodeList` says how many more there were, for a message.
public enum ChannelListDecoder {
    /// The most channels kept.
    public static let maximumChannels = 100
    /// The longest channel id or title kept (longer ones are cut).
    public static let maximumTextLength = 200

    /// A decoded channel list and how many usable channels were dropped over the cap.
    public struct ChannelList: Hashable, Sendable {
        /// The channels kept (at most `maximumChannels`).
        public var channels: [Channel]
        /// Usable channels beyond the cap.
        public var droppedCount: Int

        /// A list of `channels` with `droppedCount` more left out.
        public init(channels: [Channel], droppedCount: Int = 0) {
            self.channels = channels
            self.droppedCount = max(0, droppedCount)
        }

        /// The sentence to show when channels were dropped, nil otherwise.
        public var message: String? {
            droppedCount > 0
                ? "Showing the first \(channels.count) channels; \(droppedCount) more were left out" : nil
        }
    }

    /// Decodes the channels from a `channels.json` body (the first `maximumChannels`).
    /// - Throws: `FeedError.badPayload` when the body is not JSON or not a channel list.
    public static func decode(_ data: Data) throws(FeedError) -> [Channel] {
        try decodeList(data).channels
    }

    /// Decodes the channels and counts those dropped over `maximumChannels`.
    /// - Throws: `FeedError.badPayload` when the body is not JSON or not a channel list.
    public static func decodeList(_ data: Data) throws(FeedError) -> ChannelList {
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
        var dropped = 0
        for entry in entries {
            guard let text = entry["id"]?.text, !text.isEmpty else { continue }
            let id = String(text.prefix(maximumTextLength))
            guard seen.insert(id).inserted else { continue }
            guard channels.count < maximumChannels else {
                dropped += 1
                continue
            }
            let title = entry["title"]?.text.map { String($0.prefix(maximumTextLength)) } ?? id
            channels.append(Channel(id: id, title: title))
        }
        return ChannelList(channels: channels, droppedCount: dropped)
    }
}
