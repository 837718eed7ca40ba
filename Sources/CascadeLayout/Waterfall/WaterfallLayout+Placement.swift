import Foundation

/// The running state of the placement loop: where each column's next item goes.
struct PlacementState {
    /// Per column: the y of the next item (the band top while the column is empty in the band).
    var next: [Double]
    /// The top of the current band (below the chain's top or the last full-span item).
    var bandTop: Double
    /// The lowest bottom of anything placed in the current chain, or the chain's items top.
    var maxBottom: Double
    /// Column items placed since the band started (round-robin placement).
    var placedInBand: Int
    /// Where the next non-joined section starts.
    var level: Double

    init(columns: Int, top: Double, level: Double) {
        next = Array(repeating: top, count: columns)
        bandTop = top
        maxBottom = top
        placedInBand = 0
        self.level = level
    }
}

extension WaterfallLayout {
    // MARK: Geometry

    /// Resolves every section's style against the container width, decides which sections
    /// join in continuous flow, and makes sure there is a lane per column.
    ///
    /// - Complexity: O(S).
    func refreshGeometry() {
        var maxColumns = 0
        for index in sections.indices {
            let geometry = SectionGeometry(
                style: configuration.style(forSection: index), containerWidth: containerWidth)
            sections[index].geometry = geometry
            let joins =
                configuration.flow == .continuous && index > 0
                && geometry.canJoin(after: sections[index - 1].geometry)
            sections[index].joinsPrevious = joins
            sections[index].chainStart = joins ? sections[index - 1].chainStart : index
            maxColumns = max(maxColumns, geometry.columnCount)
        }
        if lanes.count < maxColumns { lanes.append(contentsOf: repeatElement(Lane(), count: maxColumns - lanes.count)) }
    }

    // MARK: Relayout

    /// Places every item from `item` of `section` to the end, and every header and footer
    /// from that section on. What comes before is left untouched.
    ///
    /// - Complexity: O(m·C + C log n + S) for the m items placed.
    func relayout(fromSection section: Int, item: Int) {
        guard section < sections.count else { return }
        let global = sections[section].start + item
        for lane in lanes.indices { lanes[lane].truncate(at: global) }
        spanLane.truncate(at: global)
        var state: PlacementState
        var current = section
        if item > 0 || sections[section].joinsPrevious {
            // Carry on inside a chain of columns.
            state = resumeState(before: global, chainStart: sections[section].chainStart)
            placeItems(section: section, from: item, state: &state)
            finishSection(section, state: &state)
            current += 1
        } else {
            let level = section == 0 ? 0 : sections[section - 1].bottom
            state = PlacementState(columns: 0, top: level, level: level)
        }
        while current < sections.count {
            startSection(current, state: &state)
            placeItems(section: current, from: 0, state: &state)
            finishSection(current, state: &state)
            current += 1
        }
    }

    /// The placement state just before item `global`, rebuilt from the lanes.
    ///
    /// - Complexity: O(C log n).
    func resumeState(before global: Int, chainStart: Int) -> PlacementState {
        let chain = sections[chainStart]
        let geometry = chain.geometry
        var bandStart = chain.start
        var state = PlacementState(columns: geometry.columnCount, top: chain.itemsTop, level: chain.top)
        let spanPosition = spanLane.lowerBound(global) - 1
        if spanPosition >= 0, Int(spanLane.items[spanPosition]) >= chain.start {
            let span = Int(spanLane.items[spanPosition])
            let bottom = y(ofItem: span) + Double(records[span].height)
            bandStart = span + 1
            state = PlacementState(columns: geometry.columnCount, top: bottom + geometry.rowSpacing, level: chain.top)
            state.maxBottom = bottom
        }
        for column in 0..<geometry.columnCount {
            let lane = lanes[column]
            let position = lane.lowerBound(global) - 1
            guard position >= 0, Int(lane.items[position]) >= bandStart else { continue }
            let index = Int(lane.items[position])
            let bottom = y(ofItem: index) + Double(records[index].height)
            state.next[column] = bottom + geometry.rowSpacing
            state.maxBottom = max(state.maxBottom, bottom)
            state.placedInBand += position + 1 - lane.lowerBound(bandStart)
        }
        return state
    }

    /// Lays out a section's header and sets up its columns, or carries on the previous
    /// section's columns when it joins them.
    private func startSection(_ index: Int, state: inout PlacementState) {
        if sections[index].joinsPrevious {
            let chain = sections[index].chainStart
            sections[index].top = sections[chain].top
            sections[index].itemsTop = sections[chain].itemsTop
            sections[index].headerY = sections[chain].itemsTop
            return
        }
        let geometry = sections[index].geometry
        var y = state.level
        sections[index].top = y
        if geometry.headerHeight > 0 {
            y += geometry.headerInsets.top
            sections[index].headerY = y
            y += geometry.headerHeight + geometry.headerInsets.bottom
        } else {
            sections[index].headerY = y
        }
        y += geometry.insets.top
        sections[index].itemsTop = y
        state = PlacementState(columns: geometry.columnCount, top: y, level: state.level)
    }

