/// One channel of the channel page: a tab title and the feed behind it.
public struct Channel: Hashable, Sendable, Identifiable, Codable {
    /// The channel's identifier, also the name of its folder in a catalog and its feed path on the server.
    public var id: String
    /// The title shown on the tab.
    public var title: String

    /// Creates a channel.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
