import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeLayout

/// The shortest-column runs (the integer-keyed run and the floating-point loop) place every
/// item bit for bit as `placeItems`' general path does, over seeded random feeds: 1...9
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
    }

    static let modes: [WaterfallLayout.ColumnRunMode] = [.keyed, .floating, .none]

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
        #expect(placements[0] == placements[2])
        #expect(placements[1] == placements[2])
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
                    columnPixels: width * scale, maximumUnits: Int64(1_000_000 * scale), inverseScale: 1 / scale)
                let units = aspect.units(sizeValue: ratio)
                let expected = WaterfallLayout.RunSizing.aspectHeight(
                    sizeValue: ratio, columnWidth: width, scale: scale, inverseScale: 1 / scale)
                #expect(Float(Double(units) / scale) == expected, "width \(width) ratio \(ratio) scale \(scale)")
                #expect(Double(expected) * scale == Double(units), "width \(width) ratio \(ratio) scale \(scale)")
            }
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
            return placements.allSatisfy({ $0 == placements[2] }) ? nil : "\(step) differs (config \(config))"
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
