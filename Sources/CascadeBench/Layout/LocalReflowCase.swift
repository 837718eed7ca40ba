import CascadeLayout
import Foundation

/// `layout waterfall.heightchange_local`: one item's new height in a 100,000-item feed with
/// stable columns (a title measured to need another line), against `full-relayout`, the same
/// layout placing all n items again. Ours shifts only what moved: the items after the changed
/// one in its column, by whole 256-item blocks, and the band bottoms; the near-start and
/// near-end figures show the cost following the items after it.
struct LocalReflowCase {
    let n = 100_000
    let columns: Int
    let width: CGFloat = 390

    func run() -> [BenchLine] {
        var rng = BenchRandom(seed: 0x5EED + UInt64(columns))
        var items = (0..<n).map { _ in WaterfallItem.size(CGSize(width: 720, height: CGFloat(400 + rng.next() % 900))) }
        var configuration = WaterfallConfiguration()
        configuration.section.columns = .fixed(columns)
        configuration.keepsColumnsOnHeightChange = true
        let layout = WaterfallLayout(configuration: configuration, containerWidth: width)
        layout.replaceAll(items: items)

        // Each change is undone by the next (two heights alternate), so every run changes the
        // same layout by the same amount.
        let repeats = 200
        func local(at index: Int) -> Double {
            let path = ItemPath(section: 0, item: index)
            var flip = false
            return BenchClock.best(runs: 5, clock: .threadCPU) {
                for _ in 0..<repeats {
                    flip.toggle()
                    layout.updateHeight(of: path, to: flip ? 150 : 300)
                }
            } / Double(repeats)
        }
        let middle = local(at: n / 2)
        let nearStart = local(at: n / 100)
        let nearEnd = local(at: n - n / 100)

        // The full relayout of the same change: every item placed again.
        items[n / 2] = .height(150)
        let full = BenchClock.best(runs: 5, clock: .threadCPU) { layout.replaceAll(items: items) }
        blackHole(layout.contentSize)
        return [
            .ratio(
                suite: "layout", name: "waterfall.heightchange_local", n: n, oursNs: middle, baseline: "full-relayout",
                baselineNs: full, target: 100,
                extra: ["columns": Double(columns), "near_start_ns": nearStart, "near_end_ns": nearEnd])
        ]
    }
}
