import CascadeCollection
import CascadeLayout
import CascadeNumerics
import Foundation

/// `cascade-bench collection`: the headless collection view's per-frame cost, diff cost and
/// cell bound.
struct CollectionSuite: BenchSuite {
    let name = "collection"

    /// The screen of the simulated device (a phone-sized feed).
    static let screen = CGSize(width: 400, height: 800)

    func run(quick: Bool) -> [BenchLine] {
        frameLines(n: quick ? 100_000 : 1_000_000) + [diffLine(n: 100_000), refreshDiffLine(n: 10_000)]
    }

    // MARK: collection.frame and collection.live_cells

    /// Cover aspect ratios (height / width) of the simulated feed: 0.75 ... 1.8.
    static let aspectRange = 0.75...1.8

    /// The reference feed: a 2-column `WaterfallLayout` (insets and spacing 10) of `n` covers
    /// with seeded aspect ratios, 400 pt wide.
    private func makeLayout(n: Int) -> WaterfallLayout {
        var random = BenchRandom(seed: 5)
        let span = Self.aspectRange.upperBound - Self.aspectRange.lowerBound
        let items = (0..<n).map { _ in
            let aspect = Self.aspectRange.lowerBound + span * Double(random.next() % 10_000) / 10_000
            return WaterfallItem.size(CGSize(width: 100, height: 100 * aspect))
        }
        let layout = WaterfallLayout(containerWidth: Self.screen.width)
        layout.replaceAll(items: items)
        return layout
    }

    /// Offsets of a fling: a fast flick (12,000 pt/s, UIScrollView's normal rate) sampled at
    /// 60 fps from the middle of the feed, and the same flick back.
    private func flingOffsets(layout: WaterfallLayout) -> [CGFloat] {
        let start = Double(layout.contentSize.height) / 2
        var offsets: [CGFloat] = []
        for velocity in [12_000.0, -12_000.0] {
            let glide = DecelerationModel(offset: offsets.last.map(Double.init) ?? start, velocity: velocity)
            var t = 0.0
            while t < glide.duration() {
                offsets.append(CGFloat(glide.offset(at: t)))
                t += 1.0 / 60
            }
        }
        return offsets
    }

    private func frameLines(n: Int) -> [BenchLine] {
        let layout = makeLayout(n: n)
        let offsets = flingOffsets(layout: layout)
        let rects = offsets.map { CGRect(origin: CGPoint(x: 0, y: $0), size: Self.screen) }

        // Ours: one CollectionViewport step per frame. Baseline: the same steps by scanning
        // every frame; its cost does not depend on the step, so it runs on every 4th frame
        // to keep the run short. Rounds alternate so load spikes hit both alike; each keeps
        // its best round.
        let all = (0..<n).map { layout.frame(for: .item($0)) ?? .zero }
        let baselineRects = stride(from: 0, to: rects.count, by: 4).map { rects[$0] }
        var ours = Double.infinity
        var baseline = Double.infinity
        for _ in 0..<5 {
            // Our fling takes ~1.5 ms, the baseline's ~0.6 s: ours gets more rounds so one
            // preemption does not decide its figure.
            for _ in 0..<8 {
                let viewport = CollectionViewport(layout: layout)
                viewport.setVisibleRect(rects[0])
                let oursRun = BenchClock.best(runs: 1, warmup: false) {
                    for rect in rects.dropFirst() { blackHole(viewport.setVisibleRect(rect)) }
                }
                ours = min(ours, oursRun / Double(rects.count - 1))
            }
            let naive = NaiveScanViewport(frames: all)
            _ = naive.step(baselineRects[0])
            let baselineRun = BenchClock.best(runs: 1, warmup: false) {
                for rect in baselineRects.dropFirst() { blackHole(naive.step(rect)) }
            }
            baseline = min(baseline, baselineRun / Double(baselineRects.count - 1))
        }

        // Per-frame distribution: each step timed on its own (includes ~2 clock reads, about
        // 150 ns here); the run with the lowest total is kept.
        var perFrame: [Double] = []
        for _ in 0..<8 {
            let viewport = CollectionViewport(layout: layout)
            viewport.setVisibleRect(rects[0])
            var times: [Double] = []
            times.reserveCapacity(rects.count)
            for rect in rects.dropFirst() {
                let start = BenchClock.now()
                let update = viewport.setVisibleRect(rect)
                times.append(Double(BenchClock.now() - start))
                blackHole(update)
            }
            if perFrame.isEmpty || times.reduce(0, +) < perFrame.reduce(0, +) { perFrame = times }
        }
        let frames = Double(rects.count - 1)
        perFrame.sort()
        let p50 = perFrame[perFrame.count / 2]
        let p99 = perFrame[min(perFrame.count - 1, Int(saturating: Double(perFrame.count) * 0.99))]

        // Live cells over the same fling, with a host recycling cells through a reuse pool.
        final class Cell {}
        let viewport = CollectionViewport(layout: layout)
        let recycler = CellRecycler<Cell>()
        var maxLive = 0
        for rect in rects {
            recycler.apply(viewport.setVisibleRect(rect), make: { _ in Cell() }, bind: { _, _ in })
            maxLive = max(maxLive, recycler.liveCellCount)
        }
        // A screen plus the window (1 screen ahead + 0.5 behind) spans 2.5 screens = 2,000 pt.
        // The shortest item is 0.75 × the 185 pt column = 139 pt, so with 10 pt row spacing a
        // column shows at most ceil(2000 / 149) + 1 = 15 items: 30 for 2 columns.
        let columnWidth = layout.frame(for: .item(0))?.width ?? 0
        let pitch = columnWidth * Self.aspectRange.lowerBound + 10
        let windowLength = Self.screen.height * 2.5
        let bound = Double(2 * (Int(saturating: (windowLength / pitch).rounded(.up)) + 1))

        return [
            .ratio(
                suite: name, name: "frame", n: n, oursNs: ours, baseline: "naive-scan",
                baselineNs: baseline, target: frameTarget(n: n),
                extra: ["p50_ns": p50, "p99_ns": p99, "frames": frames]),
            .value(suite: name, name: "live_cells", n: n, value: Double(maxLive), unit: "cells", max: bound, min: nil),
        ]
    }

