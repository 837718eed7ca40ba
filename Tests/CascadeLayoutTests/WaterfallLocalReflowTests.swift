import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

/// A height change with stable columns (`keepsColumnsOnHeightChange`) reflows only what moved:
/// the items below the changed one in its column, up to the next full-width item, move by the
/// change; the other columns stay; everything from that full-width item on moves by one common
/// amount (the change of the band's bottom). The frames equal a from-scratch layout that keeps
/// the same columns.
@Suite struct WaterfallLocalReflowTests {
    @Test(arguments: 0..<4)
    func aHeightChangeMovesOnlyTheItemsBelowItInItsColumn(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 4200 + seed)
        for round in 0..<50 {
            let columns = Int.random(in: 1...5, using: &rng)
            var config = WaterfallConfiguration(
                section: WaterfallSectionStyle(
                    columns: .fixed(columns), footerHeight: Bool.random(using: &rng) ? 44 : 0),
                keepsColumnsOnHeightChange: true, displayScale: 1)
            config.direction = Bool.random(using: &rng) ? .leftToRight : .rightToLeft
            let count = Int.random(in: 1...700, using: &rng)
            var items = (0..<count).map { _ in
                WaterfallItem.height(
                    CGFloat(Int.random(in: 20...400, using: &rng)), fullSpan: Int.random(in: 0..<60, using: &rng) == 0)
            }
            let layout = WaterfallLayout(configuration: config, containerWidth: 390)
            layout.replaceAll(items: items)
            let before = WaterfallSnapshot.of(layout)
            var pinned: [ItemPath: Int] = [:]
            for (index, column) in before.columns[0].enumerated() {
                if let column { pinned[ItemPath(section: 0, item: index)] = column }
            }

            let changed = Int.random(in: 0..<count, using: &rng)
            let height = CGFloat(Int.random(in: 0...500, using: &rng))
            let spans = items[changed].spansAllColumns
            items[changed] = .height(height, fullSpan: spans)
            layout.updateHeight(of: ItemPath(section: 0, item: changed), to: height)
            let after = WaterfallSnapshot.of(layout)

            let expected = ReferenceWaterfall.layout(
                configuration: config, width: 390, sections: [items], forcedColumns: pinned)
            #expect(after == expected, "round \(round): not the from-scratch layout with the same columns")
            #expect(after.columns == before.columns, "round \(round): an item changed column")

            let old = before.items[0]
            let new = after.items[0]
            let delta = new[changed].height - old[changed].height
            // The band: from the previous full-width item to the next one.
            let bandStart = (0..<changed).last { items[$0].spansAllColumns }.map { $0 + 1 } ?? 0
            let bandEnd = spans ? changed + 1 : ((changed + 1)..<count).first { items[$0].spansAllColumns } ?? count
            let bandBottom = { (frames: [CGRect]) in (bandStart..<bandEnd).map { frames[$0].maxY }.max() ?? 0 }
            let shift = spans ? delta : bandBottom(new) - bandBottom(old)
            for index in 0..<count {
                let moved = new[index].minY - old[index].minY
                let expectedMove: CGFloat
                if index <= changed {
                    expectedMove = 0
                } else if index < bandEnd {
                    expectedMove = before.columns[0][index] == before.columns[0][changed] ? delta : 0
                } else {
                    expectedMove = shift
                }
                #expect(
                    abs(moved - expectedMove) < 1e-6 && new[index].minX == old[index].minX
                        && (index == changed || new[index].size == old[index].size),
                    "round \(round): item \(index) moved \(moved), not \(expectedMove) (changed \(changed))")
            }
        }
    }
}
