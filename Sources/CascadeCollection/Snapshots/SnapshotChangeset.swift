import CascadeLayout

/// The difference between two `CollectionSnapshot`s: section changes and item changes.
///
/// Item positions are `ItemPath`s: old paths for deletes and move sources, new paths for
/// inserts, move destinations and reloads. Items whose section moved travel with it when they
/// keep their order; everything else that changed place is an item move. Items of a deleted
/// section are item deletes; items of an inserted section are item inserts.
public struct SnapshotChangeset: Equatable, Sendable {
    /// Section deletes, inserts and moves by section index.
    public var sections: Changeset<Int>
    /// Item deletes, inserts, moves and reloads by item path.
    public var items: Changeset<ItemPath>

    /// Creates a changeset.
    public init(sections: Changeset<Int> = .init(), items: Changeset<ItemPath> = .init()) {
        self.sections = sections
        self.items = items
    }

    /// True when nothing changed.
    public var isEmpty: Bool { sections.isEmpty && items.isEmpty }

    /// Applies the changeset to sections of elements, taking new sections and inserted or
    /// reloaded items from the closures.
    ///
    /// With `old` the data the changeset was computed from, `section(i)` the new snapshot's
    /// section `i` and `item(path)` its item at `path`, the result equals the new data. This is
    /// the contract a host relies on when it animates a batch update.
    ///
    /// - Complexity: O(n + c) for n items and c changes.
    public func applied<Section, Item>(
        to old: [(section: Section, items: [Item])], newSection section: (Int) -> Section,
        newItem item: (ItemPath) -> Item
    ) -> [(section: Section, items: [Item])] {
        // 1. Remove deleted and moved-away items (they are carried by value to their target).
        var removedItems = Set(items.deletes)
        var addedItems: [ItemPath: Item] = [:]
        for move in items.moves {
            removedItems.insert(move.from)
            addedItems[move.to] = old[move.from.section].items[move.from.item]
        }
        for path in items.inserts { addedItems[path] = item(path) }
        let trimmed: [(section: Section, items: [Item])] = old.enumerated().map { sectionIndex, entry in
            let kept = entry.items.enumerated().filter {
                !removedItems.contains(ItemPath(section: sectionIndex, item: $0.offset))
            }.map(\.element)
            return (entry.section, kept)
        }
        // 2. Rearrange sections: kept sections keep their items, new ones start empty.
        let arranged = sections.applied(to: trimmed) { (section($0), []) }
        // 3. Insert items at their new paths, lowest first, then apply reloads.
        var addedPerSection: [Int: Int] = [:]
        for path in addedItems.keys { addedPerSection[path.section, default: 0] += 1 }
        let counts = arranged.indices.map { arranged[$0].items.count + (addedPerSection[$0] ?? 0) }
        var result: [(section: Section, items: [Item])] = []
        result.reserveCapacity(arranged.count)
        for (sectionIndex, entry) in arranged.enumerated() {
            var kept = entry.items.makeIterator()
            var built: [Item] = []
            built.reserveCapacity(counts[sectionIndex])
            for index in 0..<counts[sectionIndex] {
                if let value = addedItems[ItemPath(section: sectionIndex, item: index)] {
                    built.append(value)
                } else if let value = kept.next() {
                    built.append(value)
                }
            }
            result.append((section(sectionIndex), built))
        }
        for path in items.reloads where result.indices.contains(path.section) {
            if result[path.section].items.indices.contains(path.item) {
                result[path.section].items[path.item] = item(path)
            }
        }
        return result
    }
}
