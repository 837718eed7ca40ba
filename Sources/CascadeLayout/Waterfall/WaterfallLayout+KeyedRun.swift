import CascadeNumerics
import Foundation

extension WaterfallLayout {
    /// Which column runs `placeItems` may use. The layout always uses `.keyed`; tests switch
    /// to the others to check that every path places items bit for bit the same.
    enum ColumnRunMode {
        /// Only the general path of `placeItems`.
        case none
        /// `placeShortestColumnRun`'s floating-point loop.
        case floating
        /// The integer-keyed run where it applies, else the floating-point loop.
        case keyed
    }

    /// The integer-keyed run's numbers, and the proof that it matches the floating-point rule.
    ///
    /// With a power-of-two display scale, every column top, row spacing and item height that
    /// is a whole number of `1 / scale` units below 2^45 units is exactly representable, and
    /// so is every sum of them: `(top + height) + spacing` is then exact in `Double` and equal
    /// to the same sum in integers. The run checks that on entry (tops, spacing) and per item
    /// (height), and keeps the column tops as integer keys in registers:
    ///
    /// `key = units << 18 | column << 15 | positions placed in that column during the run`
    ///
    /// Keys of different columns differ in their column bits, so the smallest key is the
    /// shortest column, ties going to the lowest column index: the floating-point rule. Placing
    /// an item in the smallest key's column adds `(height + spacing) << 18 | 1` to that key
    /// (the column bits never change). The keys are kept sorted, so the next column is always
    /// `keys[0]`, and replacing it is an insertion into a sorted list without branches: the
    /// loop-carried dependency is one integer add and one min (about 3 cycles) whatever the
    /// column count, where the floating-point loop reloads the tops from memory (one of them
    /// just stored) and scans them with a chain of dependent compares.
    enum KeyedRun {
        static let unitShift: Int64 = 18
        static let columnShift: Int64 = 15
        static let positionMask: Int64 = (1 << columnShift) - 1
        /// At most this many items per call: a column's run position stays inside its 15 bits.
        static let maximumItems = 1 << 14
        /// Tops on entry stay below this many units; the run adds at most
        /// `maximumItems × 2 × maximumStep` < 2^39, so keys stay below 2^63.
        static let maximumTopUnits = 0x1p44
        /// Heights and the row spacing, in units, stay below this.
        static let maximumStep = 0x1p24
        static let twoToThe52 = 0x1p52
        static let twoToThe52Bits = Int64(bitPattern: 0x1p52.bitPattern)

        /// `value × scale` as whole units when that is exact, non-negative and below `limit`;
        /// nil otherwise. `scale` must be a power of two (the multiplication is then exact).
        @inline(__always)
        static func units(_ value: Double, scale: Double, below limit: Double) -> Int64? {
            let scaled = value * scale
            // For 0 <= scaled < 2^52, adding 2^52 is exact only for whole numbers, and the
            // sum's bit pattern minus that of 2^52 is the number itself.
            let shifted = scaled + twoToThe52
            guard scaled >= 0, scaled < limit, shifted - twoToThe52 == scaled else { return nil }
            return Int64(bitPattern: shifted.bitPattern) &- twoToThe52Bits
        }

        /// Aspect-ratio heights in whole units, with a shorter dependency chain than
        /// `RunSizing.aspectHeight` and the same result.
        struct Aspect {
            /// Column width × scale: exact, and `sizeValue × columnPixels` equals
            /// `columnWidth × sizeValue × scale` bit for bit, since a power-of-two scale only
            /// moves the exponent (the entry checks rule out overflow and underflow).
            let columnPixels: Double
            /// `LayoutClamp.maximumItemHeight × scale`, whole and below 2^24 for scales 2^-6...2^4.
            let maximumUnits: Int64
            let inverseScale: Double

