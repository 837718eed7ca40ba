import CascadeTestSupport
import Testing

@testable import CascadeImages

/// `RecencyList` keeps what an array in recency order keeps, whatever the operations: checked
/// after every step of seeded random runs, and on a small golden case.
@Suite struct RecencyListTests {
    @Test func aSmallCaseInOrder() {
        var list = RecencyList<String, Int>()
        list.insert(1, cost: 10, for: "a")
        list.insert(2, cost: 20, for: "b")
        list.insert(3, cost: 30, for: "c")
        #expect(list.value(for: "a") == 1)
        #expect(list.entriesByRecency.map(\.key) == ["a", "c", "b"])
        #expect(list.insert(4, cost: 5, for: "c") == 3, "replacing returns the old value")
        #expect(list.entriesByRecency.map(\.key) == ["c", "a", "b"])
        #expect(list.totalCost == 35)
        #expect(list.removeLeastRecentlyUsed()?.key == "b")
        #expect(list.remove("a") == 1)
        #expect(list.remove("a") == nil)
        #expect(list.contains("c"))
        #expect(list.count == 1)
        #expect(list.removeLeastRecentlyUsed()?.value == 4)
        #expect(list.removeLeastRecentlyUsed() == nil)
        #expect(list.totalCost == 0)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func matchesAnArrayInRecencyOrder(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var list = RecencyList<Int, Int>()
        var model: [(key: Int, value: Int, cost: Int)] = []  // most recent first
        for step in 0..<3_000 {
            let key = Int.random(in: 0..<40, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let cost = Int.random(in: 0...100, using: &random)
                let replaced = list.insert(step, cost: cost, for: key)
                let old = model.firstIndex { $0.key == key }
                #expect(replaced == old.map { model[$0].value })
                if let old { model.remove(at: old) }
                model.insert((key, step, cost), at: 0)
            case 4..<7:
                let hit = list.value(for: key)
                if let index = model.firstIndex(where: { $0.key == key }) {
                    #expect(hit == model[index].value)
                    model.insert(model.remove(at: index), at: 0)
                } else {
                    #expect(hit == nil)
                }
            case 7..<9:
                let oldest = list.removeLeastRecentlyUsed()
                let expected = model.popLast()
                #expect(oldest?.key == expected?.key && oldest?.value == expected?.value)
            default:
                let removed = list.remove(key)
                let index = model.firstIndex { $0.key == key }
                #expect(removed == index.map { model[$0].value })
                if let index { model.remove(at: index) }
            }
            #expect(list.entriesByRecency.map(\.key) == model.map(\.key), "seed \(seed), step \(step)")
            #expect(list.totalCost == model.reduce(0) { $0 + $1.cost })
            #expect(list.count == model.count)
        }
    }
}
