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

    /// Sorts `elements` by id unless they already are (layouts usually return them in order).
    static func sort(_ elements: inout [LayoutElement]) {
        var sorted = true
        var index = 1
        while index < elements.count {
            if !precedes(elements[index - 1].id, elements[index].id) {
                sorted = false
                break
            }
            index += 1
        }
        if !sorted { elements.sort { precedes($0.id, $1.id) } }
    }

    /// True when `a` and `b` overlap with a positive area; frames are assumed standardized
    /// (non-negative sizes), which layouts guarantee, so this skips CGRect's normalisation.
    @inline(__always)
    static func intersects(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x < b.origin.x + b.size.width && b.origin.x < a.origin.x + a.size.width
            && a.origin.y < b.origin.y + b.size.height && b.origin.y < a.origin.y + a.size.height
    }
}
