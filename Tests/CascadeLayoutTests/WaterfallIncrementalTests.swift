import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

/// Incremental updates give exactly the frames of a from-scratch layout of the same items
/// (with the columns that stable height changes keep), after random sequences of append,
/// insert, delete, move, height change and width change.
@Suite struct WaterfallIncrementalTests {
    /// The test's model of the layout: its items, and the columns pinned by stable height
    /// changes (for the items before the first item an update relayouts).
    struct Model {
        var sections: [[WaterfallItem]]
        var pinned: [ItemPath: Int] = [:]

        mutating func unpin(from path: ItemPath) {
            pinned = pinned.filter { $0.key < path }
        }
    }

    @Test func randomUpdateSequencesMatchFromScratchLayouts() {
        var rng = SeededGenerator(seed: 7)
        var failures = 0
        for sequence in 0..<400 {
            var config = RandomWaterfall.configuration(using: &rng)
            if Bool.random(using: &rng) { config.keepsColumnsOnHeightChange = true }
            var width = RandomWaterfall.width(using: &rng)
            var model = Model(sections: RandomWaterfall.sections(using: &rng, maxSections: 3, maxItems: 15))
            let layout = WaterfallLayout(configuration: config, containerWidth: width)
            layout.replaceAll(sections: model.sections)
            for step in 0..<25 {
                let operation = apply(randomOperationTo: layout, model: &model, width: &width, rng: &rng)
                let expected = ReferenceWaterfall.layout(
                    configuration: config, width: width, sections: model.sections, forcedColumns: model.pinned)
                let actual = WaterfallSnapshot.of(layout)
                let all = LayoutChecks.allElements(of: layout) { layout.pinnedHeaderFrame(section: $0, visibleTop: 0) }
                let height = max(1, layout.contentSize.height)
                let queriesMatch = (0..<2).allSatisfy { _ in
                    let rect = CGRect(
                        x: 0, y: CGFloat.random(in: -10...height, using: &rng), width: 1300,
                        height: CGFloat.random(in: 1...600, using: &rng))
                    let found = LayoutChecks.dictionary(layout.elements(in: rect, pinningHeadersTo: 0))
                    return found == LayoutChecks.bruteForceIDs(in: rect, elements: all)
                }
                if actual != expected || !queriesMatch || !LayoutChecks.waterfallViolations(layout).isEmpty {
                    failures += 1
                    if failures <= 3 {
                        let detail = "frames equal \(actual == expected), queries equal \(queriesMatch)"
                        Issue.record("sequence \(sequence) step \(step) after \(operation): \(detail)")
                    }
                    break
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func queriesStayEqualToBruteForceAfterStableShifts() {
        // Many items so that shifts cross whole 256-item blocks of the lanes.
        var config = WaterfallConfiguration(keepsColumnsOnHeightChange: true)
        config.section.footerHeight = 30
        let layout = WaterfallLayout(configuration: config, containerWidth: 375)
        var rng = SeededGenerator(seed: 99)
        var items = (0..<3000).map { index in
            index % 500 == 7
                ? WaterfallItem.height(80, fullSpan: true) : .height(CGFloat(Int.random(in: 40...300, using: &rng)))
        }
        layout.replaceAll(sections: [items, [.height(50)]])
        var pinned: [ItemPath: Int] = [:]
        for _ in 0..<40 {
            let index = Int.random(in: 0..<items.count, using: &rng)
            let full = items[index].spansAllColumns
            items[index] = .height(CGFloat(Int.random(in: 0...400, using: &rng)), fullSpan: full)
            for item in 0..<items.count {
                if let column = layout.column(of: ItemPath(section: 0, item: item)) {
                    pinned[ItemPath(section: 0, item: item)] = column
                }
            }
            layout.updateItem(items[index], at: ItemPath(section: 0, item: index))
            let expected = ReferenceWaterfall.layout(
                configuration: config, width: 375, sections: [items, [.height(50)]], forcedColumns: pinned)
            let same = WaterfallSnapshot.of(layout) == expected
            #expect(same, "item \(index) changed")
            let all = LayoutChecks.allElements(of: layout)
            let bottom = layout.contentSize.height
            // Random viewports, plus the bottom of the feed where shifts reach the lanes' ends.
            let tops = (0..<5).map { _ in CGFloat.random(in: 0...bottom, using: &rng) } + [bottom - 900, bottom - 300]
            for top in tops {
                let rect = CGRect(x: 0, y: top, width: 390, height: 844)
                let found = LayoutChecks.dictionary(layout.elements(in: rect))
                let equal = found == LayoutChecks.bruteForceIDs(in: rect, elements: all)
                #expect(equal, "query \(rect)")
            }
        }
    }

    @Test func transitionsReportInsertedAndDeletedFrames() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.appendItems([.height(100), .height(50), .height(70)])
        let before = layout.frame(for: .item(1))!
        let deletion = layout.deleteItems(at: [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 9)])
        #expect(deletion == LayoutTransition(deleted: [ItemPath(section: 0, item: 1): before]))
        let insertion = layout.insertItems([.height(20)], at: ItemPath(section: 0, item: 0))
        #expect(insertion.inserted == [ItemPath(section: 0, item: 0): layout.frame(for: .item(0))!])
        #expect(layout.lastTransition == insertion)
        let old = layout.frame(for: .item(2))!
        let move = layout.moveItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))
        #expect(move == LayoutTransition(moved: [ItemPath(section: 0, item: 0): old]))
        #expect(layout.moveItem(from: ItemPath(section: 4, item: 0), to: ItemPath(section: 0, item: 0)) == .none)
    }

