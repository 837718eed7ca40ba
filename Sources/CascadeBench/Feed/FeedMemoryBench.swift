import CMalloc
import CascadeFeed
import CascadeLayout
import CascadeScreens
import Foundation

/// Heap bytes per loaded item along the app's path (catalog loader → pager → feed screen model
/// with its waterfall layout and viewport), from `mallinfo2()`, and where they go.
///
/// A local catalog shaped like `scripts/make-perf-catalog.py`'s (ids `p00000`, titles such as
/// "Trending now #2 (1)", relative `media/…jpg` covers and `.flv` videos) is written to a
/// temporary folder and loaded in pages of 500, as the app's perf runs do. Image caches are not
/// involved (no cover is decoded), so every byte counted is per-item state.
struct FeedMemoryBench {
    let suite: String

    /// The target: at most 1 KB of heap per loaded item beyond the image caches.
    static let maximumBytesPerItem: Double = 1024
    /// What reading an item's `coverURL` may cost (an item keeps it as text and makes the URL
    /// when asked: the price of the memory saved, paid once per cover bind or prefetch).
    static let maximumURLReadNs: Double = 5_000
    /// How many items' `coverURL` are read for `memory.url_read`.
    static let urlReads = 10_000

    func run(quick: Bool) -> [BenchLine] {
        let count = quick ? 10_000 : 100_000
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-bench-memory-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        Self.writeCatalog(root, count: count)
        let parts = attributeParts(root, count: count)
        let total = MainActor.assumeIsolated { appPath(root, count: count) }
        var lines = [
            BenchLine.value(
                suite: suite, name: "memory.per_item", n: count, value: total, unit: "bytes",
                max: Self.maximumBytesPerItem,
                min: nil)
        ]
        for (name, value) in parts.bytes {
            lines.append(
                .value(suite: suite, name: "memory.\(name)", n: count, value: value, unit: "bytes", max: nil, min: nil))
        }
        lines.append(
            .value(
                suite: suite, name: "memory.url_read", n: Self.urlReads, value: parts.urlReadNs, unit: "ns",
                max: Self.maximumURLReadNs, min: nil))
        return lines
    }

    // MARK: Measures

    /// The parts, each in bytes per item: the items themselves (an exactly sized array of
    /// `VideoItem`s and what they reference), the loader once every page has been served, and the
    /// pager's de-duplicated list (its array and id set; the items' strings are shared); and the
    /// CPU time of one `coverURL` read, in nanoseconds (best of 5 passes over `urlReads` items).
    func attributeParts(_ root: URL, count: Int) -> (bytes: [(String, Double)], urlReadNs: Double) {
        let start = Self.heapBytes()
        var loader: LocalCatalogLoader? = LocalCatalogLoader(root: root, channelID: "all")
        var items: [VideoItem] = []
        items.reserveCapacity(count)
        var number = 0
        while let page = Self.wait({ [loader, number] in try? await loader!.page(number: number, size: 500) }),
            !page.items.isEmpty
        {
            items.append(contentsOf: page.items)
            number += 1
            if page.isEnd { break }
        }
        precondition(items.count == count, "feed.memory: \(items.count) of \(count) items loaded")
        let withLoader = Self.heapBytes()
        // The last page's task may still hold the loader for a moment after it delivered.
        weak let served = loader
        loader = nil
        for _ in 0..<500 where served != nil { usleep(10_000) }
        precondition(served == nil, "feed.memory: the loader outlived its pages")
        let itemsOnly = Self.heapBytes()
        let list = FeedItemList(items)
        let withList = Self.heapBytes()
        blackHole(list)
        let n = Double(count)
        let arrayBytes = Double(MemoryLayout<VideoItem>.stride)
        let sample = Array(items.prefix(Self.urlReads))
        let readNs = BenchClock.best(runs: 5, clock: .threadCPU) { for item in sample { blackHole(item.coverURL) } }
        let bytes: [(String, Double)] = [
            ("item", Double(itemsOnly - start) / n),
            ("item.inline", arrayBytes),
            ("item.heap", Double(itemsOnly - start) / n - arrayBytes),
            ("loader", Double(withLoader - itemsOnly) / n),
            ("pager_list", Double(withList - itemsOnly) / n),
        ]
        return (bytes, readNs / Double(sample.count))
    }

    /// Everything the app holds per item after loading the whole catalog through a
    /// `FeedScreenModel` (4 columns, a 1000 × 760 container, scrolled to the end after every
    /// page as the app's fling does), in bytes per item.
    @MainActor
    func appPath(_ root: URL, count: Int) -> Double {
        let start = Self.heapBytes()
        var model: FeedScreenModel? = FeedScreenModel(
            pager: FeedPager(loader: LocalCatalogLoader(root: root, channelID: "all"), pageSize: 500),
            configuration: FeedScreenModel.Configuration(columns: .fixed(4)))
        model!.setContainerSize(CGSize(width: 1000, height: 760))
        var loads = 0
        while true {
            let task = loads == 0 ? model!.pager.refresh() : model!.pager.loadMore()
            guard let task else { break }
            loads += 1
            let done = Flag()
            Task { @MainActor in
                await task.value
                done.value = true
            }
            while !done.value { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
            let height = Double(model!.layout.contentSize.height)
            model!.scroll(to: CGRect(x: 0, y: max(0, height - 760), width: 1000, height: 760))
            precondition(loads < count, "feed.memory: the pager never ended")
        }
        precondition(model!.items.count == count, "feed.memory: the model holds \(model!.items.count) of \(count)")
        let loaded = Self.heapBytes()
        model = nil
        return Double(loaded - start) / Double(count)
    }

    // MARK: Helpers

    /// Bytes in use on the heap, all arenas (small blocks plus mmapped ones).
    static func heapBytes() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    /// Runs `body` on the cooperative pool and waits for it (the caller is not async).
    static func wait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// A catalog like `make-perf-catalog.py` makes: one channel "all" of `count` entries.
    static func writeCatalog(_ root: URL, count: Int) {
        let channel = root.appendingPathComponent("all")
        try! FileManager.default.createDirectory(at: channel, withIntermediateDirectories: true)
        let kinds = ["Editors' choice", "Trending now", "New this week", "Staff picks"]
        let sizes = [(640, 360), (640, 480), (480, 640), (360, 640)]
        var text = "{\"data\": {\"info_list\": ["
        for index in 0..<count {
            let media = "media/featured-" + String(1_000 + index % 60).dropFirst()
            let (width, height) = sizes[index % sizes.count]
            let duration = index % 2 == 0 ? "\"0:0\(index % 10)\"" : "\(index % 90)"
            let id = "p" + String(100_000 + index).dropFirst()
            if index > 0 { text += ", " }
            text += "{\"id\": \"\(id)\", \"title\": \"\(kinds[index % kinds.count]) #\(index % 60 + 1) (\(index))\", "
            text += "\"cover\": \"\(media).jpg\", \"flv\": \"\(media).flv\", "
            text += "\"duration\": \(duration), \"width\": \(width), \"height\": \(height)}"
        }
        text += "], \"end\": 1}}"
        try! Data(text.utf8).write(to: channel.appendingPathComponent("feed.json"))
        try! Data(#"{"channels": [{"id": "all", "title": "All"}]}"#.utf8).write(
            to: root.appendingPathComponent("channels.json"))
    }

    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    @MainActor private final class Flag {
        var value = false
    }
}
