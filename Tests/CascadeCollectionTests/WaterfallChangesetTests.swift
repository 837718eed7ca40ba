import CascadeCollection
import CascadeLayout
import CascadeTestSupport
import Foundation
import Testing

@Suite struct WaterfallChangesetTests {
    private func item(for id: Int, version: Int = 0) -> WaterfallItem {
        .height(CGFloat(60 + (id * 37 + version * 11) % 140))
    }

    private func frames(_ layout: WaterfallLayout) -> [CGRect?] {
        (0..<layout.numberOfSections).flatMap { section in
            (0..<layout.numberOfItems(inSection: section)).map { layout.frame(for: .item($0, section: section)) }
        }
    }

    @Test(arguments: 0..<25)
    func applyingAChangesetEqualsLayingOutFromScratch(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 77)
        let oldIDs = Array(0..<Int.random(in: 0...80, using: &random))
        // Half the seeds append a page (the load-more case), half make random edits.
        let newIDs =
            seed % 2 == 0
            ? oldIDs + Array(1_000..<1_000 + Int.random(in: 1...10, using: &random))
            : RandomEdits.edit(oldIDs, using: &random, edits: Int.random(in: 0...6, using: &random))
        let reloaded = Set(newIDs.filter { _ in Int.random(in: 0..<10, using: &random) == 0 })
        let versions = newIDs.map { reloaded.contains($0) ? 1 : 0 }
        let old = CollectionSnapshot<Int, Int>(section: 0, items: oldIDs)
        let new = CollectionSnapshot<Int, Int>(section: 0, items: newIDs, versions: versions)
        let newItems = zip(newIDs, versions).map { item(for: $0, version: $1) }

        let layout = WaterfallLayout(containerWidth: 375)
        layout.replaceAll(items: oldIDs.map { item(for: $0) })
        layout.apply(old.changeset(to: new), newSections: [newItems])
        let scratch = WaterfallLayout(containerWidth: 375)
        scratch.replaceAll(items: newItems)
        #expect(frames(layout) == frames(scratch), "seed \(seed)")
        #expect(layout.contentSize == scratch.contentSize)
    }
}