    private func randomPath(_ model: Model, _ rng: inout SeededGenerator) -> ItemPath? {
        let candidates = model.sections.indices.filter { !model.sections[$0].isEmpty }
        guard let section = candidates.randomElement(using: &rng) else { return nil }
        return ItemPath(section: section, item: Int.random(in: 0..<model.sections[section].count, using: &rng))
    }

    /// Applies one random update to both the layout and the model; returns its description.
    private func apply(
        randomOperationTo layout: WaterfallLayout, model: inout Model, width: inout CGFloat,
        rng: inout SeededGenerator
    ) -> String {
        let sectionCount = model.sections.count
        switch Int.random(in: 0..<8, using: &rng) {
        case 0, 1:
            let items = (0..<Int.random(in: 0...6, using: &rng)).map { _ in RandomWaterfall.item(using: &rng) }
            let section = sectionCount == 0 ? 0 : Int.random(in: 0..<sectionCount, using: &rng)
            if sectionCount == 0 { model.sections = [[]] }
            // Appending nothing changes nothing; otherwise everything after the end of the
            // section is placed again.
            if !items.isEmpty { model.unpin(from: ItemPath(section: section, item: model.sections[section].count)) }
            model.sections[section] += items
            layout.appendItems(items, toSection: section)
            return "append \(items.count) to \(section)"
        case 2:
            guard sectionCount > 0 else { return "nothing" }
            let section = Int.random(in: 0..<sectionCount, using: &rng)
            let index = Int.random(in: 0...model.sections[section].count, using: &rng)
            let items = (0..<Int.random(in: 1...3, using: &rng)).map { _ in RandomWaterfall.item(using: &rng) }
            model.unpin(from: ItemPath(section: section, item: index))
            model.sections[section].insert(contentsOf: items, at: index)
            layout.insertItems(items, at: ItemPath(section: section, item: index))
            return "insert \(items.count) at \(section),\(index)"
        case 3:
            guard let path = randomPath(model, &rng) else { return "nothing" }
            model.unpin(from: path)
            model.sections[path.section].remove(at: path.item)
            layout.deleteItems(at: [path])
            return "delete \(path)"
        case 4:
            guard let source = randomPath(model, &rng), let target = randomPath(model, &rng) else { return "nothing" }
            let item = model.sections[source.section].remove(at: source.item)
            let index = min(target.item, model.sections[target.section].count)
            model.sections[target.section].insert(item, at: index)
            model.unpin(from: min(source, ItemPath(section: target.section, item: index)))
            layout.moveItem(from: source, to: target)
            return "move \(source) → \(target)"
        case 5, 6:
            guard let path = randomPath(model, &rng) else { return "nothing" }
            var item = RandomWaterfall.item(using: &rng)
            if Bool.random(using: &rng) {
                item.spansAllColumns = model.sections[path.section][path.item].spansAllColumns
            }
            let keepsSpan = item.spansAllColumns == model.sections[path.section][path.item].spansAllColumns
            let stable =
                layout.configuration.keepsColumnsOnHeightChange || layout.configuration.placement != .shortestColumn
            if keepsSpan && stable {
                for (s, items) in model.sections.enumerated() {
                    for k in items.indices {
                        if let column = layout.column(of: ItemPath(section: s, item: k)) {
                            model.pinned[ItemPath(section: s, item: k)] = column
                        }
                    }
                }
            } else {
                model.unpin(from: path)
            }
            model.sections[path.section][path.item] = item
            layout.updateItem(item, at: path)
            return "update \(path) to \(item)"
        default:
            width = RandomWaterfall.width(using: &rng)
            let changed = LayoutClamp.length(width) != layout.containerWidth
            if changed { model.pinned = [:] }
            layout.setContainerWidth(width)
            return "width \(width)"
        }
    }
}
