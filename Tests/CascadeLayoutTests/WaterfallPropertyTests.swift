import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

/// Invariants over seeded random configurations: the engine equals the reference oracle (which
/// encodes the placement rules), frames are finite and inside the content, columns have equal
/// widths and never overlap, and rect queries equal a brute-force scan.
@Suite struct WaterfallPropertyTests {
    static let configurations = 10_000

    @Test func randomConfigurationsHoldTheInvariants() {
        var rng = SeededGenerator(seed: 0xCA5C_ADE)
        var failures = 0
        for index in 0..<Self.configurations {
            let seed = rng.next()
            var local = SeededGenerator(seed: seed)
            let problems = check(using: &local)
            if !problems.isEmpty {
                failures += 1
                if failures <= 5 { Issue.record("config \(index) seed \(seed): \(problems.prefix(4))") }
            }
        }
        #expect(failures == 0)
    }

    @Test func shortestColumnRuleHolds() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            var config = RandomWaterfall.configuration(using: &rng)
            config.placement = .shortestColumn
            config.flow = .classic
            let sections = RandomWaterfall.sections(using: &rng, maxSections: 2, maxItems: 20)
            let layout = WaterfallLayout(configuration: config, containerWidth: RandomWaterfall.width(using: &rng))
            layout.replaceAll(sections: sections)
            for s in 0..<layout.numberOfSections {
                // Rebuild the column bottoms from the frames and check each item took the
                // shortest column (ties leftmost) at the time it was placed.
                var next: [CGFloat]? = nil
                for k in 0..<layout.numberOfItems(inSection: s) {
                    let path = ItemPath(section: s, item: k)
                    let frame = layout.frame(for: .item(k, section: s))!
                    guard let column = layout.column(of: path) else {
                        next = Array(
                            repeating: frame.maxY + config.style(forSection: s).rowSpacing.nanToZero,
                            count: layout.columnCount(inSection: s))
                        continue
                    }
                    var columns = next ?? Array(repeating: frame.minY, count: layout.columnCount(inSection: s))
                    if next == nil {
                        // The first item of a band sits at the band top, which every column shares.
                        columns = Array(repeating: frame.minY, count: layout.columnCount(inSection: s))
                    }
                    #expect(columns[column] == frame.minY, "\(path)")
                    #expect(columns[..<column].allSatisfy { $0 > frame.minY }, "\(path) not leftmost shortest")
                    #expect(columns[column...].allSatisfy { $0 >= frame.minY }, "\(path) not shortest")
                    columns[column] = frame.maxY + config.style(forSection: s).rowSpacing.nanToZero
                    next = columns
                }
            }
        }
    }

    private func check(using rng: inout SeededGenerator) -> [String] {
        let config = RandomWaterfall.configuration(using: &rng)
        let width = RandomWaterfall.width(using: &rng)
        let sections = RandomWaterfall.sections(using: &rng)
        let layout = WaterfallLayout(configuration: config, containerWidth: width)
        layout.replaceAll(sections: sections)
        var problems = LayoutChecks.waterfallViolations(layout)
        let expected = ReferenceWaterfall.layout(configuration: config, width: width, sections: sections)
        if WaterfallSnapshot.of(layout) != expected { problems.append("differs from the reference layout") }
        let height = layout.contentSize.height
        for _ in 0..<3 {
            let rect = CGRect(
                x: CGFloat.random(in: -50...400, using: &rng), y: CGFloat.random(in: -100...(height + 50), using: &rng),
                width: CGFloat.random(in: 0...500, using: &rng), height: CGFloat.random(in: 0...900, using: &rng))
            let top = Bool.random(using: &rng) ? rect.minY : CGFloat.random(in: 0...max(1, height), using: &rng)
            let all = LayoutChecks.allElements(of: layout) { layout.pinnedHeaderFrame(section: $0, visibleTop: top) }
            let brute = LayoutChecks.bruteForceIDs(in: rect, elements: all)
            guard let found = LayoutChecks.dictionary(layout.elements(in: rect, pinningHeadersTo: top)) else {
                problems.append("duplicate element in \(rect)")
                continue
            }
            if found != brute { problems.append("query \(rect) top \(top): \(found.count) vs brute \(brute.count)") }
        }
        return problems
    }
}

extension CGFloat {
    fileprivate var nanToZero: CGFloat { isFinite && self > 0 ? self : 0 }
}
