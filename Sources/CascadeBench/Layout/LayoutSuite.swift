import CascadeLayout
import Foundation

/// `cascade-bench layout`: WaterfallLayout against `cht-port`, `seed-port` and `write-floor`
/// at n = 1,000,000 items (100,000 with --quick), and a stable height change against a full
/// relayout at 100,000 items, for 2 and 5 columns.
struct LayoutSuite: BenchSuite {
    let name = "layout"

    func run(quick: Bool) -> [BenchLine] {
        let n = quick ? 100_000 : 1_000_000
        var lines: [BenchLine] = []
        for columns in [2, 5] {
            lines += WaterfallCases(n: n, columns: columns).run()
            lines += LocalReflowCase(columns: columns).run()
        }
        return lines
    }
}

/// The waterfall cases for one column count.
private struct WaterfallCases {
    let n: Int
    let columns: Int
    let sizes: [CGSize]
    let items: [WaterfallItem]
    let viewport = CGSize(width: 390, height: 844)

    init(n: Int, columns: Int) {
        self.n = n
        self.columns = columns
        var rng = BenchRandom(seed: 0xFEED + UInt64(columns))
        // Cover sizes like the feed's: 720 wide, portrait to landscape.
        sizes = (0..<n).map { _ in CGSize(width: 720, height: CGFloat(400 + rng.next() % 900)) }
        items = sizes.map { WaterfallItem.size($0) }
    }

    func line(_ name: String, ours: Double, baseline: String, _ baselineNs: Double, target: Double) -> BenchLine {
        .ratio(
            suite: "layout", name: name, n: n, oursNs: ours, baseline: baseline, baselineNs: baselineNs, target: target,
            extra: ["columns": Double(columns)])
    }

    var configuration: WaterfallConfiguration {
        var config = WaterfallConfiguration()
        config.section.columns = .fixed(columns)
        return config
    }

    func run() -> [BenchLine] {
        var lines: [BenchLine] = []
        let width = viewport.width
        let layout = WaterfallLayout(configuration: configuration, containerWidth: width)

        // build: ours and the write floor in alternating blocks (floor, ours, floor, ours), each
        // block an untimed warm-up and 5 timed runs, best of the 10: both are measured in the
        // same stretches of the process (the first block of each right after start-up, when
        // a run can be slower, the second after both warmed up) instead of ours first and the
        // floor about a second later.
        let floorCopy = WriteFloor(n: n, columns: columns)
        defer { floorCopy.deallocate() }
        var ours = Double.infinity
        var floor = Double.infinity
        for _ in 0..<2 {
            floor = min(floor, floorCopy.best(runs: 5))
            ours = min(ours, BenchClock.best(runs: 5, clock: .threadCPU) { layout.replaceAll(items: items) })
        }
        var cht = CHTPortLayout()
        cht.columnCount = columns
        let chtBuild = BenchClock.best(runs: 3, clock: .threadCPU) {
            cht.prepare(width: width, itemCounts: [n]) { sizes[$0.item] }
        }
        lines.append(line("waterfall.build", ours: ours, baseline: "cht-port", chtBuild, target: 2))
        lines.append(line("waterfall.build", ours: ours, baseline: "write-floor", floor, target: 0.35))

        // append20: a page of 20 items on top of n.
        let page = Array(items[0..<20])
        let append = BenchClock.best(runs: 20, clock: .threadCPU) { layout.appendItems(page) }
        let chtAppend = BenchClock.best(runs: 3, clock: .threadCPU) {
            cht.prepare(width: width, itemCounts: [n + 20]) { sizes[$0.item % n] }
        }
        lines.append(line("waterfall.append20", ours: append, baseline: "cht-port", chtAppend, target: 1000))
        layout.replaceAll(items: items)
        cht.prepare(width: width, itemCounts: [n]) { sizes[$0.item] }

        // query: a 390×844 viewport at random offsets.
        lines += queryLines(layout: layout, cht: cht)

        // resize: width changes relayout everything reusing cached sizes.
        var toggle = false
        let resize = BenchClock.best(runs: 3, clock: .threadCPU) {
            toggle.toggle()
            layout.setContainerWidth(toggle ? 375 : 390)
        }
        let chtResize = BenchClock.best(runs: 3, clock: .threadCPU) {
            toggle.toggle()
            cht.prepare(width: toggle ? 375 : 390, itemCounts: [n]) { sizes[$0.item] }
        }
        lines.append(line("waterfall.resize", ours: resize, baseline: "cht-port", chtResize, target: 1.5))
        layout.setContainerWidth(width)

        // heightchange: one item in the middle, stable columns (what the app uses) and the
        // shortest-column reflow.
        var stableConfig = configuration
        stableConfig.keepsColumnsOnHeightChange = true
        let stable = WaterfallLayout(configuration: stableConfig, containerWidth: width)
        stable.replaceAll(items: items)
        let middle = ItemPath(section: 0, item: n / 2)
        var flip = false
        let repeats = 200
        let heightChange =
            BenchClock.best(runs: 3, clock: .threadCPU) {
                for _ in 0..<repeats {
                    flip.toggle()
                    stable.updateHeight(of: middle, to: flip ? 150 : 300)
                }
            } / Double(repeats)
        let chtHeight = BenchClock.best(runs: 3, clock: .threadCPU) {
            cht.prepare(width: width, itemCounts: [n]) {
                $0.item == n / 2 ? CGSize(width: 720, height: 500) : sizes[$0.item]
            }
        }
        lines.append(line("waterfall.heightchange", ours: heightChange, baseline: "cht-port", chtHeight, target: 100))
        let reflow = BenchClock.best(runs: 3, clock: .threadCPU) {
            flip.toggle()
            layout.updateHeight(of: middle, to: flip ? 150 : 300)
        }
        lines.append(line("waterfall.heightchange_reflow", ours: reflow, baseline: "cht-port", chtHeight, target: 1))

        layout.replaceAll(items: items)
        lines.append(
            .value(
                suite: "layout", name: "waterfall.bytes_per_item", n: n, value: layout.bytesPerItem, unit: "bytes",
                max: 48, min: nil))
        return lines
    }