    /// 1000 at 1,000,000 items (the figure of record). The baseline scans every frame, so the
    /// reachable ratio shrinks with n while our cost does not: at `--quick`'s 100,000 items it
    /// is 10× smaller, and another ~2× smaller because 100,000 frames (3.2 MB) stay in cache
    /// and scan faster per frame, so the quick smoke test asks for 50.
    private func frameTarget(n: Int) -> Double { n >= 1_000_000 ? 1000 : 50 }

    // MARK: collection.diff

    /// `diff.refresh`: a pull-to-refresh landing on a feed of n items: 1 % new items at the top,
    /// 1 % of the old ones gone (seeded), the rest in order. Ours is what the host pays: build
    /// the new snapshot, then diff it against the shown one; against `hash-floor`.
    private func refreshDiffLine(n: Int) -> BenchLine {
        var random = BenchRandom(seed: 23)
        let oldIDs = Array(0..<n)
        var kept = oldIDs
        for _ in 0..<(n / 100) { kept.remove(at: Int(random.next() % UInt64(kept.count))) }
        let newIDs = Array(n..<(n + n / 100)) + kept
        let old = CollectionSnapshot<Int, Int>(section: 0, items: oldIDs)
        let new = CollectionSnapshot<Int, Int>(section: 0, items: newIDs)
        var changes = 0
        var best = [Double](repeating: .infinity, count: 3)
        let contenders: [() -> Void] = [
            {
                let fresh = CollectionSnapshot<Int, Int>(section: 0, items: newIDs)
                let changeset = old.changeset(to: fresh)
                changes = changeset.items.count
                blackHole(changeset)
            },
            { blackHole(old.changeset(to: new)) },
            {
                var index: [Int: Int] = [:]
                index.reserveCapacity(n)
                for (position, id) in newIDs.enumerated() { index[id] = position }
                blackHole(index)
            },
        ]
        // Short runs (about 0.1 ms): many interleaved rounds, each contender keeping its best.
        for _ in 0..<200 {
            for (slot, body) in contenders.enumerated() {
                best[slot] = min(best[slot], BenchClock.best(runs: 1, warmup: false, clock: .threadCPU, body))
            }
        }
        return .ratio(
            suite: name, name: "diff.refresh", n: n, oursNs: best[0], baseline: "hash-floor", baselineNs: best[2],
            target: 0.5, extra: ["diff_only_ns": best[1], "changes": Double(changes)])
    }

    private func diffLine(n: Int) -> BenchLine {
        var random = BenchRandom(seed: 17)
        let oldIDs = Array(0..<n)
        var newIDs = oldIDs
        let edits = n / 100
        for _ in 0..<edits { newIDs.remove(at: Int(random.next() % UInt64(newIDs.count))) }
        for index in 0..<edits { newIDs.insert(n + index, at: Int(random.next() % UInt64(newIDs.count + 1))) }
        for _ in 0..<edits {
            let value = newIDs.remove(at: Int(random.next() % UInt64(newIDs.count)))
            newIDs.insert(value, at: Int(random.next() % UInt64(newIDs.count + 1)))
        }
        let old = CollectionSnapshot<Int, Int>(section: 0, items: oldIDs)

        // The four measurements are interleaved, round after round, and each keeps its best
        // round: on a shared machine a load spike then hits every contender alike.
        let new = CollectionSnapshot<Int, Int>(section: 0, items: newIDs)
        var changes = 0
        var best = [Double](repeating: .infinity, count: 4)
        let contenders: [() -> Void] = [
            {
                // Ours: what a host pays when new data arrives — build the snapshot, then diff.
                let fresh = CollectionSnapshot<Int, Int>(section: 0, items: newIDs)
                let changeset = old.changeset(to: fresh)
                changes = changeset.items.count
                blackHole(changeset)
            },
            { blackHole(old.changeset(to: new)) },
            { blackHole(ListDiff.changeset(from: oldIDs, to: newIDs)) },
            {
                // Baseline hash-floor: the floor of any hashing diff — one Dictionary of the ids.
                var index: [Int: Int] = [:]
                index.reserveCapacity(n)
                for (position, id) in newIDs.enumerated() { index[id] = position }
                blackHole(index)
            },
        ]
        for _ in 0..<15 {
            for (slot, body) in contenders.enumerated() {
                best[slot] = min(best[slot], BenchClock.best(runs: 1, warmup: false, body))
            }
        }
        let (ours, diffOnly, flat, baseline) = (best[0], best[1], best[2], best[3])
        return .ratio(
            suite: name, name: "diff", n: n, oursNs: ours, baseline: "hash-floor", baselineNs: baseline, target: 0.25,
            extra: ["diff_only_ns": diffOnly, "list_diff_ns": flat, "changes": Double(changes)])
    }
}
