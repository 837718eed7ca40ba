import CascadeLayout

extension CollectionSnapshot {
    /// The changes that turn this snapshot into `new`, Heckel / ListDiff style.
    ///
    /// Items are matched by id across the whole snapshot through this snapshot's id index
    /// (built as items were appended); a new item that follows its predecessor's match in the
    /// old order is matched by one equality test instead, so a mostly unchanged list is
    /// diffed with few hash look-ups. An item is
    /// reloaded when its version changed or, if given, when `isContentEqual(id)` returns false
    /// for a kept item (the host compares its old and new model for that id). Moves are minimal
    /// within each section (a longest run of items keeping their order stays in place).
    ///
    /// - Complexity: O(n) expected for n items (at most one hash look-up per item), plus
    ///   O(m log m) for m items out of order.
    @inlinable
    public func changeset(to new: Self, isContentEqual: ((ItemID) -> Bool)? = nil) -> SnapshotChangeset {
        let sectionChanges = ListDiff.changeset(from: storedSectionIDs, to: new.storedSectionIDs)
        // The old section index of each new section, or -1 when the section is new.
        let newSectionToOld = new.storedSectionIDs.map { sectionIndex[$0] ?? -1 }
        // Old items are flagged in one flat array: section starts turn paths into offsets.
        var oldStarts: [Int] = []
        oldStarts.reserveCapacity(storedItemIDs.count)
        var total = 0
        for ids in storedItemIDs {
            oldStarts.append(total)
            total += ids.count
        }
        var matchedOld = [Bool](repeating: false, count: total)

        var inserts: [ItemPath] = []
        var moves: [Changeset<ItemPath>.Move] = []
        var reloads: [ItemPath] = []
        var candidates: [Int] = []
        var candidateItems: [Int] = []
        for newSection in new.storedItemIDs.indices {
            let ids = new.storedItemIDs[newSection]
            let versions = new.storedItemVersions[newSection]
            let sameSection = newSectionToOld[newSection]
            candidates.removeAll(keepingCapacity: true)
            candidateItems.removeAll(keepingCapacity: true)
            candidates.reserveCapacity(ids.count)
            candidateItems.reserveCapacity(ids.count)
            // Heckel's neighbour rule as a fast path: after a match, the next new item is most
            // likely the next old one, which an equality test confirms without hashing; only
            // items out of that run are looked up in the id index.
            let sameSectionIDs = sameSection >= 0 ? storedItemIDs[sameSection] : []
            var cursor = 0
            for newItem in ids.indices {
                let id = ids[newItem]
                let oldPath: ItemPath
                if cursor < sameSectionIDs.count && sameSectionIDs[cursor] == id {
                    oldPath = ItemPath(section: sameSection, item: cursor)
                } else if let packed = itemIndex[id] {
                    oldPath = ItemPath(packed: packed)
                } else {
                    inserts.append(ItemPath(section: newSection, item: newItem))
                    continue
                }
                if oldPath.section == sameSection { cursor = oldPath.item + 1 }
                matchedOld[oldStarts[oldPath.section] + oldPath.item] = true
                if storedItemVersions[oldPath.section][oldPath.item] != versions[newItem]
                    || isContentEqual.map({ !$0(id) }) == true
                {
                    reloads.append(ItemPath(section: newSection, item: newItem))
                }
                if oldPath.section == sameSection {
                    candidates.append(oldPath.item)
                    candidateItems.append(newItem)
                } else {
                    moves.append(.init(from: oldPath, to: ItemPath(section: newSection, item: newItem)))
                }
            }
            let kept = IncreasingRun.mask(candidates)
            for position in candidates.indices where !kept[position] {
                moves.append(
                    .init(
                        from: ItemPath(section: sameSection, item: candidates[position]),
                        to: ItemPath(section: newSection, item: candidateItems[position])))
            }
        }
        var deletes: [ItemPath] = []
        for section in oldStarts.indices {
            let start = oldStarts[section]
            for item in 0..<storedItemIDs[section].count where !matchedOld[start + item] {
                deletes.append(ItemPath(section: section, item: item))
            }
        }
        moves.sort { $0.to < $1.to }
        return SnapshotChangeset(
            sections: sectionChanges,
            items: Changeset(deletes: deletes, inserts: inserts, moves: moves, reloads: reloads))
    }
}
