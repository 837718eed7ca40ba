import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeLayout

/// The shortest-column run (the integer-keyed run) places every item bit for bit as `placeItems`' general path does, over seeded random feeds: 1...9
/// columns, display scales 1, 2, 1.5, 0.5, 4 and 3, whole and fractional spacings, mixed
/// aspect-ratio, fixed-height (whole and fractional), full-span and provided items, built at
/// once, appended in pages, resized and reflowed.
@Suite struct WaterfallColumnRunTests {
    /// Frames (as bit patterns), columns and content height of every item.
    struct Placement: Equatable {
        var frames: [[UInt64]] = []
        var columns: [Int?] = []
        var contentHeight: UInt64 = 0

        init(_ layout: WaterfallLayout) {
            for s in 0..<layout.numberOfSections {
                for k in 0..<layout.numberOfItems(inSection: s) {
                    let frame = layout.frame(for: .item(k, section: s)) ?? .null
                    frames.append([frame.minX, frame.minY, frame.width, frame.height].map { Double($0).bitPattern })
                    columns.append(layout.column(of: ItemPath(section: s, item: k)))
                }
            }
            contentHeight = Double(layout.contentSize.height).bitPattern
        }

        /// The first item (or the content height) that differs from `other`, nil when equal.
        func firstDifference(from other: Placement) -> String? {
            guard frames.count == other.frames.count else { return "\(frames.count) vs \(other.frames.count) items" }
            for index in frames.indices
            where frames[index] != other.frames[index] || columns[index] != other.columns[index] {
                return "item \(index): \(frames[index]) column \(String(describing: columns[index])) vs "
                    + "\(other.frames[index]) column \(String(describing: other.columns[index]))"
            }
            return contentHeight == other.contentHeight ? nil : "content height"
        }
    }

    static let modes: [WaterfallLayout.ColumnRunMode] = [.keyed, .none]

    @Test func runsPlaceLikeTheGeneralPath() {
        var rng = SeededGenerator(seed: 0x1A70_0017)
        var failures = 0
        for index in 0..<120 {
            let seed = rng.next()
            var local = SeededGenerator(seed: seed)
            let problem = compareModes(using: &local)
            if let problem {
                failures += 1
                if failures <= 5 { Issue.record("case \(index) seed \(seed): \(problem)") }
            }
        }
        #expect(failures == 0)
    }

    /// The bench's feed (cover sizes, scale 2, spacing 10) past one 2^14-item chunk, where a
    /// keyed run restarts from the stored tops.
    @Test(arguments: [2, 5, 8])
    func longFeedPlacesLikeTheGeneralPath(columns: Int) {
        var rng = SeededGenerator(seed: 0xFEED + UInt64(columns))
        let items = (0..<40_000).map { _ in
            WaterfallItem.size(CGSize(width: 720, height: CGFloat(400 + Int.random(in: 0..<900, using: &rng))))
        }
        var config = WaterfallConfiguration()
        config.section.columns = .fixed(columns)
        let placements = Self.modes.map { mode in
            let layout = WaterfallLayout(configuration: config, containerWidth: 390)
            layout.columnRuns = mode
            layout.replaceAll(items: items)
            return Placement(layout)
        }
        #expect(placements[0] == placements[1])
    }

