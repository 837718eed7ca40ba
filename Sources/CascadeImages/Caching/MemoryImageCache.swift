import CascadeNumerics
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
        return Int(saturating: min(fifteenPercent, 256 * 1024 * 1024))
    }

    /// The most bytes of pixels the cache keeps.
    public let costLimit: Int
    private let lock = NSLock()
    /// The state lives behind a pointer, guarded by `lock`: a class's stored `var` would pay
    /// for dynamic exclusivity checks on every access of the hot lookup path.
    private let storage: UnsafeMutablePointer<State>

    // MARK: Lifecycle

    /// Creates a cache holding at most `costLimit` bytes of decoded pixels (negative counts as 0).
    public init(costLimit: Int = MemoryImageCache.defaultCostLimit) {
        self.costLimit = max(0, costLimit)
        storage = .allocate(capacity: 1)
        storage.initialize(to: State())
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    // MARK: Public API

    /// The image cached for `key`, marking it most recently used; nil on a miss.
    public func image(for key: ImageCacheKey) -> DecodedImage? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = storage.pointee.indices[key] else { return nil }
        moveToHead(index)
        return storage.pointee.nodes[index].image
    }

    /// Whether `key` is cached, without changing the recency order.
    public func contains(_ key: ImageCacheKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return storage.pointee.indices[key] != nil
    }

    /// Caches `image` for `key` as the most recently used entry, then evicts least recently used
    /// entries until the total cost fits the limit. An image costing more than `costLimit` is not
    /// cached (and replaces nothing).
    public func insert(_ image: DecodedImage, for key: ImageCacheKey) {
        let cost = image.cost
        lock.lock()
        defer { lock.unlock() }
        guard cost <= costLimit else { return }
        if let index = storage.pointee.indices[key] {
            storage.pointee.totalCost += cost - storage.pointee.nodes[index].cost
            storage.pointee.nodes[index].image = image
            storage.pointee.nodes[index].cost = cost
            moveToHead(index)
        } else {
            let node = Node(key: key, image: image, cost: cost)
            let index: Int
            if let reused = storage.pointee.free.popLast() {
                index = reused
                storage.pointee.nodes[index] = node
            } else {
                index = storage.pointee.nodes.count
                storage.pointee.nodes.append(node)
            }
            storage.pointee.indices[key] = index
            storage.pointee.totalCost += cost
            linkAtHead(index)
        }
        evict(toCost: costLimit)
    }

    /// Removes the entry for `key`, if any.
    public func removeImage(for key: ImageCacheKey) {
        lock.lock()
        defer { lock.unlock() }
        if let index = storage.pointee.indices[key] { remove(index) }
    }

    /// Removes every entry.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        storage.pointee = State()
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
        return storage.pointee.totalCost
    }

    /// The number of entries.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return storage.pointee.indices.count
    }

    /// The keys from most to least recently used (for tests and diagnostics).
    ///
    /// - Complexity: O(n).
    public var keysByRecency: [ImageCacheKey] {
        lock.lock()
        defer { lock.unlock() }
        var keys: [ImageCacheKey] = []
        var index = storage.pointee.head
        while index >= 0 {
            if let key = storage.pointee.nodes[index].key { keys.append(key) }
            index = storage.pointee.nodes[index].next
        }
        return keys
    }

    // MARK: Private (call with the lock held)

    private func evict(toCost limit: Int) {
        while storage.pointee.totalCost > limit, storage.pointee.tail >= 0 {
            remove(storage.pointee.tail)
        }
    }

    private func remove(_ index: Int) {
        unlink(index)
        if let key = storage.pointee.nodes[index].key { storage.pointee.indices[key] = nil }
        storage.pointee.totalCost -= storage.pointee.nodes[index].cost
        storage.pointee.nodes[index] = Node()
        storage.pointee.free.append(index)
    }

    private func moveToHead(_ index: Int) {
        guard storage.pointee.head != index else { return }
        unlink(index)
        linkAtHead(index)
    }

    private func linkAtHead(_ index: Int) {
        storage.pointee.nodes[index].previous = -1
        storage.pointee.nodes[index].next = storage.pointee.head
        if storage.pointee.head >= 0 { storage.pointee.nodes[storage.pointee.head].previous = index }
        storage.pointee.head = index
        if storage.pointee.tail < 0 { storage.pointee.tail = index }
    }

    private func unlink(_ index: Int) {
        let previous = storage.pointee.nodes[index].previous
        let next = storage.pointee.nodes[index].next
        if previous >= 0 { storage.pointee.nodes[previous].next = next } else { storage.pointee.head = next }
        if next >= 0 { storage.pointee.nodes[next].previous = previous } else { storage.pointee.tail = previous }
        storage.pointee.nodes[index].previous = -1
        storage.pointee.nodes[index].next = -1
    }
}