            /// The height in units of `RunSizing.aspectHeight`: `floor(scaled + 0.5)` as an
            /// integer (what `floorOfSmall` computes there; `scaled` stays below 2^31, far from
            /// its 4e15 limit), clamped to the maximum height. `Float(units × inverseScale)` is
            /// then the height `aspectHeight` returns: the clamp commutes with the exact scaling,
            /// and whole units below 2^24 are exact in a `Float`. (`Int(saturating:)` gives the
            /// same floor but its range checks made the 5-column build about 1.5× slower.)
            @inline(__always)
            func units(sizeValue: Float) -> Int64 {
                // Below 2^31 (sizeValue <= 1000, columnPixels <= 2^20): the floor below works.
                let pixels = Double(sizeValue) * columnPixels + 0.5
                // floor without a conversion or a branch (the fraction is a coin flip for the
                // predictor): adding 2^52 rounds to the nearest whole number, whose bits are
                // those of 2^52 plus the number; one less when that rounded up, i.e. when
                // `pixels - nearest` is negative (its sign bit shifted down is -1; equal values
                // give +0.0).
                let shifted = pixels + KeyedRun.twoToThe52
                let below = Int64(bitPattern: (pixels - (shifted - KeyedRun.twoToThe52)).bitPattern) >> 63
                let floor = Int64(bitPattern: shifted.bitPattern) &- KeyedRun.twoToThe52Bits &+ below
                return floor < maximumUnits ? floor : maximumUnits
            }
        }
    }

    /// Where a keyed run writes one column's lane indices.
    struct LaneCursor {
        /// The scratch slot of the column's first position in this run.
        var indices: UnsafeMutablePointer<Int32>
        /// The column's first lane position in this run.
        var first: Int
    }

    /// Places items of `range` like `placeShortestColumnRun`'s floating-point loop, with
    /// integer keys (see `KeyedRun`), and returns the index of the first item it did not
    /// place: `range.lowerBound` when the tops or the spacing are not whole units, else the
    /// first item that is not a column item sized without the provider, or whose height is
    /// not whole units. On return `next`, the targets and `maxBottom` are what the
    /// floating-point loop would have left.
    ///
    /// Same unchecked memory contract as `placeShortestColumnRun`; `scale` is a power of two,
    /// `inverseScale` its inverse and `columns` is 2...8.
    func placeKeyedRun<Items: RunItems>(
        _ items: Items, records: UnsafeMutablePointer<ItemRecord>, range: Range<Int>,
        targets: UnsafeMutablePointer<LaneTarget>, next: UnsafeMutablePointer<Double>, columns: Int,
        sizing: RunSizing, spacing: Double, inverseScale: Double, maxBottom: inout Double
    ) -> Int {
        // Aspect-ratio heights in whole units (see `KeyedRun.Aspect`) need a scale in
        // 2^-6...2^4 (the largest height is then whole units below 2^24) and a column width
        // whose product with the scale loses no bits to underflow and stays below 2^20 pixels
        // (so `sizeValue × columnPixels` stays below 2^31).
        let scale = sizing.scale
        let columnWidth = sizing.columnWidth
        guard scale >= 0x1p-6, scale <= 0x1p4,
            columnWidth == 0 || (columnWidth >= 0x1p-100 && columnWidth * scale <= 0x1p20)
        else { return range.lowerBound }
        let aspect = KeyedRun.Aspect(
            columnPixels: columnWidth * scale,
            maximumUnits: Int64(truncatingIfNeeded: Int(saturating: LayoutClamp.maximumItemHeight * scale)),
            inverseScale: inverseScale)
        var global = range.lowerBound
        while global < range.upperBound {
            let end = min(range.upperBound, global + KeyedRun.maximumItems)
            /// The run for one column count, with the keys as that many registers.
            func run<let slots: Int>(_ empty: InlineArray<slots, Int64>) -> Int {
                var keys = empty
                return placeKeyed(
                    &keys, items, records, global..<end, targets, next, sizing, aspect, spacing, &maxBottom)
            }
            let stop: Int
            switch columns {
            case 2: stop = run(InlineArray<2, Int64>(repeating: 0))
            case 3: stop = run(InlineArray<3, Int64>(repeating: 0))
            case 4: stop = run(InlineArray<4, Int64>(repeating: 0))
            case 5: stop = run(InlineArray<5, Int64>(repeating: 0))
            case 6: stop = run(InlineArray<6, Int64>(repeating: 0))
            case 7: stop = run(InlineArray<7, Int64>(repeating: 0))
            case 8: stop = run(InlineArray<8, Int64>(repeating: 0))
            default: return global
            }
            global = stop
            if stop < end { break }
        }
        return global
    }

