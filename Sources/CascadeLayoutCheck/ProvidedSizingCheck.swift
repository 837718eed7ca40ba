import CascadeLayout
import Foundation

/// Checks `.provided` sizing end to end: the same feed is built twice, once from `.provided`
/// items answered by a height provider and once from the provider's answers as fixed heights,
/// and every path that asks the provider (replace in place and into fresh storage, append,
/// insert, delete, update, width change, invalidation) must give identical frames.
///
/// It runs in the debug unit tests (`ProvidedSizingCheckTests`) and, built with
/// `-c release`, from `scripts/release-check.sh`: the release build is where a stale or
/// unchecked layout once crashed.
enum ProvidedSizingCheck {
    /// Runs every step with feeds of up to `scale` items; returns one line per difference.
    static func differences(scale: Int) -> [String] {
        var run = Run()
        let small = max(4, scale / 50)
        run.replaceAll(sections: [small / 4, small], seed: 1, step: "replaceAll into fresh storage")
        run.replaceAll(sections: [small / 4, small], seed: 2, step: "replaceAll in place")
        run.replaceAll(sections: [3, scale], seed: 3, step: "replaceAll, larger")
        run.replaceAll(sections: [3, scale - scale / 8], seed: 4, step: "replaceAll in place, smaller")
        run.append(count: small, step: "appendItems")
        run.setWidth(1024, step: "setContainerWidth")
        run.insert(count: 7, at: ItemPath(section: 1, item: small / 2), step: "insertItems")
        run.delete([ItemPath(section: 1, item: 1), ItemPath(section: 0, item: 0)], step: "deleteItems")
        run.update(at: ItemPath(section: 1, item: 3), step: "updateItem")
        run.invalidate(seed: 7, step: "invalidateProvidedHeights")
        run.setWidth(0, step: "setContainerWidth(0)")
        run.setWidth(375, step: "setContainerWidth after 0")
        run.replaceAll(sections: [], seed: 8, step: "replaceAll with nothing")
        return run.differences
    }

    /// A provider that calls back into its layout: must stop the process with a precondition
    /// failure naming the call. Never returns normally.
    static func reenter() {
        let layout = WaterfallLayout(containerWidth: 375)
        layout.heightProvider = { _, _ in CGFloat(layout.numberOfSections) }
        layout.replaceAll(items: [.provided(), .provided()])
    }

    /// The provider's answer: depends on the path, the seed and the width it was asked with, so
    /// an item that moves (insert, delete) must be asked again to match. The seed changes only
    /// where every item is asked again (replace, invalidate). Every 97th answer is garbage that
    /// the layout must clamp the same way as a fixed height.
    static func height(_ path: ItemPath, width: CGFloat, seed: Int) -> CGFloat {
        let mix = (path.item &* 7919 &+ path.section &* 31 &+ seed &* 104_729) & 0x7fff_ffff
        if mix % 97 == 0 { return mix % 2 == 0 ? .nan : -.infinity }
        return CGFloat(40 + mix % 300) + (width * 0.25).rounded()
    }

    /// The two layouts and the shape of their content.
    private struct Run {
        let provided: WaterfallLayout
        let fixed: WaterfallLayout
        /// Per section, per item: whether it spans all columns.
        var spans: [[Bool]] = []
        var differences: [String] = []
        /// Paths the provider was asked for since the last check, with the width asked.
        let asked = AskLog()
        /// The seed the provider answers with.
        let seedBox = SeedBox()

        init() {
            let style = WaterfallSectionStyle(columns: .adaptive(minimumWidth: 170), footerHeight: 56)
            let configuration = WaterfallConfiguration(section: style, displayScale: 2)
            provided = WaterfallLayout(configuration: configuration, containerWidth: 375)
            fixed = WaterfallLayout(configuration: configuration, containerWidth: 375)
            let (asked, seedBox) = (asked, seedBox)
            provided.heightProvider = { path, width in
                asked.paths[path] = width
                return ProvidedSizingCheck.height(path, width: width, seed: seedBox.seed)
            }
        }

