/// The difference between two ordered lists of identified elements, in the batch-update
/// convention of `UICollectionView.performBatchUpdates`.
///
/// `deletes` and move sources are positions in the old list; `inserts` and move destinations
/// are positions in the new list; `reloads` are positions in the new list of elements present
/// in both whose content changed. Every element not deleted, inserted or moved keeps its
/// relative order, so applying the changeset means: remove deletes and move sources (from the
/// highest position down), then insert inserts and move destinations (from the lowest up).
///
/// `Index` is `Int` for a flat list or for sections, `ItemPath` for items across sections.
public struct Changeset<Index: Comparable & Hashable & Sendable>: Equatable, Sendable {
    /// An element that changed position.
    public struct Move: Equatable, Hashable, Sendable {
        /// Its position in the old list.
        public var from: Index
        /// Its position in the new list.
        public var to: Index

        /// Creates a move.
        public init(from: Index, to: Index) {
            self.from = from
            self.to = to
        }
    }

    /// Positions in the old list of removed elements, ascending.
    public var deletes: [Index]
    /// Positions in the new list of added elements, ascending.
    public var inserts: [Index]
    /// Elements that changed position, ascending by destination.
    public var moves: [Move]
    /// Positions in the new list of kept elements whose content changed, ascending.
    public var reloads: [Index]

    /// Creates a changeset.
    public init(deletes: [Index] = [], inserts: [Index] = [], moves: [Move] = [], reloads: [Index] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.reloads = reloads
    }

    /// True when nothing changed.
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty }

    /// The number of changes of every kind.
    public var count: Int { deletes.count + inserts.count + moves.count + reloads.count }
}

extension Changeset where Index == Int {
    /// Applies the changeset to `old`, taking inserted and reloaded elements from `element`.
    ///
    /// With `old` the list the changeset was computed from and `element(i)` the new list's
    /// element at `i`, the result equals the new list.
    ///
    /// - Complexity: O(n + c) for n elements and c changes.
    public func applied<Element>(to old: [Element], newElement element: (Int) -> Element) -> [Element] {
        var removed = Set(deletes)
        var added: [Int: Element] = [:]
        for move in moves {
            removed.insert(move.from)
            added[move.to] = old[move.from]
        }
        for index in inserts { added[index] = element(index) }
        var kept = old.indices.lazy.filter { !removed.contains($0) }.makeIterator()
        let newCount = old.count - removed.count + added.count
        var result: [Element] = []
        result.reserveCapacity(newCount)
        for index in 0..<newCount {
            if let value = added[index] {
                result.append(value)
            } else if let oldIndex = kept.next() {
                result.append(old[oldIndex])
            }
        }
        for index in reloads where index < result.count {
            result[index] = element(index)
        }
        return result
    }

    /// Where each of `oldCount` old elements is in the new list: nil for deleted and reloaded
    /// ones (a reloaded element's content changed, so its cell is bound again).
    ///
    /// - Complexity: O(n + c) for n elements and c changes.
    public func newPositions(oldCount: Int) -> [Int?] {
        let newToOld = applied(to: Array(0..<oldCount)) { _ in -1 }
        var positions = [Int?](repeating: nil, count: oldCount)
        for (new, old) in newToOld.enumerated() where old >= 0 { positions[old] = new }
        return positions
    }
}