    private func queryLines(layout: WaterfallLayout, cht: CHTPortLayout) -> [BenchLine] {
        var rng = BenchRandom(seed: 17)
        let maxOffset = max(1, layout.contentSize.height - viewport.height)
        let rects = (0..<1000).map { _ in
            CGRect(
                origin: CGPoint(x: 0, y: CGFloat(rng.next() % UInt64(maxOffset))), size: viewport)
        }
        var found = 0
        let ours =
            BenchClock.best(runs: 3, clock: .threadCPU) {
                for rect in rects { found &+= layout.elements(in: rect).count }
            } / Double(rects.count)
        let chtRects = Array(rects.prefix(100))
        let chtQuery =
            BenchClock.best(runs: 3, clock: .threadCPU) {
                for rect in chtRects { found &+= cht.attributes(in: rect).count }
            } / Double(chtRects.count)
        var seed = SeedPortLayout()
        seed.columnCount = columns
        seed.prepare(width: viewport.width, count: n) { sizes[$0].height / sizes[$0].width }
        let seedRects = Array(rects.prefix(3))
        let seedQuery =
            BenchClock.best(runs: 2, clock: .threadCPU) {
                for rect in seedRects { found &+= seed.visibleAttributes(in: rect).count }
            } / Double(seedRects.count)
        blackHole(found)
        return [
            line("waterfall.query", ours: ours, baseline: "cht-port", chtQuery, target: 10),
            line("waterfall.query", ours: ours, baseline: "seed-port", seedQuery, target: 1000),
        ]
    }

}

/// `write-floor`: writing n precomputed frames into preallocated storage (allocated and
/// touched before any timing).
private struct WriteFloor {
    let frames: [CGRect]
    let storage: UnsafeMutableBufferPointer<CGRect>

    init(n: Int, columns: Int) {
        frames = (0..<n).map { CGRect(x: Double($0 % columns) * 100, y: Double($0), width: 100, height: 100) }
        storage = UnsafeMutableBufferPointer<CGRect>.allocate(capacity: n)
        storage.initialize(repeating: .zero)
    }

    /// Best of `runs` copies (thread CPU time), after an untimed one.
    func best(runs: Int) -> Double {
        BenchClock.best(runs: runs, clock: .threadCPU) {
            frames.withUnsafeBufferPointer { source in
                for index in 0..<source.count { storage[index] = source[index] }
            }
            blackHole(storage[storage.count / 2])
        }
    }

    func deallocate() { storage.deallocate() }
}