    /// `KeyedRun.Aspect.units` gives `RunSizing.aspectHeight`'s height in whole units, for the
    /// scales and column widths `placeKeyedRun` accepts.
    @Test func aspectUnitsMatchTheAspectHeight() {
        var rng = SeededGenerator(seed: 0xA5_9EC7)
        for scale in [0.015625, 0.5, 1, 2, 4, 16] {
            for _ in 0..<20_000 {
                let width = [390.0, 0, 187.5, 1e-30, 0x1p20 / scale, Double.random(in: 0...2000, using: &rng)]
                    .randomElement(using: &rng)!
                let ratio: Float = [
                    0, 1000, 1e-30, 0.5555, Float.random(in: 0...3, using: &rng),
                    Float.random(in: 0...1000, using: &rng),
                ].randomElement(using: &rng)!
                let aspect = WaterfallLayout.KeyedRun.Aspect(
                    columnPixels: width * scale, maximumUnits: 1_000_000 * scale)
                let units = aspect.units(ratio: Double(ratio))
                let expected = WaterfallLayout.RunSizing.aspectHeight(
                    sizeValue: ratio, columnWidth: width, scale: scale, inverseScale: 1 / scale)
                #expect(Float(units.value / scale) == expected, "width \(width) ratio \(ratio) scale \(scale)")
                #expect(Double(expected) * scale == units.value, "width \(width) ratio \(ratio) scale \(scale)")
                #expect(Double(units.whole) == units.value, "width \(width) ratio \(ratio) scale \(scale)")
                // A ratio that rounds to `ratio` as a Float gives the same units.
                let nearby = Double(ratio).nextUp
                if Float(nearby) == ratio {
                    #expect(aspect.units(ratio: nearby).whole == units.whole, "ratio \(nearby)")
                }
            }
        }
    }

