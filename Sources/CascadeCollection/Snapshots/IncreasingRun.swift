/// Chooses which matched elements of a diff stay in place: a longest increasing subsequence of
/// their old positions taken in new order. Every other matched element is reported as a move,
/// so the number of moves is minimal (moving one item to the front costs one move, not n).
@usableFromInline
enum IncreasingRun {
    /// For `values` (old positions in new order, all distinct), returns a mask marking one
    /// longest strictly increasing subsequence.
    ///
    /// - Complexity: O(n) when the values are mostly in order (each value extends the current
    ///   run and is appended in O(1)); O(n log n) in the worst case.
    @usableFromInline
    static func mask(_ values: [Int]) -> [Bool] {
        let count = values.count
        guard count > 0 else { return [] }
        // tails[k] = index into values of the smallest tail of an increasing run of length k + 1.
        var tails: [Int] = []
        tails.reserveCapacity(count)
        var previous = [Int](repeating: -1, count: count)
        for index in 0..<count {
            let value = values[index]
            if let last = tails.last, values[last] >= value {
                var low = 0
                var high = tails.count - 1
                while low < high {
                    let mid = (low + high) >> 1
                    if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
                }
                previous[index] = low > 0 ? tails[low - 1] : -1
                tails[low] = index
            } else {
                previous[index] = tails.last ?? -1
                tails.append(index)
            }
        }
        var mask = [Bool](repeating: false, count: count)
        var cursor = tails[tails.count - 1]
        while cursor >= 0 {
            mask[cursor] = true
            cursor = previous[cursor]
        }
        return mask
    }
}
