/// The remembered videos in least-recently-watched order, bounded: setting a point makes its
/// video the most recent, and past `capacity` the least recent is dropped.
///
/// - Complexity: lookups are O(1); `set` and `remove` are O(n) in the entries (n ≤ capacity,
///   500 by default: a few microseconds, and they happen when playback stops, not per frame).
public struct ResumeList: Equatable, Sendable {
    /// The most entries kept (at least 1).
    public let capacity: Int
    private var order: [String] = []
    private var points: [String: ResumePoint] = [:]

    /// An empty list holding at most `capacity` videos.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of videos remembered.
    public var count: Int { order.count }

    /// The point of `key`, if remembered.
    public subscript(key: String) -> ResumePoint? { points[key] }

    /// Every entry, least recently watched first.
    public var entries: [(key: String, point: ResumePoint)] {
        order.compactMap { key in points[key].map { (key, $0) } }
    }

    /// Remembers `point` for `key` as the most recent; drops the least recent past `capacity`.
    public mutating func set(_ point: ResumePoint, for key: String) {
        if points.updateValue(point, forKey: key) != nil, let index = order.firstIndex(of: key) {
            order.remove(at: index)
        }
        order.append(key)
        if order.count > capacity {
            for dropped in order.prefix(order.count - capacity) { points[dropped] = nil }
            order.removeFirst(order.count - capacity)
        }
    }

    /// Forgets `key`; returns whether it was remembered.
    @discardableResult
    public mutating func remove(_ key: String) -> Bool {
        guard points.removeValue(forKey: key) != nil else { return false }
        if let index = order.firstIndex(of: key) { order.remove(at: index) }
        return true
    }

    /// Whether `key` is the most recent entry.
    public func isMostRecent(_ key: String) -> Bool { order.last == key }
}