    /// Ends a section: a section whose successor joins it stays open; otherwise the chain is
    /// levelled below its tallest column, the footer placed, and the chain's bottom recorded.
    private func finishSection(_ index: Int, state: inout PlacementState) {
        let geometry = sections[index].geometry
        if index + 1 < sections.count, sections[index + 1].joinsPrevious {
            sections[index].footerY = state.maxBottom
            sections[index].bottom = state.maxBottom
            return
        }
        var y = state.maxBottom + geometry.insets.bottom
        if geometry.footerHeight > 0 {
            y += geometry.footerInsets.top
            sections[index].footerY = y
            y += geometry.footerHeight + geometry.footerInsets.bottom
        } else {
            sections[index].footerY = y
        }
        let chain = sections[index].chainStart
        for member in chain...index { sections[member].bottom = y }
        state.level = y
    }

    /// Places the items `from...` of `section` with the configured rule.
    private func placeItems(section: Int, from first: Int, state: inout PlacementState) {
        let info = sections[section]
        guard first < info.count else { return }
        let geometry = info.geometry
        let columns = geometry.columnCount
        let spacing = geometry.rowSpacing
        let placement = configuration.placement
        records.withUnsafeMutableBufferPointer { records in
            for global in (info.start + first)..<info.end {
                let record = records[global]
                if record.spansAllColumns {
                    let height = resolvedHeight(
                        of: record, width: geometry.itemsWidth,
                        path: ItemPath(section: section, item: global - info.start))
                    var top = state.bandTop
                    for value in state.next where value > top { top = value }
                    appendToLane(&spanLane, global: global, y: top, records: records)
                    records[global].height = Float(height)
                    let bottom = top + Double(Float(height))
                    state.maxBottom = max(state.maxBottom, bottom)
                    state.bandTop = bottom + spacing
                    for column in 0..<columns { state.next[column] = state.bandTop }
                    state.placedInBand = 0
                    continue
                }
                let column: Int
                switch placement {
                case .shortestColumn:
                    var best = 0
                    var bestY = state.next[0]
                    for candidate in 1..<columns where state.next[candidate] < bestY {
                        best = candidate
                        bestY = state.next[candidate]
                    }
                    column = best
                case .leftToRight:
                    column = state.placedInBand % columns
                case .rightToLeft:
                    column = columns - 1 - state.placedInBand % columns
                }
                let height: Float =
                    record.sizing == ItemRecord.aspectRatio
                    ? Float(
                        min(
                            LayoutClamp.roundToPixel(geometry.columnWidth * Double(record.sizeValue), scale: scale),
                            LayoutClamp.maximumItemHeight))
                    : Float(
                        resolvedHeight(
                            of: record, width: geometry.columnWidth,
                            path: ItemPath(section: section, item: global - info.start)))
                let top = state.next[column]
                appendToLane(&lanes[column], global: global, y: top, records: records)
                records[global].column = UInt16(column)
                records[global].height = height
                let bottom = top + Double(height)
                if bottom > state.maxBottom { state.maxBottom = bottom }
                state.next[column] = bottom + spacing
                state.placedInBand += 1
            }
        }
    }

    @inline(__always)
    private func appendToLane(
        _ lane: inout Lane, global: Int, y: Double, records: UnsafeMutableBufferPointer<ItemRecord>
    ) {
        let position = lane.items.count
        if position & (Lane.blockSize - 1) == 0 { lane.deltas.append(0) }
        if lane.items.count == lane.items.capacity { WaterfallLayout.grow(&lane.items, adding: 1) }
        lane.items.append(Int32(truncatingIfNeeded: global))
        records[global].y = y - lane.deltas[position >> Lane.blockShift]
        records[global].lanePosition = Int32(truncatingIfNeeded: position)
    }

    // MARK: Heights

    /// The clamped height of an item at `width`.
    func resolvedHeight(of record: ItemRecord, width: Double, path: ItemPath) -> Double {
        let raw: Double
        switch record.sizing {
        case ItemRecord.fixedHeight:
            raw = Double(record.sizeValue)
        case ItemRecord.aspectRatio:
            raw = LayoutClamp.roundToPixel(width * Double(record.sizeValue), scale: scale)
        default:
            raw = heightProvider.map { $0(path, width) } ?? 0
        }
        return Double(Float(LayoutClamp.itemHeight(raw)))
    }

    // MARK: Reading frames

    /// The top of item `global`, including its lane's block delta.
    @inline(__always)
    func y(ofItem global: Int) -> Double {
        let record = records[global]
        let lane = record.spansAllColumns ? spanLane : lanes[Int(record.column)]
        return record.y + lane.deltas[Int(record.lanePosition) >> Lane.blockShift]
    }

    /// The frame of item `global` in `section`.
    func itemFrame(global: Int, section: Int? = nil) -> CGRect {
        let section = section ?? self.section(containing: global)
        let geometry = sections[section].geometry
        let record = records[global]
        let x: Double
        let width: Double
        if record.spansAllColumns {
            x = geometry.left
            width = geometry.itemsWidth
        } else {
            x = geometry.left + Double(record.column) * geometry.columnStride
            width = geometry.columnWidth
        }
        let mirroredX = configuration.direction == .rightToLeft ? containerWidth - x - width : x
        return CGRect(x: mirroredX, y: y(ofItem: global), width: width, height: Double(record.height))
    }

    /// The section holding item `global` (the last section starting at or before it whose
    /// range contains it).
    ///
    /// - Complexity: O(log S).
    func section(containing global: Int) -> Int {
        var low = 0
        var high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if sections[mid].start <= global { low = mid } else { high = mid - 1 }
        }
        // Empty sections share a start with the next one: step forward to the one holding it.
        while low + 1 < sections.count, sections[low].end <= global { low += 1 }
        return low
    }
}
