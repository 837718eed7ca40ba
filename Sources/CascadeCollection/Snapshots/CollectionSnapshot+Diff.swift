extension CollectionSnapshot {
    /// The changes that turn this snapshot into `new`, Heckel / ListDiff style.
    ///
    /// Items are matched by id across the whole snapshot. An item is reloaded when its version
    /// changed or, if given, when `isContentEqual(id)` returns false for a kept item (the host
    /// compares its old and new model for that id). Moves are minimal within each section (a
    /// longest run of items keeping their order stays in place).
    ///
    /// - Complexity: O(n) expected for n items (one hash lookup per item), plus O(m log m)
    ///   for m items out of order.
    public func changeset(to new: Self, isContentEqual: ((ItemID) -> Bool)? = nil) -> SnapshotChangeset {
        let sectionChanges = ListDiff.changeset(from: sectionIDs, to: new.sectionIDs)
        // The old section index of each new section, or -1 when the section is new.
        let newSectionToOld = new.sectionIDs.map { sectionIndex[$0] ?? -1 }

        var matchedOld = itemIDs.map { [Bool](repeating: false, count: $0.count) }
        var inserts: [ItemPath] = []
        var moves: [Changeset<ItemPath>.Move] = []
        var reloads: [ItemPath] = []
        var candidates: [Int] = []
        var candidateItems: [Int] = []
        for (newSection, ids) in new.itemIDs.enumerated() {
            let sameSection = newSectionToOld[newSection]
            candidates.removeAll(keepingCapacity: true)
            candidateItems.removeAll(keepingCapacity: true)
            let versions = new.itemVersions[newSection]
            for (newItem, id) in ids.enumerated() {
                let newPath = ItemPath(section: newSection, item: newItem)
                guard let oldPath = itemIndex[id] else {
                    inserts.append(newPath)
                    continue
                }
                matchedOld[oldPath.section][oldPath.item] = true
                if itemVersions[oldPath.section][oldPath.item] != versions[newItem]
                    || isContentEqual.map({ !$0(id) }) == true
                {
                    reloads.append(newPath)
                }
                if oldPath.section == sameSection {
                    candidates.append(oldPath.item)
                    candidateItems.append(newItem)
                } else {
                    moves.append(.init(from: oldPath, to: newPath))
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
        for (section, flags) in matchedOld.enumerated() {
            for (item, matched) in flags.enumerated() where !matched {
                deletes.append(ItemPath(section: section, item: item))
            }
        }
        moves.sort { $0.to < $1.to }
        return SnapshotChangeset(
            sections: sectionChanges,
            items: Changeset(deletes: deletes, inserts: inserts, moves: moves, reloads: reloads))
    }
}
