import CascadeLayout
import Foundation

/// A total order on element ids (kind, section, item) so visible sets can be kept sorted and
/// diffed by a linear merge: on the per-frame path this is cheaper than hashing every id.
enum ElementOrder {
    @inline(__always)
    static func precedes(_ lhs: ElementID, _ rhs: ElementID) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
        if lhs.path.section != rhs.path.section { return lhs.path.section < rhs.path.section }
        return lhs.path.item < rhs.path.item
    }

    /// Sorts `elements` by id. Layouts return a few ascending runs (one per column in a
    /// waterfall), so this merges natural runs: O(k) when already sorted, O(k log r) for r runs,
    /// instead of the O(k²) element moves of an insertion sort over interleaved columns.
    static func sort(_ elements: inout [LayoutElement]) {
        var runStarts: [Int] = [0]
        var index = 1
        while index < elements.count {
            if precedes(elements[index].id, elements[index - 1].id) { runStarts.append(index) }
            index += 1
        }
        guard runStarts.count > 1 else { return }
        var source = elements
        var target = elements
        var bounds = runStarts + [elements.count]
        while bounds.count > 2 {
            var merged: [Int] = [0]
            var pair = 0
            while pair + 1 < bounds.count {
                let low = bounds[pair]
                let mid = bounds[pair + 1]
                let high = pair + 2 < bounds.count ? bounds[pair + 2] : mid
                var i = low
                var j = mid
                var out = low
                while i < mid || j < high {
                    if j == high || (i < mid && !precedes(source[j].id, source[i].id)) {
                        target[out] = source[i]
                        i += 1
                    } else {
                        target[out] = source[j]
                        j += 1
                    }
                    out += 1
                }
                merged.append(high)
                pair += 2
            }
            bounds = merged
            swap(&source, &target)
        }
        elements = source
    }

    /// True when `a` and `b` overlap with a positive area; frames are assumed standardized
    /// (non-negative sizes), which layouts guarantee, so this skips CGRect's normalisation.
    @inline(__always)
    static func intersects(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x < b.origin.x + b.size.width && b.origin.x < a.origin.x + a.size.width
            && a.origin.y < b.origin.y + b.size.height && b.origin.y < a.origin.y + a.size.height
    }
}