        static func spanPattern(count: Int, section: Int) -> [Bool] {
            (0..<count).map { ($0 + section) % 23 == 5 }
        }

        mutating func replaceAll(sections counts: [Int], seed: Int, step: String) {
            seedBox.seed = seed
            spans = counts.enumerated().map { Self.spanPattern(count: $1, section: $0) }
            provided.replaceAll(sections: spans.map { $0.map { WaterfallItem.provided(fullSpan: $0) } })
            compare(step, askedEveryItem: true)
        }

        mutating func append(count: Int, step: String) {
            let section = spans.count - 1
            let new = Self.spanPattern(count: count, section: section + 1)
            spans[section] += new
            provided.appendItems(new.map { WaterfallItem.provided(fullSpan: $0) }, toSection: section)
            compare(step, askedEveryItem: false)
        }

        mutating func insert(count: Int, at path: ItemPath, step: String) {
            let new = Self.spanPattern(count: count, section: 7)
            spans[path.section].insert(contentsOf: new, at: path.item)
            provided.insertItems(new.map { WaterfallItem.provided(fullSpan: $0) }, at: path)
            compare(step, askedEveryItem: false)
        }

        mutating func delete(_ paths: [ItemPath], step: String) {
            for path in paths.sorted(by: >) { spans[path.section].remove(at: path.item) }
            provided.deleteItems(at: paths)
            compare(step, askedEveryItem: false)
        }

        mutating func update(at path: ItemPath, step: String) {
            spans[path.section][path.item].toggle()
            provided.updateItem(.provided(fullSpan: spans[path.section][path.item]), at: path)
            compare(step, askedEveryItem: false)
        }

        mutating func invalidate(seed: Int, step: String) {
            seedBox.seed = seed
            provided.invalidateProvidedHeights()
            compare(step, askedEveryItem: true)
        }

        mutating func setWidth(_ width: CGFloat, step: String) {
            provided.setContainerWidth(width)
            fixed.setContainerWidth(width)
            compare(step, askedEveryItem: true)
        }

        /// Rebuilds the fixed twin from the provider's answers at each item's frame width, then
        /// compares every frame and the content size.
        mutating func compare(_ step: String, askedEveryItem: Bool) {
            let total = spans.reduce(0) { $0 + $1.count }
            if askedEveryItem, asked.paths.count != total {
                differences.append("\(step): provider asked for \(asked.paths.count) of \(total) items")
            }
            var sections: [[WaterfallItem]] = []
            for (section, items) in spans.enumerated() {
                sections.append(
                    items.indices.map { item in
                        let path = ItemPath(section: section, item: item)
                        let width = provided.frame(for: .item(item, section: section))?.width ?? -1
                        if let askedWidth = asked.paths[path], askedWidth != width {
                            differences.append(
                                "\(step): \(path) asked with width \(askedWidth), frame is \(width) wide")
                        }
                        let height = ProvidedSizingCheck.height(path, width: width, seed: seedBox.seed)
                        return .height(height, fullSpan: items[item])
                    })
            }
            asked.paths.removeAll()
            fixed.replaceAll(sections: sections)
            let everything = CGRect(x: -1, y: -1, width: 1e7, height: 1e12)
            let left = provided.elements(in: everything)
            let right = Dictionary(fixed.elements(in: everything).map { ($0.id, $0) }) { first, _ in first }
            if provided.contentSize != fixed.contentSize {
                differences.append("\(step): content size \(provided.contentSize) ≠ \(fixed.contentSize)")
            }
            if left.count != right.count || left.count < total {
                differences.append("\(step): \(left.count) elements ≠ \(right.count), \(total) items")
            }
            for element in left where right[element.id] != element {
                differences.append("\(step): \(element) ≠ \(String(describing: right[element.id]))")
                if differences.count > 20 { return }
            }
        }
    }

    /// What the provider was asked (a class: the provider closure and the run share it).
    final class AskLog {
        var paths: [ItemPath: CGFloat] = [:]
    }

    /// The seed the provider answers with (shared like `AskLog`).
    final class SeedBox {
        var seed = 0
    }
}
