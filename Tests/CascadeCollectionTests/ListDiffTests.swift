import CascadeCollection
import CascadeTestSupport
import Testing

@Suite struct ListDiffTests {
    /// Where each old element went, for seeded random edits: its new position holds the same id,
    /// and only deleted or reloaded elements have none.
    @Test func newPositionsFollowEveryKeptElement() {
        var random = SeededGenerator(seed: 0xD1FF)
        for _ in 0..<300 {
            let old = Array(0..<Int.random(in: 0...40, using: &random))
            var new = old.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }.shuffled(using: &random)
            new.insert(contentsOf: (100..<100 + Int.random(in: 0...4, using: &random)), at: 0)
            let reloaded = Set(new.filter { $0 < 100 && Int.random(in: 0..<8, using: &random) == 0 })
            let changes = ListDiff.changeset(
                from: old, to: new, id: { $0 }, isContentEqual: { a, _ in !reloaded.contains(a) })
            let positions = changes.newPositions(oldCount: old.count)
            for (index, id) in old.enumerated() {
                if let position = positions[index] {
                    #expect(new[position] == id && !reloaded.contains(id))
                } else {
                    #expect(!new.contains(id) || reloaded.contains(id))
                }
            }
        }
    }

    @Test func identicalListsHaveNoChanges() {
        #expect(ListDiff.changeset(from: [1, 2, 3], to: [1, 2, 3]).isEmpty)
    }

    @Test func deletesAndInsertsUseOldAndNewPositions() {
        let changes = ListDiff.changeset(from: ["a", "b", "c"], to: ["a", "x", "c", "y"])
        #expect(changes.deletes == [1])
        #expect(changes.inserts == [1, 3])
        #expect(changes.moves.isEmpty)
    }

    @Test func movingOneItemToTheFrontIsOneMove() {
        let old = Array(0..<100)
        let new = [99] + Array(0..<99)
        let changes = ListDiff.changeset(from: old, to: new)
        #expect(changes.moves == [.init(from: 99, to: 0)])
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty)
    }

    @Test func swapIsOneMove() {
        let changes = ListDiff.changeset(from: [1, 2, 3, 4], to: [1, 3, 2, 4])
        #expect(changes.moves.count == 1)
        #expect(changes.applied(to: [1, 2, 3, 4]) { [1, 3, 2, 4][$0] } == [1, 3, 2, 4])
    }

    @Test func contentChangesAreReloadsAtNewPositions() {
        struct Row: Equatable {
            var id: Int
            var title: String
        }
        let old = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")]
        let new = [Row(id: 0, title: "z"), Row(id: 1, title: "a"), Row(id: 3, title: "C")]
        let changes = ListDiff.changeset(from: old, to: new, id: \.id, isContentEqual: ==)
        #expect(changes.reloads == [2])
        #expect(changes.deletes == [1])
        #expect(changes.inserts == [0])
        #expect(changes.applied(to: old) { new[$0] } == new)
    }

    @Test func duplicateIdsNeverCrashAndStillReproduceTheNewList() {
        let old = [1, 1, 2, 2, 3]
        let new = [2, 1, 1, 1, 4]
        let changes = ListDiff.changeset(from: old, to: new)
        #expect(changes.applied(to: old) { new[$0] } == new)
    }

    @Test(arguments: 0..<40)
    func seededListsFullOfDuplicatesReproduceTheNewList(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &* 31)
        let old = (0..<Int.random(in: 0...60, using: &random)).map { _ in Int.random(in: 0..<8, using: &random) }
        let new = (0..<Int.random(in: 0...60, using: &random)).map { _ in Int.random(in: 0..<8, using: &random) }
        let changes = ListDiff.changeset(from: old, to: new)
        #expect(changes.applied(to: old) { new[$0] } == new, "seed \(seed)")
    }

    @Test(arguments: 0..<40)
    func seededRandomEditsReproduceTheNewList(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let old = Array(0..<Int.random(in: 0...200, using: &random))
        let new = RandomEdits.edit(old, using: &random)
        let changes = ListDiff.changeset(from: old, to: new)
        #expect(changes.applied(to: old) { new[$0] } == new, "seed \(seed)")
        #expect(changes.deletes == changes.deletes.sorted())
        #expect(changes.inserts == changes.inserts.sorted())
        // Every old element is deleted, moved or kept; every new one inserted, moved or kept.
        let kept = old.count - changes.deletes.count - changes.moves.count
        #expect(kept == new.count - changes.inserts.count - changes.moves.count)
    }
}

/// Random inserts, deletes and moves of a list of integers (new values are fresh).
enum RandomEdits {
    static func edit(_ list: [Int], using random: inout SeededGenerator, edits: Int? = nil) -> [Int] {
        var result = list
        var fresh = (list.max() ?? 0) + 1_000
        let count = edits ?? Int.random(in: 0...20, using: &random)
        for _ in 0..<count {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                result.insert(fresh, at: Int.random(in: 0...result.count, using: &random))
                fresh += 1
            case 1 where !result.isEmpty:
                result.remove(at: Int.random(in: 0..<result.count, using: &random))
            case 2 where result.count > 1:
                let value = result.remove(at: Int.random(in: 0..<result.count, using: &random))
                result.insert(value, at: Int.random(in: 0...result.count, using: &random))
            default:
                break
            }
        }
        return result
    }
}
