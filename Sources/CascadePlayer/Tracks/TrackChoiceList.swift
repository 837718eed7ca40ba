/// The remembered track choices in least-recently-chosen order, bounded like `ResumeList`:
/// setting a choice makes its video the most recent, and past `capacity` the least recent is
/// dropped.
///
/// - Complexity: lookups are O(1); `set` is O(n) in the entries (n ≤ capacity), once per choice.
public struct TrackChoiceList: Equatable, Sendable {
    /// The most entries kept (at least 1).
    public let capacity: Int
    private var order: [String] = []
    private var choices: [String: TrackChoice] = [:]

    /// An empty list holding at most `capacity` videos.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of videos remembered.
    public var count: Int { order.count }

    /// The choice for `key`, if remembered.
    public subscript(key: String) -> TrackChoice? { choices[key] }

    /// Every entry, least recently chosen first.
    public var entries: [(key: String, choice: TrackChoice)] {
        order.compactMap { key in choices[key].map { (key, $0) } }
    }

    /// Remembers `choice` for `key` as the most recent; drops the least recent past `capacity`.
    public mutating func set(_ choice: TrackChoice, for key: String) {
        if choices.updateValue(choice, forKey: key) != nil, let index = order.firstIndex(of: key) {
            order.remove(at: index)
        }
        order.append(key)
        if order.count > capacity {
            for dropped in order.prefix(order.count - capacity) { choices[dropped] = nil }
            order.removeFirst(order.count - capacity)
        }
    }
}
