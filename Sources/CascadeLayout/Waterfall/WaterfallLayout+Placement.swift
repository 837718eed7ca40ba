import Foundation

extension WaterfallLayout {
    /// Where one lane's new items go during `placeItems`: a scratch buffer appended to the
    /// lane in bulk afterwards, and the delta of the lane's last block, which the first new
    /// positions may share.
    struct LaneTarget {
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
            placeItems(section: section, from: first, state: &state, records: records, source: nil)
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
    ///
    /// Reads and writes below are unchecked in release builds; the preconditions at the top
    /// state what makes them safe: every index in `range` is inside `records` (and `source`
    /// holds the whole section), `next` has a slot per column, there is a lane per column, and
    /// a column number fits a record's 16 bits. Scratch indices stay below `chunk` because each
    /// chunk places at most `chunk` items and `flush` then rebases every target.
    func placeItems(
        section: Int, from first: Int, state: inout PlacementState,
        records recordBuffer: UnsafeMutableBufferPointer<ItemRecord>,
        source sourceBuffer: UnsafeBufferPointer<WaterfallItem>?
    ) {
        let info = sections[section]
        guard first < info.count else { return }
        let geometry = info.geometry
        let columns = geometry.columnCount
        precondition(
            first >= 0 && info.start >= 0 && info.end <= recordBuffer.count,
            "WaterfallLayout: placement outside the records")
        precondition(
            sourceBuffer.map { $0.count == info.count } ?? true,
            "WaterfallLayout: source items do not match the section")
        precondition(columns >= 1 && columns <= Int(UInt16.max), "WaterfallLayout: column count out of range")
        precondition(
            state.next.count == columns && lanes.count >= columns,
            "WaterfallLayout: placement state does not match the columns")
        let records = recordBuffer.baseAddress!
        let source = sourceBuffer?.baseAddress
        let spacing = geometry.rowSpacing
        let columnWidth = geometry.columnWidth
        let placement = configuration.placement
        let scale = self.scale
        // For power-of-two scales (1, 2, 4, …) multiplying by the inverse is exact.
        let inverseScale: Double? = scale.significandBitPattern == 0 ? 1 / scale : nil
        let range = (info.start + first)..<info.end
        let runsFast =
            placement == .shortestColumn && columnRuns == .keyed && inverseScale != nil
            && Self.keyedColumns.contains(columns)
        var bandTop = state.bandTop
        var maxBottom = state.maxBottom
        var placedInBand = state.placedInBand
        // Scratch buffers hold one chunk of items per lane: small enough to stay in cache and
        // to be reused without page faults.
        let chunk = min(range.count, 1 << 14)
        // One allocation for every lane's scratch (a small append would otherwise pay a malloc
        // and a free per lane).
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: chunk * (columns + 1))
        defer { scratch.deallocate() }
        var targets = (0...columns).map { lane -> LaneTarget in
            let current = lane == columns ? spanLane : lanes[lane]
            return LaneTarget(
                buffer: scratch + lane * chunk, base: current.items.count, next: current.items.count,
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
                var chunkStart = range.lowerBound
                while chunkStart < range.upperBound {
                    let chunkEnd = min(chunkStart + chunk, range.upperBound)
                    defer {
                        flush(targets, records: UnsafeBufferPointer(recordBuffer))
                        chunkStart = chunkEnd
                    }
                    var global = chunkStart
                    while global < chunkEnd {
                        if runsFast {
                            // Items sized without the provider, not spanning; stops at the
                            // first other item, which the code below places.
                            let runEnd = global..<chunkEnd
                            global =
                                if let source {
                                    placeShortestColumnRun(
                                        NewItems(items: source, start: info.start), records: records, range: runEnd,
                                        targets: targets.baseAddress!, next: next.baseAddress!, columns: columns,
                                        geometry: geometry, maxBottom: &maxBottom, placedInBand: &placedInBand)
                                } else {
                                    placeShortestColumnRun(
                                        StoredItems(), records: records, range: runEnd,
                                        targets: targets.baseAddress!, next: next.baseAddress!, columns: columns,
                                        geometry: geometry, maxBottom: &maxBottom, placedInBand: &placedInBand)
                                }
                            guard global < chunkEnd else { break }
                        }
                        defer { global += 1 }
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
                            height = RunSizing.aspectHeight(
                                sizeValue: record.sizeValue, columnWidth: columnWidth, scale: scale,
                                inverseScale: inverseScale)
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
        }
        state.bandTop = bandTop
        state.maxBottom = maxBottom
        state.placedInBand = placedInBand
    }

    /// Appends the scratch contents of every lane target to its lane and empties them.
    private func flush(_ targets: UnsafeMutableBufferPointer<LaneTarget>, records: UnsafeBufferPointer<ItemRecord>) {
        let columns = targets.count - 1
        for lane in 0...columns {
            let indices = UnsafeBufferPointer(
                start: targets[lane].buffer, count: targets[lane].next - targets[lane].base)
            guard !indices.isEmpty else { continue }
            let firstBlock = targets[lane].base >> Lane.blockShift
            if lane == columns {
                Self.append(indices, to: &spanLane)
                spanLane.refreshBottoms(fromBlock: firstBlock, records: records)
            } else {
                Self.append(indices, to: &lanes[lane])
                lanes[lane].refreshBottoms(fromBlock: firstBlock, records: records)
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
}