    /// One keyed run of at most `KeyedRun.maximumItems` items with `slots` columns.
    @inline(__always)
    private func placeKeyed<Items: RunItems, let slots: Int>(
        _ keys: inout InlineArray<slots, Int64>, _ items: Items, _ records: UnsafeMutablePointer<ItemRecord>,
        _ range: Range<Int>, _ targets: UnsafeMutablePointer<LaneTarget>, _ next: UnsafeMutablePointer<Double>,
        _ sizing: RunSizing, _ aspect: KeyedRun.Aspect, _ spacing: Double, _ maxBottom: inout Double
    ) -> Int {
        let scale = sizing.scale
        let inverseScale = aspect.inverseScale
        let inverseScaleFloat = Float(inverseScale)
        guard let spacingUnits = KeyedRun.units(spacing, scale: scale, below: KeyedRun.maximumStep) else {
            return range.lowerBound
        }
        for column in 0..<slots {
            // -0.0 would come back as +0.0 from the integer units.
            guard next[column].sign == .plus,
                let units = KeyedRun.units(next[column], scale: scale, below: KeyedRun.maximumTopUnits)
            else { return range.lowerBound }
            // Sorted insertion (at most 8 keys).
            var slot = column
            let key = units << KeyedRun.unitShift | Int64(truncatingIfNeeded: column) << KeyedRun.columnShift
            while slot > 0, keys[slot - 1] > key {
                keys[slot] = keys[slot - 1]
                slot -= 1
            }
            keys[slot] = key
        }
        var global = range.lowerBound
        withUnsafeTemporaryAllocation(of: LaneCursor.self, capacity: slots) { cursors in
            for column in 0..<slots {
                let target = targets[column]
                cursors.initializeElement(
                    at: column,
                    to: LaneCursor(indices: target.buffer + (target.next &- target.base), first: target.next))
            }
            let cursor = cursors.baseAddress!
            while global < range.upperBound {
                var record = items.record(at: global, in: records)
                guard record.column != ItemRecord.spanLane else { break }
                let heightUnits: Int64
                let height: Float
                if record.sizing == ItemRecord.aspectRatio {
                    // Restated so the store writes a constant instead of keeping the loaded
                    // byte in a register (which the 5-column run needs for its keys).
                    record.sizing = ItemRecord.aspectRatio
                    heightUnits = aspect.units(sizeValue: record.sizeValue)
                    // Whole units below 2^24 and a power-of-two factor: exact in Float, so
                    // equal to `Float(Double(heightUnits) * inverseScale)`, one conversion less.
                    height = Float(heightUnits) * inverseScaleFloat
                } else if let fixed = sizing.height(of: record),
                    let units = KeyedRun.units(Double(fixed), scale: scale, below: KeyedRun.maximumStep)
                {
                    heightUnits = units
                    height = fixed
                } else {
                    break
                }
                let key = keys[0]
                let column = Int(truncatingIfNeeded: key >> KeyedRun.columnShift & 7)
                let position = Int(truncatingIfNeeded: key & KeyedRun.positionMask)
                let lane = cursor[column]
                lane.indices[position] = Int32(truncatingIfNeeded: global)
                record.y = Double(key >> KeyedRun.unitShift) * inverseScale
                record.height = height
                record.lanePosition = Int32(truncatingIfNeeded: lane.first &+ position)
                record.column = UInt16(truncatingIfNeeded: column)
                records[global] = record
                // Remove keys[0], insert the column's new key: keys[1...] are sorted, and
                // slot i takes the i-th smallest of them and `moved` without a branch.
                let moved = key &+ ((heightUnits &+ spacingUnits) << KeyedRun.unitShift | 1)
                if slots == 1 {
                    keys[0] = moved
                } else {
                    keys[0] = min(moved, keys[1])
                    for slot in 1..<(slots - 1) {
                        keys[slot] = max(keys[slot], min(moved, keys[slot + 1]))
                    }
                    keys[slots - 1] = max(keys[slots - 1], moved)
                }
                global &+= 1
            }
            // Back to what the floating-point loop leaves: tops, lane positions, bottom.
            var bottomMost = maxBottom
            for slot in 0..<slots {
                let key = keys[slot]
                let column = Int(truncatingIfNeeded: key >> KeyedRun.columnShift & 7)
                let placed = Int(truncatingIfNeeded: key & KeyedRun.positionMask)
                let units = key >> KeyedRun.unitShift
                next[column] = Double(units) * inverseScale
                targets[column].next = cursor[column].first &+ placed
                if placed > 0 {
                    // The column's last bottom: its top minus the spacing after it.
                    let bottom = Double(units &- spacingUnits) * inverseScale
                    bottomMost = bottom > bottomMost ? bottom : bottomMost
                }
            }
            maxBottom = bottomMost
            cursors.deinitialize()
        }
        return global
    }
}
