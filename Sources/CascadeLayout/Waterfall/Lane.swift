import Foundation

/// The items of one column (or the full-span items), in placement order, which is also y order.
///
/// Positions are grouped in blocks of 256 sharing a y delta, so shifting a suffix of the lane
/// touches at most 256 records plus one delta per later block. Each block also keeps the bottom
/// of its last item, so a rect query finds its first item by searching these small arrays
/// (cache-resident) and then one block, instead of touching ~log n records scattered over the
/// whole record array.
struct Lane {
    /// Global item indices, increasing (and so y increasing).
    var items: [Int32] = []
    /// One y delta per block of `Lane.blockSize` positions.
    var deltas: [Double] = []
    /// Per block: the bottom of its last item, relative to the block's delta (so shifting a
    /// whole block through its delta keeps it right).
    var bottoms: [Double] = []
    /// The same per group of `Lane.groupSize` positions, relative to the delta of the block
    /// holding the group: narrows a query's search inside a block to a few items without
    /// touching records.
    var groupBottoms: [Double] = []

    static let groupShift = 4
    static let groupSize = 1 << groupShift

    static let blockShift = 8
    static let blockSize = 1 << blockShift

    /// The first position whose item index is >= `index`.
    func lowerBound(_ index: Int) -> Int {
        var low = 0
        var high = items.count
        let target = Int32(truncatingIfNeeded: index)
        while low < high {
            let mid = (low + high) >> 1
            if items[mid] < target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Drops every position whose item index is >= `index`.
    mutating func truncate(at index: Int) {
        let position = lowerBound(index)
        guard position < items.count else { return }
        items.removeSubrange(position...)
        let blocks = (position + Lane.blockSize - 1) >> Lane.blockShift
        deltas.removeSubrange(blocks...)
        bottoms.removeSubrange(min(blocks, bottoms.count)...)
        let groups = (position + Lane.groupSize - 1) >> Lane.groupShift
        groupBottoms.removeSubrange(min(groups, groupBottoms.count)...)
    }

    /// Recomputes the block bottoms from block `first` to the last block (adding entries for
    /// new blocks). Reads `records` unchecked: every item index must be inside it.
    mutating func refreshBottoms(fromBlock first: Int, records: UnsafeBufferPointer<ItemRecord>) {
        precondition(pointsInside(records), "Lane: an item index is outside the records")
        let blocks = (items.count + Lane.blockSize - 1) >> Lane.blockShift
        if bottoms.count > blocks { bottoms.removeSubrange(blocks...) }
        if bottoms.count < blocks { bottoms.append(contentsOf: repeatElement(0, count: blocks - bottoms.count)) }
        let groups = (items.count + Lane.groupSize - 1) >> Lane.groupShift
        if groupBottoms.count > groups { groupBottoms.removeSubrange(groups...) }
        if groupBottoms.count < groups {
            groupBottoms.append(contentsOf: repeatElement(0, count: groups - groupBottoms.count))
        }
        guard first < blocks else { return }
        for block in max(0, first)..<blocks {
            let last = min((block + 1) << Lane.blockShift, items.count) - 1
            let record = records[Int(items[last])]
            bottoms[block] = record.y + Double(record.height)
        }
        let firstGroup = max(0, first) << (Lane.blockShift - Lane.groupShift)
        for group in firstGroup..<groups {
            let last = min((group + 1) << Lane.groupShift, items.count) - 1
            let record = records[Int(items[last])]
            groupBottoms[group] = record.y + Double(record.height)
        }
    }

    /// Recomputes the bottom of the block holding `position`, if any. Reads `records`
    /// unchecked: every item index must be inside it.
    mutating func refreshBottom(ofPosition position: Int, records: UnsafeBufferPointer<ItemRecord>) {
        guard position >= 0, position < items.count else { return }
        precondition(pointsInside(records), "Lane: an item index is outside the records")
        let block = position >> Lane.blockShift
        guard block < bottoms.count else { return }
        let last = min((block + 1) << Lane.blockShift, items.count) - 1
        let record = records[Int(items[last])]
        bottoms[block] = record.y + Double(record.height)
        let group = position >> Lane.groupShift
        guard group < groupBottoms.count else { return }
        let groupLast = min((group + 1) << Lane.groupShift, items.count) - 1
        let groupRecord = records[Int(items[groupLast])]
        groupBottoms[group] = groupRecord.y + Double(groupRecord.height)
    }

    /// Whether every item index is inside `records` (items increase, so the ends bound all):
    /// the invariant behind the unchecked record reads. O(1).
    @inline(__always)
    func pointsInside(_ records: UnsafeBufferPointer<ItemRecord>) -> Bool {
        guard let first = items.first, let last = items.last else { return true }
        return first >= 0 && Int(last) < records.count
    }

    /// The bytes this lane holds.
    var allocatedBytes: Int {
        items.capacity * 4 + deltas.capacity * 8 + bottoms.capacity * 8 + groupBottoms.capacity * 8
    }
}
