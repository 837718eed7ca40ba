import Foundation

/// The items of one column (or the full-span items), in placement order, which is also y order.
///
/// Positions are grouped in blocks of 256 sharing a y delta, so shifting a suffix of the lane
/// touches at most 256 records plus one delta per later block.
struct Lane {
    /// Global item indices, increasing (and so y increasing).
    var items: [Int32] = []
    /// One y delta per block of `Lane.blockSize` positions.
    var deltas: [Double] = []

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
        deltas.removeSubrange(((position + Lane.blockSize - 1) >> Lane.blockShift)...)
    }

    /// The bytes this lane holds.
    var allocatedBytes: Int { items.capacity * 4 + deltas.capacity * 8 }
}
