import CascadeNumerics
import Foundation

extension WaterfallLayout {
    /// Whether `placeItems` may use the keyed run. The layout always does; tests turn it off
    /// to check that both paths place items bit for bit the same.
    enum ColumnRunMode {
        /// Only the general path of `placeItems`.
        case none
        /// The keyed run where it applies, else the general path.
        case keyed
    }

    /// The column counts the keyed run handles (its keys live in registers).
    static let keyedColumns = 2...8

    /// The keyed run's numbers, and the proof that it matches the general path's rule.
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
    /// shortest column, ties going to the lowest column index: the general path's rule. Placing
    /// an item in the smallest key's column adds `(height + spacing) << 18 | 1` to that key
    /// (the column bits never change). The keys are kept sorted, so the next column is always
    /// `keys[0]`, and replacing it is an insertion into a sorted list without branches: the
    /// loop-carried dependency is one integer add and one min (about 3 cycles) whatever the
    /// column count, where the general path reloads the tops from memory (one of them just
    /// stored) and scans them with a chain of dependent compares.
    ///
    /// Aspect-ratio items (the feed's) go through in blocks of three passes: their ratios
    /// (decoding the items, with branches the predictor always wins), then their heights and
    /// key steps (no branches, two items per instruction), then the placement. The loop is
    /// bound by the ALU ports, not by a dependency chain, and the passes move work to the
    /// load and store ports and to vector lanes.
    enum KeyedRun {
        static let unitShift: Int64 = 18
        static let columnShift = 15
        static let positionMask = (1 << columnShift) - 1
        /// The column and the run position: a slot of the run's per-column tables.
        static let slotMask = (1 << 18) - 1
        /// At most this many items per call: a column's run position stays inside its 15 bits.
        static let maximumItems = 1 << 14
        /// Aspect-ratio items per block of the three passes (the block's scratch stays in L1).
        static let blockSize = 256
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
            let maximumUnits: Double

