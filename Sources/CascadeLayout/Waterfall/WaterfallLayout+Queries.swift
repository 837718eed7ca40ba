import Foundation

extension WaterfallLayout {
    // MARK: CollectionLayout

    /// The content size: the container width by the last section's bottom, at least
    /// `minimumContentHeight` (NaN or negative → 0).
    public var contentSize: CGSize {
        checkNotInProvider()
        let bottom = sections.last?.bottom ?? 0
        return CGSize(
            width: containerWidth, height: max(bottom, LayoutClamp.length(configuration.minimumContentHeight)))
    }

    /// The number of sections.
    public var numberOfSections: Int {
        checkNotInProvider()
        return sections.count
    }

    /// The number of items in `section` (0 if it does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        checkNotInProvider()
        return sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The unpinned frame of an item, header or footer; nil if it does not exist or is a
    /// header/footer of height 0. Items of height 0 do have a (zero-height) frame.
    ///
    /// - Complexity: O(1).
    public func frame(for id: ElementID) -> CGRect? {
        checkNotInProvider()
        let section = id.path.section
        guard sections.indices.contains(section) else { return nil }
        switch id.kind {
        case .item:
            guard contains(id.path) else { return nil }
            return itemFrame(global: sections[section].start + id.path.item, section: section)
        case .header:
            return headerFrame(section)
        case .footer:
            return footerFrame(section)
        }
    }

    /// Every element whose frame overlaps `rect` (open intervals: frames that only touch an
    /// edge do not count; empty rects give nothing), with headers pinned to `rect.minY` when the configuration
    /// pins headers. Equal to a brute-force scan of every element.
    ///
    /// - Complexity: O(C log n + log S + k) for k elements returned (plus the sections
    ///   overlapping `rect`).
    public func elements(in rect: CGRect) -> [LayoutElement] {
        elements(in: rect, pinningHeadersTo: rect.minY)
    }

    // MARK: Queries

    /// Like `elements(in:)`, with pinned headers stuck to `visibleTop` (the content offset's y)
    /// instead of `rect.minY`, for hosts that query a rect larger than the viewport.
    ///
    /// - Complexity: O(C log n + log S + k).
    public func elements(in rect: CGRect, pinningHeadersTo visibleTop: CGFloat) -> [LayoutElement] {
        checkNotInProvider()
        var result: [LayoutElement] = []
        guard let query = QueryRect(rect), !sections.isEmpty else { return result }
        result.reserveCapacity(64)
        // The stored properties the scans read, read once: each read of a class's stored
        // property is a dynamic exclusivity check (and the lanes' arrays a retain each).
        let lanes = self.lanes
        let scan = LaneScan(
            sections: sections, mirrored: configuration.direction == .rightToLeft,
            containerWidth: Double(containerWidth))
        records.withUnsafeBufferPointer { records in
            for lane in lanes {
                scan.scan(lane, records: records, query: query, into: &result)
            }
            scan.scan(spanLane, records: records, query: query, into: &result)
        }
        forEachSupplementary(query: query, visibleTop: visibleTop) { result.append($0) }
        return result
    }

    /// The header frame of `section` pinned for a viewport whose top is `visibleTop`: it sticks
    /// to `visibleTop` while the section is on screen and never leaves its section. Without
    /// `pinsHeaders`, the plain header frame.
    ///
    /// - Complexity: O(1).
    public func pinnedHeaderFrame(section: Int, visibleTop: CGFloat) -> CGRect? {
        checkNotInProvider()
        guard let frame = headerFrame(section) else { return nil }
        guard configuration.pinsHeaders, visibleTop.isFinite else { return frame }
        let limit = max(frame.minY, sections[section].bottom - frame.height)
        var pinned = frame
        pinned.origin.y = min(max(frame.minY, visibleTop), limit)
        return pinned
    }

    // MARK: Private

    private func headerFrame(_ section: Int) -> CGRect? {
        let info = sections[section]
        guard !info.joinsPrevious, info.geometry.headerHeight > 0 else { return nil }
        return fullWidthFrame(y: info.headerY, height: info.geometry.headerHeight, insets: info.geometry.headerInsets)
    }

    private func footerFrame(_ section: Int) -> CGRect? {
        let info = sections[section]
        guard info.geometry.footerHeight > 0 else { return nil }
        if section + 1 < sections.count, sections[section + 1].joinsPrevious { return nil }
        return fullWidthFrame(y: info.footerY, height: info.geometry.footerHeight, insets: info.geometry.footerInsets)
    }

    private func fullWidthFrame(y: Double, height: Double, insets: LayoutInsets) -> CGRect {
        let width = max(0, containerWidth - insets.left - insets.right)
        let x = configuration.direction == .rightToLeft ? containerWidth - insets.left - width : insets.left
        return CGRect(x: x, y: y, width: width, height: height)
    }

