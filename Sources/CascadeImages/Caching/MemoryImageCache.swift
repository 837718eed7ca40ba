import Foundation

/// An in-memory LRU cache of decoded images, bounded by the bytes their pixels take.
///
/// Keys are URL + target size, so one cover decoded for two cell sizes is two entries. When an
/// insertion pushes the total cost over `costLimit`, the least recently used entries go first;
/// an image costing more than the whole limit is not cached at all. Thread-safe.
///
/// - Complexity: lookup, insertion and removal are O(1) (a dictionary into an intrusive
///   doubly-linked list kept in one array); eviction is O(1) per evicted entry.
public final class MemoryImageCache: @unchecked Sendable {
    private struct Node {
        var key: ImageCacheKey?
        var image: DecodedImage?
        var cost = 0
        var previous = -1  // towards the most recently used end
        var next = -1  // towards the least recently used end
    }

    private struct State {
        var indices: [ImageCacheKey: Int] = [:]
        var nodes: [Node] = []
        var free: [Int] = []
        var head = -1  // most recently used
        var tail = -1  // least recently used
        var totalCost = 0
    }

    /// The default limit: about 15 % of physical memory, at most 256 MB.
    public static var defaultCostLimit: Int {
        let fifteenPercent = Double(ProcessInfo.processInfo.physicalMemory) * 0.15
        return Int(min(fifteenPercent, 256 * 1024 * 1024))
    }

    /// The most bytes of pixels the cache keeps.
    public let costLimit: Int
    private let lock = NSLock()
    private var state = State()

    // MARK: Lifecycle

    /// Creates a cache holding at most `costLimit` bytes of decoded pixels (negative counts as 0).
    public init(costLimit: Int = MemoryImageCache.defaultCostLimit) {
        self.costLimit = max(0, costLimit)
    }

    // MARK: Public API

    /// The image cached for `key`, marking it most recently used; nil on a miss.
    public func image(for key: ImageCacheKey) -> DecodedImage? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = state.indices[key] else { return nil }
        moveToHead(index)
        return state.nodes[index].image
    }

    /// Whether `key` is cached, without changing the recency order.
    public func contains(_ key: ImageCacheKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return state.indices[key] != nil
    }

    /// Caches `image` for `key` as the most recently used entry, then evicts least recently used
    /// entries until the total cost fits the limit. An image costing more than `costLimit` is not
    /// cached (and replaces nothing).
    public func insert(_ image: DecodedImage, for key: ImageCacheKey) {
        let cost = image.cost
        lock.lock()
        defer { lock.unlock() }
        guard cost <= costLimit else { return }
        if let index = state.indices[key] {
            state.totalCost += cost - state.nodes[index].cost
            state.nodes[index].image = image
            state.nodes[index].cost = cost
            moveToHead(index)
        } else {
            let node = Node(key: key, image: image, cost: cost)
            let index: Int
            if let reused = state.free.popLast() {
                index = reused
                state.nodes[index] = node
            } else {
                index = state.nodes.count
                state.nodes.append(node)
            }
            state.indices[key] = index
            state.totalCost += cost
            linkAtHead(index)
        }
        evict(toCost: costLimit)
    }

    /// Removes the entry for `key`, if any.
    public func removeImage(for key: ImageCacheKey) {
        lock.lock()
        defer { lock.unlock() }
        if let index = state.indices[key] { remove(index) }
    }

    /// Removes every entry.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        state = State()
    }

    /// Evicts least recently used entries until the total cost is at most `cost` (for memory
    /// warnings and backgrounding).
    public func trim(toCost cost: Int) {
        lock.lock()
        defer { lock.unlock() }
        evict(toCost: max(0, cost))
    }

    /// The bytes of pixels cached now.
    public var totalCost: Int {
        lock.lock()
        defer { lock.unlock() }
        return state.totalCost
    }

    /// The number of entries.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return state.indices.count
    }

    /// The keys from most to least recently used (for tests and diagnostics).
    ///
    /// - Complexity: O(n).
    public var keysByRecency: [ImageCacheKey] {
        lock.lock()
        defer { lock.unlock() }
        var keys: [ImageCacheKey] = []
        var index = state.head
        while index >= 0 {
            if let key = state.nodes[index].key { keys.append(key) }
            index = state.nodes[index].next
        }
        return keys
    }

    // MARK: Private (call with the lock held)

    private func evict(toCost limit: Int) {
        while state.totalCost > limit, state.tail >= 0 {
            remove(state.tail)
        }
    }

    private func remove(_ index: Int) {
        unlink(index)
        if let key = state.nodes[index].key { state.indices[key] = nil }
        state.totalCost -= state.nodes[index].cost
        state.nodes[index] = Node()
        state.free.append(index)
    }

    private func moveToHead(_ index: Int) {
        guard state.head != index else { return }
        unlink(index)
        linkAtHead(index)
    }

    private func linkAtHead(_ index: Int) {
        state.nodes[index].previous = -1
        state.nodes[index].next = state.head
        if state.head >= 0 { state.nodes[state.head].previous = index }
        state.head = index
        if state.tail < 0 { state.tail = index }
    }

    private func unlink(_ index: Int) {
        let previous = state.nodes[index].previous
        let next = state.nodes[index].next
        if previous >= 0 { state.nodes[previous].next = next } else { state.head = next }
        if next >= 0 { state.nodes[next].previous = previous } else { state.tail = previous }
        state.nodes[index].previous = -1
        state.nodes[index].next = -1
    }
}
