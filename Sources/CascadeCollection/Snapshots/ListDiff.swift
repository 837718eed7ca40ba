/// Heckel-style diffing of flat lists of identified elements.
///
/// One pass indexes the old identifiers, one pass matches the new ones against that index,
/// then `IncreasingRun` picks the elements that stay in place; the rest of the matched ones
/// are moves. Duplicated identifiers never crash: the first occurrence on each side is the
/// element, later ones are reported as deleted (old side) or inserted (new side).
public enum ListDiff {
    /// The changeset turning `old` into `new`, with reloads where `isContentEqual` says the
    /// element at the old position and the one at the new position differ.
    ///
    /// - Complexity: O(n) expected (hashing), plus O(m log m) for m out-of-order elements.
    public static func changeset<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: (Element) -> ID,
        isContentEqual: ((Element, Element) -> Bool)? = nil
    ) -> Changeset<Int> {
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, element) in old.enumerated() {
            let key = id(element)
            if oldIndex[key] == nil { oldIndex[key] = index }
        }
        var newToOld = [Int](repeating: -1, count: new.count)
        for (index, element) in new.enumerated() {
            // Removing the entry matches each old element at most once (duplicates in `new`).
            if let match = oldIndex.removeValue(forKey: id(element)) { newToOld[index] = match }
        }
        var changes = changeset(oldCount: old.count, newToOld: newToOld)
        if let isContentEqual {
            for (index, match) in newToOld.enumerated() where match >= 0 {
                if !isContentEqual(old[match], new[index]) { changes.reloads.append(index) }
            }
        }
        return changes
    }

    /// The changeset turning `old` into `new` for lists of identifiers.
    ///
    /// - Complexity: O(n) expected, plus O(m log m) for m out-of-order elements.
    public static func changeset<ID: Hashable>(from old: [ID], to new: [ID]) -> Changeset<Int> {
        changeset(from: old, to: new, id: { $0 })
    }

    /// Builds the changeset from a matching: `newToOld[i]` is the old position of the new
    /// element `i`, or -1 when it is new; every old position appears at most once.
    static func changeset(oldCount: Int, newToOld: [Int]) -> Changeset<Int> {
        var matchedOld = [Bool](repeating: false, count: oldCount)
        var inserts: [Int] = []
        var sequence: [Int] = []
        var sequenceNew: [Int] = []
        sequence.reserveCapacity(newToOld.count)
        sequenceNew.reserveCapacity(newToOld.count)
        for (index, match) in newToOld.enumerated() {
            if match < 0 {
                inserts.append(index)
            } else {
                matchedOld[match] = true
                sequence.append(match)
                sequenceNew.append(index)
            }
        }
        var deletes: [Int] = []
        for index in 0..<oldCount where !matchedOld[index] { deletes.append(index) }
        let kept = IncreasingRun.mask(sequence)
        var moves: [Changeset<Int>.Move] = []
        for position in sequence.indices where !kept[position] {
            moves.append(.init(from: sequence[position], to: sequenceNew[position]))
        }
        return Changeset(deletes: deletes, inserts: inserts, moves: moves)
    }
}
