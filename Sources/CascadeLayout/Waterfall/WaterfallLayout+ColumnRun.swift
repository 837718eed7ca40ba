import Foundation

extension WaterfallLayout {
    /// How a run sizes its items: the loop-invariant numbers of `placeItems`' height rule.
    struct RunSizing {
        let columnWidth: Double
        let scale: Double
        /// 1 / scale when multiplying by it is exact (power-of-two scales), else nil.
        let inverseScale: Double?

        /// The height of a fixed-height item: what `resolvedHeight` gives, without its
        /// provider branch.
        @inline(__always)
        static func fixedHeight(sizeValue: Float) -> Float {
            Float(LayoutClamp.itemHeight(Double(sizeValue)))
        }

        /// The pixel-rounded, clamped height of an aspect-ratio item (`sizeValue` >= 0, as
        /// `ItemRecord` stores it). For power-of-two scales `roundToPixel`'s division (slow,
        /// on the loop's critical path) becomes an exact multiplication.
        @inline(__always)
        static func aspectHeight(sizeValue: Float, columnWidth: Double, scale: Double, inverseScale: Double?) -> Float {
            let raw: Double
            if let inverseScale {
                let scaled = columnWidth * Double(sizeValue) * scale
                raw =
                    scaled < 4.0e15
                    ? LayoutClamp.floorOfSmall(scaled + 0.5) * inverseScale
                    : LayoutClamp.roundToPixel(columnWidth * Double(sizeValue), scale: scale)
            } else {
                raw = LayoutClamp.roundToPixel(columnWidth * Double(sizeValue), scale: scale)
            }
            return Float(min(raw, LayoutClamp.maximumItemHeight))
        }
    }

    /// Where a run reads its items: the caller's new items (made into records as they are
    /// placed) or the stored records.
    protocol RunItems {
        /// The sizing kind of item `global` as its record would have it (`ItemRecord.spanSizing`
        /// for a full-span item) and a value whose `Float` is its `sizeValue`: what the keyed
        /// run needs, without building the record.
        func sizing(at global: Int, in records: UnsafeMutablePointer<ItemRecord>) -> (kind: UInt8, value: Double)
    }

    struct NewItems: RunItems {
        let items: UnsafePointer<WaterfallItem>
        let start: Int
        @inline(__always)
        func sizing(at global: Int, in records: UnsafeMutablePointer<ItemRecord>) -> (kind: UInt8, value: Double) {
            let item = items[global &- start]
            guard !item.spansAllColumns else { return (ItemRecord.spanSizing, 0) }
            if case .aspectRatio(let ratio) = item.sizing,
                Double(ratio).bitPattern <= Double(LayoutClamp.maximumAspectRatio).bitPattern
            {
                // In 0...maximum: the record stores `Float(ratio)` (see `ItemRecord.sizing(of:)`).
                return (ItemRecord.aspectRatio, Double(ratio))
            }
            let (kind, value) = ItemRecord.sizing(of: item.sizing)
            return (kind, Double(value))
        }
    }

    /// Reads the records the run writes (through the run's own pointer: a second copy of
    /// it costs a register the 5-column keyed run spills a column key for).
    struct StoredItems: RunItems {
        @inline(__always)
        func sizing(at global: Int, in records: UnsafeMutablePointer<ItemRecord>) -> (kind: UInt8, value: Double) {
            let record = records[global]
            return (record.spansAllColumns ? ItemRecord.spanSizing : record.sizing, Double(record.sizeValue))
        }
    }

    /// Places items of `range` with the shortest-column rule for as long as they are column
    /// items sized without the provider, exactly as `placeItems`' general path would, and
    /// returns the index of the first item it did not place (`range.upperBound` when it placed
    /// them all). Places nothing while a lane still has positions sharing its last block's
    /// delta (the first items of an append): the general path handles those.
    ///
    /// The run is `placeKeyedRun`: it applies with a power-of-two scale and 2 to 8 columns
    /// (`placeItems` calls it only then), where it is 1.5 to 2.6 times faster than the general
    /// path (Docs/BENCHMARKS.md, layout).
    ///
    /// Reads and writes are unchecked: `placeItems` guarantees every index of `range` is inside
    /// `records` (and `items`), `targets` holds `columns + 1` lane targets whose scratch
    /// buffers have room for `range.count` more items, and `next` holds `columns` tops.
    func placeShortestColumnRun<Items: RunItems>(
        _ items: Items, records: UnsafeMutablePointer<ItemRecord>, range: Range<Int>,
        targets: UnsafeMutablePointer<LaneTarget>, next: UnsafeMutablePointer<Double>, columns: Int,
        geometry: SectionGeometry, maxBottom: inout Double, placedInBand: inout Int
    ) -> Int {
        for column in 0..<columns where targets[column].next < targets[column].sharedLimit {
            return range.lowerBound
        }
        let scale = self.scale
        let sizing = RunSizing(
            columnWidth: geometry.columnWidth, scale: scale,
            inverseScale: scale.significandBitPattern == 0 ? 1 / scale : nil)
        guard let inverseScale = sizing.inverseScale, Self.keyedColumns.contains(columns) else {
            return range.lowerBound
        }
        var bottomMost = maxBottom
        let global = placeKeyedRun(
            items, records: records, range: range, targets: targets, next: next, columns: columns,
            sizing: sizing, spacing: geometry.rowSpacing, inverseScale: inverseScale, maxBottom: &bottomMost)
        maxBottom = bottomMost
        placedInBand += global - range.lowerBound
        return global
    }
}