    private func forEachSupplementary(query: QueryRect, visibleTop: CGFloat, _ body: (LayoutElement) -> Void) {
        // Sections are in y order: start at the first whose bottom is below the rect's top.
        var low = 0
        var high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sections[mid].bottom <= query.minY { low = mid + 1 } else { high = mid }
        }
        // The sections visited are `low..<section` (a range: no set to allocate per query).
        let firstVisited = low
        var section = low
        while section < sections.count, sections[section].top < query.maxY {
            emitSupplementary(section: section, query: query, visibleTop: visibleTop, body)
            section += 1
        }
        let visited = firstVisited..<section
        // A pinned header can sit at visibleTop although its section's natural header does not
        // overlap the rect: look at the section holding visibleTop too.
        if configuration.pinsHeaders, visibleTop.isFinite {
            var low = 0
            var high = sections.count
            while low < high {
                let mid = (low + high) >> 1
                if sections[mid].bottom <= visibleTop { low = mid + 1 } else { high = mid }
            }
            if low < sections.count, !visited.contains(low) {
                emitSupplementary(section: low, query: query, visibleTop: visibleTop, body, headersOnly: true)
            }
        }
    }

    private func emitSupplementary(
        section: Int, query: QueryRect, visibleTop: CGFloat, _ body: (LayoutElement) -> Void,
        headersOnly: Bool = false
    ) {
        if let header = pinnedHeaderFrame(section: section, visibleTop: visibleTop), query.overlaps(header) {
            body(
                LayoutElement(id: .header(section: section), frame: header, zIndex: configuration.pinsHeaders ? 10 : 1))
        }
        if !headersOnly, let footer = footerFrame(section), query.overlaps(footer) {
            body(LayoutElement(id: .footer(section: section), frame: footer, zIndex: 1))
        }
    }
}

/// The lane walk of `WaterfallLayout.elements(in:pinningHeadersTo:)`, with what it reads of
/// the layout.
private struct LaneScan {
    let sections: [SectionRecord]
    let mirrored: Bool
    let containerWidth: Double

    /// Walks one lane from the first item whose bottom is below the rect's top.
    func scan(
        _ lane: Lane, records: UnsafeBufferPointer<ItemRecord>, query: QueryRect,
        into result: inout [LayoutElement]
    ) {
        let items = lane.items
        guard !items.isEmpty else { return }
        let deltas = lane.deltas
        // Lane items are increasing record indices: the last one bounds every unchecked
        // read below.
        precondition(
            items[0] >= 0 && Int(items[items.count - 1]) < records.count,
            "WaterfallLayout: a lane points outside its records")
        // Bottoms are non-decreasing along a lane: find the first block whose last bottom
        // is below minY in the small block arrays, then the first such item in it.
        let bottoms = lane.bottoms
        var firstBlock = 0
        var lastBlock = bottoms.count
        while firstBlock < lastBlock {
            let mid = (firstBlock + lastBlock) >> 1
            if bottoms[mid] + deltas[mid] <= query.minY { firstBlock = mid + 1 } else { lastBlock = mid }
        }
        guard firstBlock < bottoms.count else { return }
        // Then the first group of 16 in that block, from the contiguous group bottoms.
        let groupBottoms = lane.groupBottoms
        let delta = deltas[firstBlock]
        var firstGroup = firstBlock << (Lane.blockShift - Lane.groupShift)
        var lastGroup = min((firstBlock + 1) << (Lane.blockShift - Lane.groupShift), groupBottoms.count)
        while firstGroup < lastGroup {
            let mid = (firstGroup + lastGroup) >> 1
            if groupBottoms[mid] + delta <= query.minY { firstGroup = mid + 1 } else { lastGroup = mid }
        }
        // The walk below starts at the group; items above the rect in it are skipped by
        // the overlap test.
        let low = firstGroup << Lane.groupShift
        guard low < items.count else { return }
        var section = WaterfallLayout.section(containing: Int(items[low]), in: sections)
        var sectionEnd = sections[section].end
        var sectionStart = sections[section].start
        var columns = sections[section].geometry.columns
        var position = low
        while position < items.count {
            let index = Int(items[position])
            let record = records[index]
            let top = record.y + deltas[position >> Lane.blockShift]
            if top >= query.maxY { break }
            if index >= sectionEnd {
                while sections[section].end <= index { section += 1 }
                sectionEnd = sections[section].end
                sectionStart = sections[section].start
                columns = sections[section].geometry.columns
            }
            let (x, width) = columns.horizontalExtent(of: record)
            let frame = CGRect(
                x: mirrored ? containerWidth - x - width : x, y: top, width: width, height: Double(record.height))
            if query.overlaps(frame) {
                result.append(
                    LayoutElement(id: .item(index - sectionStart, section: section), frame: frame, zIndex: 0))
            }
            position += 1
        }
    }
}

/// A query rect in plain numbers; a frame overlaps it when their open intervals intersect
/// on both axes.
struct QueryRect {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// nil for rects that cannot overlap anything (empty, NaN or null). Each axis spans from
    /// the origin to origin + size, in either direction: a rect at x = 100 with width −∞ spans
    /// (−∞, 100]. An infinite rect (origin −∞, size +∞) covers everything.
    init?(_ rect: CGRect) {
        // The stored size, signed: `width`/`height` are standardized (absolute) values.
        let size = rect.size
        guard !rect.isNull, !rect.origin.x.isNaN, !rect.origin.y.isNaN, !size.width.isNaN, !size.height.isNaN
        else { return nil }
        guard size.width != 0, size.height != 0 else { return nil }
        (minX, maxX) = Self.span(from: rect.origin.x, length: size.width)
        (minY, maxY) = Self.span(from: rect.origin.y, length: size.height)
    }

    /// The interval between `origin` and `origin + length`. `CGRect.standardized` is not used:
    /// it moves the origin to −∞ for a length of −∞, which loses the finite end.
    private static func span(from origin: Double, length: Double) -> (Double, Double) {
        let end = origin + length
        if end.isNaN { return (-.infinity, .infinity) }  // −∞ + ∞: unbounded both ways
        return (min(origin, end), max(origin, end))
    }

    @inline(__always)
    func overlaps(_ frame: CGRect) -> Bool {
        frame.minX < maxX && frame.maxX > minX && frame.minY < maxY && frame.maxY > minY
    }
}
