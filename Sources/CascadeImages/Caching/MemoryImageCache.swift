import CascadeNumerics
import Foundation

/// An in-memory LRU cache of decoded images, bounded by the bytes their pixels take.
///
/// Keys are URL + target size, so one cover decoded for two cell sizes is two entries. When an
/// insertion pushes the total cost over `costLimit`, the least recently used entries go first;
/// an image costing more than the whole limit is not cached at all. Thread-safe.
///
/// - Complexity: lookup, insertion and removal are O(1) (`RecencyList`); eviction is O(1) per
///   evicted entry.
public final class MemoryImageCache: @unchecked Sendable {
    /// The default limit: about 15 % of physical memory, at most 256 MB.
    public static var defaultCostLimit: Int {
        let fifteenPercent = Double(ProcessInfo.processInfo.physicalMemory) * 0.15
        return Int(saturating: min(fifteenPercent, 256 * 1024 * 1024))
    }

    /// The most bytes of pixels the cache keeps.
    public let costLimit: Int
    private let lock = NSLock()
    /// The entries live behind a pointer, guarded by `lock`: a class's stored `var` would pay
    /// for dynamic exclusivity checks on every access of the hot lookup path.
    private let storage: UnsafeMutablePointer<RecencyList<ImageCacheKey, DecodedImage>>

    // MARK: Lifecycle

    /// Creates a cache holding at most `costLimit` bytes of decoded pixels (negative counts as 0).
    public init(costLimit: Int = MemoryImageCache.defaultCostLimit) {
        self.costLimit = max(0, costLimit)
        storage = .allocate(capacity: 1)
        storage.initialize(to: RecencyList())
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
        return storage.pointee.value(for: key)
    }

    /// Whether `key` is cached, without changing the recency order.
    public func contains(_ key: ImageCacheKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return storage.pointee.contains(key)
    }

    /// Caches `image` for `key` as the most recently used entry, then evicts least recently used
    /// entries until the total cost fits the limit. An image costing more than `costLimit` is not
    /// cached (and replaces nothing).
    public func insert(_ image: DecodedImage, for key: ImageCacheKey) {
        let cost = image.cost
        lock.lock()
        defer { lock.unlock() }
        guard cost <= costLimit else { return }
        storage.pointee.insert(image, cost: cost, for: key)
        evict(toCost: costLimit)
    }

    /// Removes the entry for `key`, if any.
    public func removeImage(for key: ImageCacheKey) {
        lock.lock()
        defer { lock.unlock() }
        storage.pointee.remove(key)
    }

    /// Removes every entry.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        storage.pointee = RecencyList()
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
        return storage.pointee.count
    }

    /// The keys from most to least recently used (for tests and diagnostics).
    ///
    /// - Complexity: O(n).
    public var keysByRecency: [ImageCacheKey] {
        lock.lock()
        defer { lock.unlock() }
        return storage.pointee.entriesByRecency.map(\.key)
    }

    // MARK: Private (call with the lock held)

    private func evict(toCost limit: Int) {
        while storage.pointee.totalCost > limit, storage.pointee.removeLeastRecentlyUsed() != nil {}
    }
}
