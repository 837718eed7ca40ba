import Foundation

extension WaterfallLayout {
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
            if let provider = heightProvider {
                // Every entry point checks this flag: a provider that calls back into the
                // layout stops with a precondition failure instead of reading or changing
                // half-placed state.
                checkNotInProvider()
                isAskingProvider = true
                raw = provider(path, width)
                isAskingProvider = false
            } else {
                raw = 0
            }
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
        let (x, width) = geometry.horizontalExtent(of: record)
        let mirroredX = configuration.direction == .rightToLeft ? containerWidth - x - width : x
        return CGRect(x: mirroredX, y: y(ofItem: global), width: width, height: Double(record.height))
    }

    /// The section holding item `global` (the last section starting at or before it whose
    /// range contains it).
    ///
    /// - Complexity: O(log S).
    func section(containing global: Int) -> Int {
        Self.section(containing: global, in: sections)
    }

    /// `section(containing:)` in `sections`.
    static func section(containing global: Int, in sections: [SectionRecord]) -> Int {
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
