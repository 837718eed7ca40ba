/// Values with costs in least-recently-used order: the bookkeeping of a bounded cache, which
/// decides what to drop and leaves releasing it to the caller. Not thread-safe.
///
/// - Complexity: lookup, insertion, removal and taking the least recently used entry are O(1) (a
///   dictionary into an intrusive doubly-linked list kept in one array).
package struct RecencyList<Key: Hashable, Value> {
    private struct Node {
        var key: Key?
        var value: Value?
        var cost = 0
        var previous = -1  // towards the most recently used end
        var next = -1  // towards the least recently used end
    }

    private var indices: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var free: [Int] = []
    private var head = -1  // most recently used
    private var tail = -1  // least recently used
    /// The sum of the entries' costs.
    package private(set) var totalCost = 0

    /// An empty list.
    package init() {}

    /// The number of entries.
    package var count: Int { indices.count }

    /// Whether `key` has an entry, without changing the order.
    package func contains(_ key: Key) -> Bool { indices[key] != nil }

    /// The value for `key`, which becomes the most recently used; nil when there is none.
    package mutating func value(for key: Key) -> Value? {
        guard let index = indices[key] else { return nil }
        moveToHead(index)
        return nodes[index].value
    }

    /// Keeps `value` for `key` as the most recently used entry and returns the value it replaced.
    @discardableResult
    package mutating func insert(_ value: Value, cost: Int, for key: Key) -> Value? {
        if let index = indices[key] {
            let replaced = nodes[index].value
            totalCost += cost - nodes[index].cost
            nodes[index].value = value
            nodes[index].cost = cost
            moveToHead(index)
            return replaced
        }
        let node = Node(key: key, value: value, cost: cost)
        let index: Int
        if let reused = free.popLast() {
            index = reused
            nodes[index] = node
        } else {
            index = nodes.count
            nodes.append(node)
        }
        indices[key] = index
        totalCost += cost
        linkAtHead(index)
        return nil
    }

    /// Removes the entry for `key` and returns its value.
    @discardableResult
    package mutating func remove(_ key: Key) -> Value? {
        guard let index = indices[key] else { return nil }
        return remove(at: index).value
    }

    /// Removes the least recently used entry and returns it; nil when the list is empty.
    package mutating func removeLeastRecentlyUsed() -> (key: Key, value: Value)? {
        guard tail >= 0 else { return nil }
        let removed = remove(at: tail)
        guard let key = removed.key, let value = removed.value else { return nil }
        return (key, value)
    }

    /// The entries from the most to the least recently used.
    ///
    /// - Complexity: O(n).
    package var entriesByRecency: [(key: Key, value: Value)] {
        var entries: [(key: Key, value: Value)] = []
        entries.reserveCapacity(count)
        var index = head
        while index >= 0 {
            if let key = nodes[index].key, let value = nodes[index].value { entries.append((key, value)) }
            index = nodes[index].next
        }
        return entries
    }

    // MARK: Private

    private mutating func remove(at index: Int) -> Node {
        unlink(index)
        let node = nodes[index]
        if let key = node.key { indices[key] = nil }
        totalCost -= node.cost
        nodes[index] = Node()
        free.append(index)
        return node
    }

    private mutating func moveToHead(_ index: Int) {
        guard head != index else { return }
        unlink(index)
        linkAtHead(index)
    }

    private mutating func linkAtHead(_ index: Int) {
        nodes[index].previous = -1
        nodes[index].next = head
        if head >= 0 { nodes[head].previous = index }
        head = index
        if tail < 0 { tail = index }
    }

    private mutating func unlink(_ index: Int) {
        let previous = nodes[index].previous
        let next = nodes[index].next
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
        nodes[index].previous = -1
        nodes[index].next = -1
    }
}
