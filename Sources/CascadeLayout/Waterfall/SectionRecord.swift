import Foundation

/// One section's resolved geometry and the y positions of its parts.
struct SectionRecord {
    /// Global index of the section's first item.
    var start: Int
    var count: Int
    var geometry: SectionGeometry
    /// Whether the section carries on the columns of the previous one (continuous flow).
    var joinsPrevious = false
    /// The first section of the chain of joined sections this one belongs to.
    var chainStart = 0
    /// Where the section (its header) starts; for joined sections, the chain's top.
    var top: Double = 0
    /// Where the chain's items start (below header and top inset).
    var itemsTop: Double = 0
    var headerY: Double = 0
    var footerY: Double = 0
    /// Where the section ends; for joined sections, the chain's end.
    var bottom: Double = 0

    var end: Int { start + count }
}
