import CascadeLayout
import Foundation

/// Invariant checks and brute-force scans for layouts, shared by layout tests.
public enum LayoutChecks {
    /// Every element of `layout` (items, headers, footers) with the frame a rect query must
    /// report for it, headers pinned to `visibleTop` when `pinnedHeader` is given.
    public static func allElements(
        of layout: any CollectionLayout, pinnedHeader: ((Int) -> CGRect?)? = nil
    ) -> [LayoutElement] {
        var result: [LayoutElement] = []
        for section in 0..<layout.numberOfSections {
            for item in 0..<layout.numberOfItems(inSection: section) {
                let id = ElementID.item(item, section: section)
                if let frame = layout.frame(for: id) { result.append(LayoutElement(id: id, frame: frame)) }
            }
            let header = ElementID.header(section: section)
            if let frame = pinnedHeader?(section) ?? layout.frame(for: header) {
                result.append(LayoutElement(id: header, frame: frame))
            }
            let footer = ElementID.footer(section: section)
            if let frame = layout.frame(for: footer) { result.append(LayoutElement(id: footer, frame: frame)) }
        }
        return result
    }

    /// The ids a brute-force scan finds overlapping `rect` (open intervals on both axes; each
    /// axis spans from the origin to origin + size in either direction, −∞ + ∞ spans everything;
    /// a NaN anywhere finds nothing).
    public static func bruteForceIDs(in rect: CGRect, elements: [LayoutElement]) -> [ElementID: CGRect] {
        var result: [ElementID: CGRect] = [:]
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard !rect.isNull, !rect.isEmpty, !values.contains(where: \.isNaN) else { return result }
        func span(_ origin: CGFloat, _ length: CGFloat) -> (CGFloat, CGFloat) {
            let end = origin + length
            return end.isNaN ? (-.infinity, .infinity) : (min(origin, end), max(origin, end))
        }
        let (minX, maxX) = span(rect.origin.x, rect.size.width)
        let (minY, maxY) = span(rect.origin.y, rect.size.height)
        for element in elements {
            let f = element.frame
            if f.minX < maxX, f.maxX > minX, f.minY < maxY, f.maxY > minY {
                result[element.id] = f
            }
        }
        return result
    }

    /// The query result as a dictionary; nil if an element was returned twice.
    public static func dictionary(_ elements: [LayoutElement]) -> [ElementID: CGRect]? {
        var result: [ElementID: CGRect] = [:]
        for element in elements {
            if result.updateValue(element.frame, forKey: element.id) != nil { return nil }
        }
        return result
    }

    /// Violations of the waterfall invariants: every item has one finite frame inside the
    /// content; columns of a section have equal widths; items in one column never overlap.
    public static func waterfallViolations(_ layout: WaterfallLayout) -> [String] {
        var problems: [String] = []
        let size = layout.contentSize
        // Absolute for small layouts, relative for huge ones (sums of many lengths near the
        // clamps round by a few ulps).
        let tolerance = max(1e-6, 1e-12 * max(size.width, size.height))
        if !size.width.isFinite || !size.height.isFinite { problems.append("content size \(size)") }
        for section in 0..<layout.numberOfSections {
            let width = layout.columnWidth(inSection: section)
            var byColumn: [Int: [CGRect]] = [:]
            for item in 0..<layout.numberOfItems(inSection: section) {
                let path = ItemPath(section: section, item: item)
                guard let f = layout.frame(for: .item(item, section: section)) else {
                    problems.append("\(path) has no frame")
                    continue
                }
                let values = [f.minX, f.minY, f.width, f.height]
                if values.contains(where: { !$0.isFinite }) { problems.append("\(path) not finite: \(f)") }
                if f.minX < -tolerance || f.minY < -tolerance || f.maxX > size.width + tolerance
                    || f.maxY > size.height + tolerance
                {
                    problems.append("\(path) outside content \(size): \(f)")
                }
                if let column = layout.column(of: path) {
                    if abs(f.width - width) > tolerance { problems.append("\(path) width \(f.width) != \(width)") }
                    byColumn[column, default: []].append(f)
                }
            }
            for (column, frames) in byColumn {
                let sorted = frames.sorted { $0.minY < $1.minY }
                for (a, b) in zip(sorted, sorted.dropFirst()) where a.maxY > b.minY + tolerance {
                    problems.append("section \(section) column \(column): \(a) overlaps \(b)")
                }
            }
        }
        return problems
    }
}
