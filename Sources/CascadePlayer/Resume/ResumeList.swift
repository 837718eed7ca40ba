/// The remembered videos in least-recently-watched order, bounded: setting a point makes its
/// video the most recent, and past `capacity` the least recent is dropped. Each may carry a
/// label: what the host needs to show the video again (opaque here; see `ResumeStore.describe`).
///
/// - Complexity: lookups are O(1); `set` and `remove` are O(n) in the entries (n ≤ capacity,
///   500 by default: a few microseconds, and they happen when playback stops, not per frame).
public struct ResumeList: Equatable, Sendable {
    /// The most entries kept (at least 1).
    public let capacity: Int
    private var order: [String] = []
    private var points: [String: ResumePoint] = [:]
    private var labels: [String: String] = [:]

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

    /// The label of `key`, if it is remembered with one.
    public func label(for key: String) -> String? { labels[key] }

    /// Remembers `point` for `key` as the most recent, with `label` (nil keeps the one it had);
    /// drops the least recent past `capacity`.
    public mutating func set(_ point: ResumePoint, for key: String, label: String? = nil) {
        if points.updateValue(point, forKey: key) != nil, let index = order.firstIndex(of: key) {
            order.remove(at: index)
        }
        order.append(key)
        if let label { labels[key] = label }
        if order.count > capacity {
            for dropped in order.prefix(order.count - capacity) {
                points[dropped] = nil
                labels[dropped] = nil
            }
            order.removeFirst(order.count - capacity)
        }
    }

    /// Sets the label of `key`, if it is remembered, without making it the most recent;
    /// returns whether it changed.
    @discardableResult
    public mutating func setLabel(_ label: String, for key: String) -> Bool {
        guard points[key] != nil, labels[key] != label else { return false }
        labels[key] = label
        return true
    }

    /// Forgets `key`; returns whether it was remembered.
    @discardableResult
    public mutating func remove(_ key: String) -> Bool {
        guard points.removeValue(forKey: key) != nil else { return false }
        labels[key] = nil
        if let index = order.firstIndex(of: key) { order.remove(at: index) }
        return true
    }

    /// Whether `key` is the most recent entry.
    public func isMostRecent(_ key: String) -> Bool { order.last == key }
}
