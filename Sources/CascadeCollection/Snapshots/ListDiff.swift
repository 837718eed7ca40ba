/// Heckel-style diffing of flat lists of identified elements.
///
/// One pass indexes the old identifiers, one pass matches the new ones against that index,
/// then `IncreasingRun` picks the elements that stay in place; the rest of the matched ones
/// are moves. Duplicated identifiers never crash: each old element is matched at most once,
/// and occurrences left unmatched are reported as deleted (old side) or inserted (new side).
public enum ListDiff {
    /// The changeset turning `old` into `new`, with reloads where `isContentEqual` says the
    /// element at the old position and the one at the new position differ.
    ///
    /// - Complexity: O(n) expected (hashing), plus O(m log m) for m out-of-order elements.
    @inlinable
    public static func changeset<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: (Element) -> ID,
        isContentEqual: ((Element, Element) -> Bool)? = nil
    ) -> Changeset<Int> {
        let oldIDs = old.map(id)
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(oldIDs.count)
        // Backwards, so the first occurrence of a duplicated id is the one indexed.
        for index in oldIDs.indices.reversed() { oldIndex[oldIDs[index]] = index }
        var newToOld = [Int](repeating: -1, count: new.count)
        var matched = [Bool](repeating: false, count: old.count)
        // After a match the next new element is most likely the next old one: an equality test
        // confirms it without hashing (Heckel's neighbour rule as a fast path).
        var cursor = 0
        for index in new.indices {
            let key = id(new[index])
            var match = -1
            if cursor < oldIDs.count && !matched[cursor] && oldIDs[cursor] == key {
                match = cursor
            } else if let found = oldIndex[key], !matched[found] {
                match = found
            }
            // Each old element matches at most once (duplicates in `new` become inserts).
            guard match >= 0 else { continue }
            matched[match] = true
            newToOld[index] = match
            cursor = match + 1
        }
        var changes = changeset(oldCount: old.count, newToOld: newToOld)
        if let isContentEqual {
            for (index, match) in newToOld.enumerated() where match >= 0 {
                if !isContentEqual(old[match], new[index]) {
                    changes.reloads.append(index)
                }
            }
        }
        return changes
    }

    /// The changeset turning `old` into `new` for lists of identifiers.
    ///
    /// - Complexity: O(n) expected, plus O(m log m) for m out-of-order elements.
    @inlinable
    public static func changeset<ID: Hashable>(from old: [ID], to new: [ID]) -> Changeset<Int> {
        changeset(from: old, to: new, id: { $0 })
    }

    /// Builds the changeset from a matching: `newToOld[i]` is the old position of the new
    /// element `i`, or -1 when it is new; every old position appears at most once.
    @usableFromInline
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
