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
    func startSection(_ index: Int, state: inout PlacementState) {
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
    func finishSection(_ index: Int, state: inout PlacementState) {
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

    /// Where one lane's new items go during `placeItems`: a scratch buffer appended to the
    /// lane in bulk afterwards, and the delta of the lane's last block, which the first new
    /// positions may share.
    private struct LaneTarget {
        var buffer: UnsafeMutablePointer<Int32>
        var base: Int
        var next: Int
        var sharedLimit: Int
        var sharedDelta: Double
    }

    /// Places the items `from...` of `section` with the configured rule.
    func placeItems(section: Int, from first: Int, state: inout PlacementState) {
        guard first < sections[section].count else { return }
        records.withUnsafeMutableBufferPointer { records in
            placeItems(section: section, from: first, state: &state, records: records.baseAddress!, source: nil)
        }
    }

    /// The hot loop of every build. Everything it reads is in locals and raw buffers, each
    /// record is written with one store, and lane indices go to scratch buffers appended to
    /// the lanes in bulk at the end: appending to the nested lane arrays item by item
    /// (uniqueness and capacity checks) cost more than the placement itself. Scratch buffers
    /// are sized for the worst case but only the pages written are ever touched.
    ///
    /// With `source`, the section's records are created from those items as they are placed
    /// (`records` may then be uninitialised memory): `replaceAll` makes and places each
    /// record in one pass over memory instead of two.
    func placeItems(
        section: Int, from first: Int, state: inout PlacementState, records: UnsafeMutablePointer<ItemRecord>,
        source: UnsafePointer<WaterfallItem>?
    ) {
        let info = sections[section]
        guard first < info.count else { return }
        let geometry = info.geometry
        let columns = geometry.columnCount
        let spacing = geometry.rowSpacing
        let columnWidth = geometry.columnWidth
        let placement = configuration.placement
        let scale = self.scale
        // For power-of-two scales (1, 2, 4, …) multiplying by the inverse is exact.
        let inverseScale: Double? = scale.significandBitPattern == 0 ? 1 / scale : nil
        let range = (info.start + first)..<info.end
        var bandTop = state.bandTop
        var maxBottom = state.maxBottom
        var placedInBand = state.placedInBand
        // Scratch buffers hold one chunk of items per lane: small enough to stay in cache and
        // to be reused without page faults.
        let chunk = min(range.count, 1 << 14)
        var targets = (0...columns).map { lane -> LaneTarget in
            let current = lane == columns ? spanLane : lanes[lane]
            return LaneTarget(
                buffer: .allocate(capacity: chunk), base: current.items.count, next: current.items.count,
                sharedLimit: current.deltas.count << Lane.blockShift, sharedDelta: current.deltas.last ?? 0)
        }
        targets.withUnsafeMutableBufferPointer { targets in
            state.next.withUnsafeMutableBufferPointer { next in
                /// Appends item `global` to `lane`; returns its position and its y relative to
                /// the position's block delta.
                @inline(__always) func place(_ global: Int, lane: Int, y: Double) -> (Int32, Double) {
                    let position = targets[lane].next
                    targets[lane].buffer[position - targets[lane].base] = Int32(truncatingIfNeeded: global)
                    targets[lane].next = position + 1
                    let stored = position < targets[lane].sharedLimit ? y - targets[lane].sharedDelta : y
                    return (Int32(truncatingIfNeeded: position), stored)
                }
                var pending = 0
                for global in range {
                    if pending == chunk {
                        flush(targets)
                        pending = 0
                    }
                    pending += 1
                    var record: ItemRecord
                    if let source {
                        record = ItemRecord(item: source[global - info.start])
                    } else {
                        record = records[global]
                    }
                    if record.spansAllColumns {
                        if source != nil { records[global] = record }
                        let height = resolvedHeight(
                            of: record, width: geometry.itemsWidth,
                            path: ItemPath(section: section, item: global - info.start))
                        var top = bandTop
                        for value in next where value > top { top = value }
                        (record.lanePosition, record.y) = place(global, lane: columns, y: top)
                        record.height = Float(height)
                        records[global] = record
                        let bottom = top + Double(Float(height))
                        maxBottom = max(maxBottom, bottom)
                        bandTop = bottom + spacing
                        for column in 0..<columns { next[column] = bandTop }
                        placedInBand = 0
                        continue
                    }
                    var column = 0
                    switch placement {
                    case .shortestColumn where columns == 2:
                        // The feed's case, without the loop.
                        column = next[1] < next[0] ? 1 : 0
                    case .shortestColumn:
                        var bestY = next[0]
                        for candidate in 1..<columns {
                            let value = next[candidate]
                            let shorter = value < bestY
                            column = shorter ? candidate : column
                            bestY = shorter ? value : bestY
                        }
                    case .leftToRight:
                        column = placedInBand % columns
                    case .rightToLeft:
                        column = columns - 1 - placedInBand % columns
                    }
                    let height: Float
                    if record.sizing == ItemRecord.aspectRatio {
                        let raw: Double
                        if let inverseScale {
                            // roundToPixel with the division (slow, on the loop's critical
                            // path) replaced by an exact multiplication.
                            let scaled = columnWidth * Double(record.sizeValue) * scale
                            raw =
                                scaled < 4.0e15
                                ? Double(Int64(scaled + 0.5)) * inverseScale
                                : LayoutClamp.roundToPixel(columnWidth * Double(record.sizeValue), scale: scale)
                        } else {
                            raw = LayoutClamp.roundToPixel(columnWidth * Double(record.sizeValue), scale: scale)
                        }
                        height = Float(min(raw, LayoutClamp.maximumItemHeight))
                    } else {
                        if source != nil { records[global] = record }
                        height = Float(
                            resolvedHeight(
                                of: record, width: columnWidth,
                                path: ItemPath(section: section, item: global - info.start)))
                    }
                    let top = next[column]
                    (record.lanePosition, record.y) = place(global, lane: column, y: top)
                    record.column = UInt16(truncatingIfNeeded: column)
                    record.height = height
                    records[global] = record
                    let bottom = top + Double(height)
                    maxBottom = bottom > maxBottom ? bottom : maxBottom
                    next[column] = bottom + spacing
                    placedInBand += 1
                }
            }
        }
        state.bandTop = bandTop
        state.maxBottom = maxBottom
        state.placedInBand = placedInBand
        targets.withUnsafeMutableBufferPointer { flush($0) }
        for target in targets { target.buffer.deallocate() }
    }

    /// Appends the scratch contents of every lane target to its lane and empties them.
    private func flush(_ targets: UnsafeMutableBufferPointer<LaneTarget>) {
        let columns = targets.count - 1
        for lane in 0...columns {
            let indices = UnsafeBufferPointer(
                start: targets[lane].buffer, count: targets[lane].next - targets[lane].base)
            guard !indices.isEmpty else { continue }
            if lane == columns {
                Self.append(indices, to: &spanLane)
            } else {
                Self.append(indices, to: &lanes[lane])
            }
            targets[lane].base = targets[lane].next
        }
    }

    private static func append(_ indices: UnsafeBufferPointer<Int32>, to lane: inout Lane) {
        grow(&lane.items, adding: indices.count)
        lane.items.append(contentsOf: indices)
        let blocks = (lane.items.count + Lane.blockSize - 1) >> Lane.blockShift
        if lane.deltas.count < blocks {
            lane.deltas.append(contentsOf: repeatElement(0, count: blocks - lane.deltas.count))
        }
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
