import Foundation

extension WaterfallLayout {
    /// Applies a new height to item `global` keeping every item's column: the items below it
    /// in its column move by the change, up to the end of its band (the next full-span item or
    /// the end of its chain of sections); everything after the band moves by the change of the
    /// band's tallest column. Shifts use the lanes' block deltas.
    ///
    /// - Complexity: O(C log n + 256·(C + 1) + n/256 + S).
    func shiftForHeightChange(global: Int, section: Int, newHeight: Double) {
        let record = records[global]
        let delta = newHeight - Double(record.height)
        guard delta != 0 else { return }
        revision &+= 1
        let chainStart = sections[section].chainStart
        var chainEnd = section
        while chainEnd + 1 < sections.count, sections[chainEnd + 1].joinsPrevious { chainEnd += 1 }
        let chainEndGlobal = sections[chainEnd].end

        if record.spansAllColumns {
            records[global].height = Float(newHeight)
            records.withUnsafeBufferPointer {
                spanLane.refreshBottom(ofPosition: Int(record.lanePosition), records: $0)
            }
            shiftEverything(after: global + 1, by: delta, chainStart: chainStart)
            return
        }
        let nextSpan = spanLane.lowerBound(global + 1)
        let bandEnd =
            nextSpan < spanLane.items.count && Int(spanLane.items[nextSpan]) < chainEndGlobal
            ? Int(spanLane.items[nextSpan]) : chainEndGlobal
        let before = resumeState(before: bandEnd, chainStart: chainStart).maxBottom
        records[global].height = Float(newHeight)
        let column = Int(record.column)
        records.withUnsafeBufferPointer {
            lanes[column].refreshBottom(ofPosition: Int(record.lanePosition), records: $0)
        }
        let end = lanes[column].lowerBound(bandEnd)
        shift(lane: column, from: Int(record.lanePosition) + 1, to: end, by: delta)
        let after = resumeState(before: bandEnd, chainStart: chainStart).maxBottom
        shiftEverything(after: bandEnd, by: after - before, chainStart: chainStart)
    }

    /// Moves every item from `global` on, and the headers, footers and bottoms that follow, by
    /// `delta`; `chainStart` is the chain `global` ends (its sections only change bottoms).
    private func shiftEverything(after global: Int, by delta: Double, chainStart: Int) {
        guard delta != 0 else { return }
        for lane in lanes.indices {
            shift(lane: lane, from: lanes[lane].lowerBound(global), to: lanes[lane].items.count, by: delta)
        }
        shiftSpanLane(from: spanLane.lowerBound(global), by: delta)
        for index in sections.indices where sections[index].chainStart >= chainStart {
            if sections[index].chainStart > chainStart {
                sections[index].top += delta
                sections[index].itemsTop += delta
                sections[index].headerY += delta
            }
            sections[index].footerY += delta
            sections[index].bottom += delta
        }
    }

    /// Adds `delta` to the y of lane positions `from..<to`: whole blocks through their delta,
    /// the partial blocks at either end record by record (refreshing the bottoms of the groups
    /// and blocks whose last item moved).
    private func shift(lane: Int, from start: Int, to end: Int, by delta: Double) {
        Self.shift(&lanes[lane], from: start, to: end, by: delta, records: &records)
    }

    private func shiftSpanLane(from start: Int, by delta: Double) {
        Self.shift(&spanLane, from: start, to: spanLane.items.count, by: delta, records: &records)
    }

    private static func shift(
        _ lane: inout Lane, from start: Int, to end: Int, by delta: Double, records: inout [ItemRecord]
    ) {
        guard start < end else { return }
        records.withUnsafeMutableBufferPointer { records in
            let base = UnsafeBufferPointer(records)
            // The record writes below are unchecked in release builds.
            precondition(lane.pointsInside(base), "WaterfallLayout: a lane points outside its records")
            var position = start
            while position < end {
                if position & (Lane.blockSize - 1) == 0, position + Lane.blockSize <= end {
                    lane.deltas[position >> Lane.blockShift] += delta
                    position += Lane.blockSize
                } else {
                    records[Int(lane.items[position])].y += delta
                    if position & (Lane.groupSize - 1) == Lane.groupSize - 1 || position == end - 1 {
                        lane.refreshBottom(ofPosition: position, records: base)
                    }
                    position += 1
                }
            }
        }
    }
}
