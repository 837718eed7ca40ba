import CascadeFeed
import Foundation

/// The feed layer: the heap each loaded item costs, decoding pages and growing the
/// de-duplicated item list.
struct FeedBench: BenchSuite {
    let name = "feed"

    func run(quick: Bool) -> [BenchLine] {
        // The memory case runs first, on a heap no other case has used yet.
        FeedMemoryBench(suite: name).run(quick: quick) + [appendPages(quick: quick), decodePage(quick: quick)]
    }

    /// Appending pages that overlap the previous one (servers shift pages under new items).
    func appendPages(quick: Bool) -> BenchLine {
        let total = quick ? 2_000 : 20_000
        let pages = FeedBenchData.overlappingPages(total: total, pageSize: 10, overlap: 2)
        var oursCount = 0
        let ours = BenchClock.best(runs: quick ? 3 : 5) {
            var list = FeedItemList()
            for page in pages { list.append(contentsOf: page) }
            oursCount = list.count
            blackHole(list)
        }
        var baselineCount = 0
        let baseline = BenchClock.best(runs: quick ? 3 : 5) {
            let items = ContainsScanAppend.appendAll(pages)
            baselineCount = items.count
            blackHole(items)
        }
        precondition(oursCount == baselineCount, "feed.append-pages: results differ")
        return .ratio(
            suite: name, name: "append-pages", n: total, oursNs: ours, baseline: ContainsScanAppend.name,
            baselineNs: baseline, target: 5)
    }

    /// Decoding one large page of the reference schema with tolerant rules, against a strict
    /// JSONSerialization + dictionary-cast decoder (the reference's path), which accepts only
    /// well-typed entries. The target says tolerance must not make decoding slower.
    func decodePage(quick: Bool) -> BenchLine {
        let count = quick ? 1_000 : 10_000
        let body = FeedBenchData.pageBody(count: count)
        let base = URL(string: "http://127.0.0.1:8080/")!
        var oursCount = 0
        // Thread CPU time: both decoders run on this thread, and it leaves out stolen time.
        let ours = BenchClock.best(runs: quick ? 3 : 5, clock: .threadCPU) {
            let page = try! FeedPageDecoder(baseURL: base).decode(body)
            oursCount = page.items.count
            blackHole(page)
        }
        var baselineCount = 0
        let baseline = BenchClock.best(runs: quick ? 3 : 5, clock: .threadCPU) {
            let items = StrictDictionaryDecoder.decode(body, base: base)
            baselineCount = items.count
            blackHole(items)
        }
        precondition(oursCount == baselineCount, "feed.decode-page: results differ")
        return .ratio(
            suite: name, name: "decode-page", n: count, oursNs: ours, baseline: StrictDictionaryDecoder.name,
            baselineNs: baseline, target: 1)
    }
}

/// Inputs for the feed benchmarks.
enum FeedBenchData {
    /// Pages of `pageSize` whose first `overlap` items repeat the previous page's last ones.
    static func overlappingPages(total: Int, pageSize: Int, overlap: Int) -> [[VideoItem]] {
        var pages: [[VideoItem]] = []
        var start = 0
        while start < total {
            let from = max(0, start - overlap)
            let upTo = min(total, start + pageSize - overlap)
            pages.append((from..<upTo).map(item))
            start = upTo
        }
        return pages
    }

    static func item(_ index: Int) -> VideoItem {
        VideoItem(
            id: "item-\(index)", title: "Item \(index)", coverURL: URL(string: "https://x.com/\(index).jpg")!,
            videoURL: URL(string: "https://x.com/\(index).flv")!, duration: 5, width: 640, height: 360)
    }

    /// A well-typed page body of `count` entries with relative references.
    static func pageBody(count: Int) -> Data {
        var entries: [[String: Any]] = []
        for index in 0..<count {
            entries.append([
                "id": "c0-\(index)", "title": "Video \(index)", "cover": "media/c0-\(index).jpg",
                "flv": "media/c0-\(index).flv", "duration": index % 90, "width": 640, "height": 360 + index % 7 * 40,
            ])
        }
        return try! JSONSerialization.data(withJSONObject: ["data": ["info_list": entries, "end": 0]])
    }
}