            /// The height in units of `RunSizing.aspectHeight` of an item whose `sizeValue` is
            /// `Float(ratio)`: `floor(scaled + 0.5)` (what `floorOfSmall` computes there;
            /// `scaled` stays below 2^31, far from its 4e15 limit), clamped to the maximum
            /// height, as an integer and as a whole `Double`. `Float(units × inverseScale)` is
            /// then the height `aspectHeight` returns: the clamp commutes with the exact
            /// scaling, and whole units below 2^24 are exact in a `Float`. No branch and no
            /// conversion instruction, so a loop of it vectorises (two items per instruction).
            @inline(__always)
            func units(ratio: Double) -> (whole: Int64, value: Double) {
                // Clamping before the floor gives the same as after: the maximum is whole.
                let pixels = min(Double(Float(ratio)) * columnPixels + 0.5, maximumUnits)
                // Adding 2^52 rounds to the nearest whole number, whose bits are those of 2^52
                // plus the number; one less when that rounded up, i.e. when `pixels - nearest`
                // is negative (its sign bit; equal values give +0.0).
                let shifted = pixels + KeyedRun.twoToThe52
                let roundedUp = Int64(bitPattern: (pixels - (shifted - KeyedRun.twoToThe52)).bitPattern >> 63)
                let whole = Int64(bitPattern: shifted.bitPattern) &- KeyedRun.twoToThe52Bits &- roundedUp
                // Back to a Double the same way (whole numbers below 2^52).
                let value =
                    Double(bitPattern: UInt64(bitPattern: whole) | KeyedRun.twoToThe52.bitPattern) - KeyedRun.twoToThe52
                return (whole, value)
            }
        }
    }

    /// Places items of `range` as `placeItems`' general path would, with integer keys (see `KeyedRun`), and returns the index of the first item it did not
    /// place: `range.lowerBound` when the tops or the spacing are not whole units, else the
    /// first item that is not a column item sized without the provider, or whose height is
    /// not whole units. On return `next`, the targets and `maxBottom` are what the general
    /// path would have left.
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
            columnWidth == 0 || (columnWidth >= 0x1p-100 && columnWidth * scale <= 0x1p20),
            let spacingUnits = KeyedRun.units(spacing, scale: scale, below: KeyedRun.maximumStep)
        else { return range.lowerBound }
        let aspect = KeyedRun.Aspect(
            columnPixels: columnWidth * scale, maximumUnits: LayoutClamp.maximumItemHeight * scale)
        var global = range.lowerBound
        // The blocks' scratch: ratios and key steps of up to `blockSize` items.
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: 2 * KeyedRun.blockSize) { scratch in
            let block = KeyedRun.Block(
                ratios: UnsafeMutableRawPointer(scratch.baseAddress!).assumingMemoryBound(to: Double.self),
                steps: scratch.baseAddress! + KeyedRun.blockSize)
            while global < range.upperBound {
                let end = min(range.upperBound, global + KeyedRun.maximumItems)
                /// The run for one column count, with the keys as that many registers.
                func run<let slots: Int>(_ empty: InlineArray<slots, Int64>) -> Int {
                    var keys = empty
                    return placeKeyed(
                        &keys, items, records, global..<end, targets, next, sizing, aspect, spacingUnits,
                        inverseScale, block, &maxBottom)
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
                default: return
                }
                global = stop
                if stop < end { return }
            }
        }
        return global
    }

    /// One keyed run of at most `KeyedRun.maximumItems` items with `slots` columns.
    @inline(__always)
    private func placeKeyed<Items: RunItems, let slots: Int>(
        _ keys: inout InlineArray<slots, Int64>, _ items: Items, _ records: UnsafeMutablePointer<ItemRecord>,
        _ range: Range<Int>, _ targets: UnsafeMutablePointer<LaneTarget>, _ next: UnsafeMutablePointer<Double>,
        _ sizing: RunSizing, _ aspect: KeyedRun.Aspect, _ spacingUnits: Int64, _ inverseScale: Double,
        _ block: KeyedRun.Block, _ maxBottom: inout Double
    ) -> Int {
        let scale = sizing.scale
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
        // Per column, indexed by `slot >> columnShift` where `slot` is the key's low 18 bits (its
        // column and run position): the address of the column's scratch index slots minus
        // `column << columnShift` slots, and its placement word (lane position, column) minus
        // the same, so that adding `slot` gives the item's own. One load each, no decoding.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * slots) { tables in
            let indexBase = tables.baseAddress!
            let placementBase = indexBase + slots
            for column in 0..<slots {
                let target = targets[column]
                let offset = column << KeyedRun.columnShift
                indexBase[column] = Int(bitPattern: target.buffer + (target.next &- target.base)) &- offset &* 4
                placementBase[column] =
                    target.next &- offset &+ column << Int(truncatingIfNeeded: ItemRecord.columnShift)
                    &+ Int(truncatingIfNeeded: ItemRecord.aspectRatio)
                    << Int(truncatingIfNeeded: ItemRecord.sizingShift)
            }
            /// Places item `global` in the shortest column: the record's top and placement word
            /// (its height and size value are written before), the lane index, the keys.
            /// `sizing` is the item's sizing kind minus `ItemRecord.aspectRatio`.
            @inline(__always) func place(_ global: Int, step: Int64, sizing: Int) {
                let key = keys[0]
                let slot = Int(truncatingIfNeeded: key) & KeyedRun.slotMask
                let column = slot &>> KeyedRun.columnShift
                UnsafeMutablePointer<Int32>(bitPattern: indexBase[column] &+ slot &* 4).unsafelyUnwrapped.pointee =
                    Int32(truncatingIfNeeded: global)
                records[global].y = Double(key >> KeyedRun.unitShift) * inverseScale
                records[global].placement = UInt64(
                    bitPattern: Int64(
                        placementBase[column] &+ slot
                            &+ sizing << Int(truncatingIfNeeded: ItemRecord.sizingShift)))
                // Remove keys[0], insert the column's new key: keys[1...] are sorted, and
                // slot i takes the i-th smallest of them and `moved` without a branch.
                let moved = key &+ step
                if slots == 1 {
                    keys[0] = moved
                } else {
                    keys[0] = min(moved, keys[1])
                    for slot in 1..<(slots - 1) {
                        keys[slot] = max(keys[slot], min(moved, keys[slot + 1]))
                    }
                    keys[slots - 1] = max(keys[slots - 1], moved)
                }
            }
            // `(units << 18) + stepBase` is an item's key step.
            let stepBase = spacingUnits << KeyedRun.unitShift | 1
            while global < range.upperBound {
                let limit = min(range.upperBound &- global, KeyedRun.blockSize)
                // Passes 1 and 2, out of line: their loops get the registers the keys hold here.
                let count = KeyedRun.fillBlock(
                    items, records: records, from: global, limit: limit, block: block, aspect: aspect,
                    inverseScale: inverseScale, stepBase: stepBase)
                // Pass 3: placement (two items per iteration: the keys then end where they
                // started, without register-to-register copies). One induction variable, the
                // item's index: the steps are read through an address shifted by `global`.
                let steps = Int(bitPattern: block.steps) &- global &* 8
                @inline(__always) func step(_ item: Int) -> Int64 {
                    UnsafePointer<Int64>(bitPattern: steps &+ item &* 8).unsafelyUnwrapped.pointee
                }
                let end = global &+ count
                var item = global
                while item &+ 1 < end {
                    place(item, step: step(item), sizing: 0)
                    place(item &+ 1, step: step(item &+ 1), sizing: 0)
                    item &+= 2
                }
                if item < end {
                    place(item, step: step(item), sizing: 0)
                }
                global &+= count
                guard count < limit else { continue }
                // An item that is not an aspect-ratio column item: a fixed height in whole
                // units is placed here, anything else ends the run.
                let (kind, value) = items.sizing(at: global, in: records)
                let sizeValue = Float(value)
                let fixed = RunSizing.fixedHeight(sizeValue: sizeValue)
                guard kind == ItemRecord.fixedHeight,
                    let units = KeyedRun.units(Double(fixed), scale: scale, below: KeyedRun.maximumStep)
                else { break }
                records[global].sizes = ItemRecord.sizes(height: fixed, sizeValue: sizeValue)
                place(
                    global, step: units << KeyedRun.unitShift &+ stepBase,
                    sizing: Int(truncatingIfNeeded: ItemRecord.fixedHeight)
                        &- Int(truncatingIfNeeded: ItemRecord.aspectRatio))
                global &+= 1
            }
        }
        // Back to what the general path leaves: tops, lane positions, bottom.
        var bottomMost = maxBottom
        for slot in 0..<slots {
            let key = keys[slot]
            let low = Int(truncatingIfNeeded: key) & KeyedRun.slotMask
            let column = low &>> KeyedRun.columnShift
            let placed = low & KeyedRun.positionMask
            let units = key >> KeyedRun.unitShift
            next[column] = Double(units) * inverseScale
            targets[column].next &+= placed
            if placed > 0 {
                // The column's last bottom: its top minus the spacing after it.
                let bottom = Double(units &- spacingUnits) * inverseScale
                bottomMost = bottom > bottomMost ? bottom : bottomMost
            }
        }
        maxBottom = bottomMost
        return global
    }
}

