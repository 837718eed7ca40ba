import CascadeImages
import CascadeTestSupport
import Foundation
import Testing

@Suite struct MemoryImageCacheTests {
    private func image(cost: Int) -> DecodedImage {
        DecodedImage(
            width: cost / 4, height: 1, bytesPerRow: cost / 4 * 4, pixels: .init(repeating: 7, count: cost),
            hasAlpha: false)
    }

    private func key(_ name: String, _ width: Int = 100) -> ImageCacheKey {
        ImageCacheKey(
            url: URL(string: "https://example.com/\(name).jpg")!, targetSize: PixelSize(width: width, height: width))
    }

    @Test func evictsLeastRecentlyUsedFirstWhenCostExceedsLimit() {
        let cache = MemoryImageCache(costLimit: 400)
        cache.insert(image(cost: 100), for: key("a"))
        cache.insert(image(cost: 100), for: key("b"))
        cache.insert(image(cost: 100), for: key("c"))
        _ = cache.image(for: key("a"))  // a is now the most recent
        cache.insert(image(cost: 200), for: key("d"))  // 500 > 400: b goes, then 400 fits
        #expect(cache.keysByRecency == [key("d"), key("a"), key("c")])
        #expect(cache.totalCost == 400)
        #expect(cache.image(for: key("b")) == nil)
    }

    @Test func keysIncludeTheTargetSize() {
        let cache = MemoryImageCache(costLimit: 1_000)
        cache.insert(image(cost: 40), for: key("a", 100))
        #expect(cache.image(for: key("a", 100)) != nil)
        #expect(cache.image(for: key("a", 200)) == nil)
    }

    @Test func anImageCostingMoreThanTheLimitIsNotCached() {
        let cache = MemoryImageCache(costLimit: 100)
        cache.insert(image(cost: 40), for: key("a"))
        cache.insert(image(cost: 400), for: key("big"))
        #expect(cache.image(for: key("big")) == nil)
        #expect(cache.keysByRecency == [key("a")])
    }

    @Test func replacingAnEntryUpdatesItsCost() {
        let cache = MemoryImageCache(costLimit: 1_000)
        cache.insert(image(cost: 100), for: key("a"))
        cache.insert(image(cost: 300), for: key("a"))
        #expect(cache.totalCost == 300)
        #expect(cache.count == 1)
    }

    @Test func trimAndRemoveAll() {
        let cache = MemoryImageCache(costLimit: 1_000)
        for name in ["a", "b", "c", "d"] { cache.insert(image(cost: 100), for: key(name)) }
        cache.trim(toCost: 250)
        #expect(cache.keysByRecency == [key("d"), key("c")])
        cache.removeImage(for: key("d"))
        #expect(cache.keysByRecency == [key("c")])
        cache.removeAll()
        #expect(cache.count == 0 && cache.totalCost == 0)
        cache.insert(image(cost: 100), for: key("e"))
        #expect(cache.keysByRecency == [key("e")])
    }

    @Test func defaultLimitIsAtMost256MB() {
        #expect(MemoryImageCache.defaultCostLimit <= 256 * 1024 * 1024)
        #expect(MemoryImageCache.defaultCostLimit > 0)
        #expect(MemoryImageCache(costLimit: -5).costLimit == 0)
    }

    /// Random operations against a brute-force model: same contents, order and cost, always
    /// within the limit.
    @Test(arguments: [1, 2, 3, 42] as [UInt64]) func matchesAReferenceModel(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let limit = 1_000
        let cache = MemoryImageCache(costLimit: limit)
        var model: [(ImageCacheKey, Int)] = []  // most recent first
        for _ in 0..<2_000 {
            let name = "k\(Int.random(in: 0..<30, using: &random))"
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let cost = Int.random(in: 1...80, using: &random) * 4
                cache.insert(image(cost: cost), for: key(name))
                model.removeAll { $0.0 == key(name) }
                model.insert((key(name), cost), at: 0)
                while model.reduce(0, { $0 + $1.1 }) > limit { model.removeLast() }
            case 5..<9:
                let hit = cache.image(for: key(name))
                if let index = model.firstIndex(where: { $0.0 == key(name) }) {
                    #expect(hit?.cost == model[index].1)
                    model.insert(model.remove(at: index), at: 0)
                } else {
                    #expect(hit == nil)
                }
            default:
                cache.removeImage(for: key(name))
                model.removeAll { $0.0 == key(name) }
            }
            #expect(cache.totalCost <= limit)
        }
        #expect(cache.keysByRecency == model.map(\.0))
        #expect(cache.totalCost == model.reduce(0) { $0 + $1.1 })
    }
}