    /// The keyed run's blocks of aspect-ratio items (`KeyedRun.blockSize`) with the other
    /// items at and around block edges, aspect ratios on both sides of the decoding's fast
    /// range (0...maximum: exactly 0, the maximum, just above it, negative, -0.0, NaN,
    /// infinity), fixed heights whole and not, full-span items: built, appended in pages of
    /// odd sizes and resized (which reads the stored records), for 2...8 columns and the
    /// power-of-two scales at the keyed run's limits.
    @Test(arguments: [2, 3, 4, 5, 6, 7, 8])
    func blocksAndEdgeItemsPlaceLikeTheGeneralPath(columns: Int) {
        var rng = SeededGenerator(seed: 0xB10C_0000 + UInt64(columns))
        let block = WaterfallLayout.KeyedRun.blockSize
        let edges = Set([block - 1, block, block + 1, 2 * block - 1, 2 * block, 5 * block, 5 * block + 2])
        let ratios: [CGFloat] = [0, -0.0, 1000, 1000.0000001, 2000, -1, .nan, .infinity, 1e-30, 0.5555, 1.7777]
        for scale in [2.0, 1, 0.015625, 16, 0.5] {
            let items = (0..<(6 * block + 37)).map { index -> WaterfallItem in
                if edges.contains(index) {
                    return [
                        WaterfallItem.height([120, 33.3, 0, 17.5].randomElement(using: &rng)!),
                        WaterfallItem(sizing: .aspectRatio(ratios.randomElement(using: &rng)!)),
                        WaterfallItem.height(44, fullSpan: true),
                    ].randomElement(using: &rng)!
                }
                if Int.random(in: 0..<60, using: &rng) == 0 {
                    return WaterfallItem(sizing: .aspectRatio(ratios.randomElement(using: &rng)!))
                }
                return .size(CGSize(width: 720, height: CGFloat(Int.random(in: 400..<1300, using: &rng))))
            }
            var config = WaterfallConfiguration()
            config.displayScale = scale
            config.section.columns = .fixed(columns)
            config.section.rowSpacing = [10, 0, 2.5].randomElement(using: &rng)!
            let layouts = Self.modes.map { mode in
                let layout = WaterfallLayout(configuration: config, containerWidth: 390)
                layout.columnRuns = mode
                return layout
            }
            func agree(_ step: String) {
                let placements = layouts.map { Placement($0) }
                #expect(
                    placements[0].firstDifference(from: placements[1]) == nil, "\(step): keyed, scale \(scale)")
            }
            let split = 3 * block + 5
            for layout in layouts { layout.replaceAll(items: Array(items[..<split])) }
            agree("build")
            for start in stride(from: split, to: items.count, by: 301) {
                let page = Array(items[start..<min(start + 301, items.count)])
                for layout in layouts { layout.appendItems(page) }
            }
            agree("append")
            for layout in layouts { layout.setContainerWidth(375.5) }
            agree("resize")
        }
    }

    /// `KeyedRun.units` accepts exactly the whole, non-negative values below the limit.
    @Test func unitsAcceptOnlyWholeValues() {
        typealias Run = WaterfallLayout.KeyedRun
        #expect(Run.units(10, scale: 2, below: 0x1p24) == 20)
        #expect(Run.units(0.5, scale: 2, below: 0x1p24) == 1)
        #expect(Run.units(-0.0, scale: 2, below: 0x1p24) == 0)
        #expect(Run.units(0.25, scale: 2, below: 0x1p24) == nil)
        #expect(Run.units(33.3, scale: 1, below: 0x1p24) == nil)
        #expect(Run.units(-1, scale: 1, below: 0x1p24) == nil)
        #expect(Run.units(.nan, scale: 1, below: 0x1p24) == nil)
        #expect(Run.units(.infinity, scale: 1, below: 0x1p24) == nil)
        #expect(Run.units(0x1p24, scale: 1, below: 0x1p24) == nil)
        #expect(Run.units(0x1p24 - 1, scale: 1, below: 0x1p24) == Int64(16_777_215))
    }

    /// One random feed laid out in every mode; nil when all agree.
    private func compareModes(using rng: inout SeededGenerator) -> String? {
        var config = WaterfallConfiguration()
        config.placement = .shortestColumn
        config.displayScale = [1, 2, 1.5, 0.5, 4, 3].randomElement(using: &rng)!
        config.keepsColumnsOnHeightChange = false
        config.section.columns = .fixed(Int.random(in: 1...9, using: &rng))
        config.section.rowSpacing = [0, 10, 2.5, 0.3, 7, 0.25].randomElement(using: &rng)!
        config.section.columnSpacing = [0, 10, 7.5].randomElement(using: &rng)!
        config.section.insets = LayoutInsets(
            top: [0, 10, 0.5, 3.3].randomElement(using: &rng)!, left: 10, bottom: 10, right: 10)
        let width = [390, 375, 1280, 320.5, 777.25].randomElement(using: &rng)!
        let count = Int.random(in: 0...1500, using: &rng)
        let spanEvery = [0, 7, 50, 400].randomElement(using: &rng)!
        let odd = [0, 5, 40].randomElement(using: &rng)!
        let items = (0..<count).map { index -> WaterfallItem in
            if spanEvery > 0, index % spanEvery == spanEvery - 1 { return RandomWaterfall.item(using: &rng) }
            if odd > 0, Int.random(in: 0..<odd, using: &rng) == 0 {
                return [
                    WaterfallItem.height([33.3, 0.25, 120, 17.5, 0].randomElement(using: &rng)!),
                    WaterfallItem(sizing: .provided),
                    RandomWaterfall.item(using: &rng),
                ].randomElement(using: &rng)!
            }
            return .size(
                CGSize(
                    width: CGFloat(Int.random(in: 300...1920, using: &rng)),
                    height: CGFloat(Int.random(in: 300...1920, using: &rng))))
        }
        let split = count == 0 ? 0 : Int.random(in: 0...count, using: &rng)
        let pages = stride(from: split, to: count, by: 97).map { Array(items[$0..<min($0 + 97, count)]) }
        let reflowAt = count == 0 ? nil : Int.random(in: 0..<count, using: &rng)
        let layouts = Self.modes.map { mode in
            let layout = WaterfallLayout(configuration: config, containerWidth: width)
            layout.columnRuns = mode
            layout.heightProvider = { path, _ in CGFloat(path.item % 13) * 7.25 }
            return layout
        }
        func differ(_ step: String) -> String? {
            let placements = layouts.map { Placement($0) }
            return placements.allSatisfy({ $0 == placements[1] }) ? nil : "\(step) differs (config \(config))"
        }
        for layout in layouts { layout.replaceAll(items: Array(items[..<split])) }
        if let problem = differ("build") { return problem }
        for page in pages {
            for layout in layouts { layout.appendItems(page) }
        }
        if let problem = differ("append") { return problem }
        for layout in layouts { layout.setContainerWidth(width + 31) }
        if let problem = differ("resize") { return problem }
        if let reflowAt {
            for layout in layouts { layout.updateHeight(of: ItemPath(section: 0, item: reflowAt), to: 55.5) }
            if let problem = differ("reflow") { return problem }
        }
        return nil
    }
}