extension WaterfallLayout.KeyedRun {
    /// Passes 1 and 2 of a block (see `KeyedRun`): the ratios of the aspect-ratio column items
    /// from `first` (at most `limit`, stopping at the first other item), then their records'
    /// heights and size values and their key steps (`(units << 18) + stepBase`). Returns how
    /// many.
    @inline(never)
    static func fillBlock<Items: WaterfallLayout.RunItems>(
        _ items: Items, records: UnsafeMutablePointer<ItemRecord>, from first: Int, limit: Int, block: Block,
        aspect: Aspect, inverseScale: Double, stepBase: Int64
    ) -> Int {
        // Pass 1: decode (branches the predictor wins: a feed's items are all alike).
        var count = 0
        while count < limit {
            let (kind, value) = items.sizing(at: first &+ count, in: records)
            guard kind == ItemRecord.aspectRatio else { break }
            block.ratios[count] = value
            count &+= 1
        }
        // Pass 2: branch-free, vectorised (two items per instruction).
        for index in 0..<count {
            let ratio = block.ratios[index]
            let units = aspect.units(ratio: ratio)
            // The record's sizing fields now (pass 3 writes the rest): fewer values for pass 3
            // to carry. Whole units below 2^24 times a power of two: exact in a Float.
            records[first &+ index].sizes = ItemRecord.sizes(
                height: Float(units.value * inverseScale), sizeValue: Float(ratio))
            block.steps[index] = units.whole << unitShift &+ stepBase
        }
        return count
    }

    /// Scratch for one block of aspect-ratio items (see `KeyedRun`).
    struct Block {
        /// Per item, a value whose `Float` is its stored ratio (`ItemRecord.sizeValue`).
        let ratios: UnsafeMutablePointer<Double>
        let steps: UnsafeMutablePointer<Int64>
    }
}
