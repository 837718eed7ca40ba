import CascadeCollection
import CascadeLayout
import CascadeTestSupport
import Testing

@Suite struct CollectionSnapshotTests {
    typealias Snapshot = CollectionSnapshot<String, Int>

    @Test func duplicatesAreReportedAndTheFirstIsKept() {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b", "a"])
        snapshot.appendItems([1, 2, 1], toSection: "a")
        snapshot.appendItems([2, 3], toSection: "b")
        #expect(snapshot.sectionIDs == ["a", "b"])
        #expect(snapshot.itemIDs == [[1, 2], [3]])
        #expect(snapshot.duplicates == [.section("a"), .item(1, section: "a"), .item(2, section: "b")])
        #expect(snapshot.path(of: 2) == ItemPath(section: 0, item: 1))
    }

    @Test func itemsForAMissingSectionAreReportedNotCrashing() {
        var snapshot = Snapshot()
        snapshot.appendItems([1])
        snapshot.appendItems([2], toSection: "nope")
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.duplicates == [.item(2, section: "nope")])
    }

    @Test func versionsAndContentClosureProduceReloads() {
        let old = Snapshot(section: "s", items: [1, 2, 3], versions: [0, 0, 0])
        var new = Snapshot(section: "s", items: [3, 1, 2], versions: [0, 5, 0])
        #expect(old.changeset(to: new).items.reloads == [ItemPath(section: 0, item: 1)])
        new.setVersion(0, for: 1)
        let changes = old.changeset(to: new, isContentEqual: { $0 != 2 })
        #expect(changes.items.reloads == [ItemPath(section: 0, item: 2)])
        #expect(changes.items.moves == [.init(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))])
    }

    @Test func itemsMoveAcrossSectionsAndDeletedSectionsDeleteTheirItems() {
        var old = Snapshot()
        old.appendSections(["a", "b", "c"])
        old.appendItems([1, 2], toSection: "a")
        old.appendItems([3, 4], toSection: "b")
        old.appendItems([5], toSection: "c")
        var new = Snapshot()
        new.appendSections(["c", "a"])
        new.appendItems([5, 3], toSection: "c")
        new.appendItems([1, 2], toSection: "a")
        let changes = old.changeset(to: new)
        #expect(changes.sections.deletes == [1])
        #expect(changes.items.deletes == [ItemPath(section: 1, item: 1)])
        #expect(
            changes.items.moves.contains(.init(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1))))
        #expect(apply(changes, old, new) == flatten(new))
    }

    @Test(arguments: 0..<30)
    func seededRandomEditsReproduceTheNewSnapshot(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 1_000)
        let sectionCount = Int.random(in: 1...5, using: &random)
        var old = Snapshot()
        var next = 0
        for section in 0..<sectionCount {
            old.appendSections(["s\(section)"])
            let count = Int.random(in: 0...30, using: &random)
            old.appendItems(
                Array(next..<next + count), versions: (0..<count).map { _ in Int.random(in: 0...1, using: &random) })
            next += count
        }
        // New data: shuffle sections, edit every section, move some items across sections.
        var sections = old.sectionIDs.filter { _ in Int.random(in: 0..<6, using: &random) > 0 }
        sections.shuffle(using: &random)
        if Bool.random(using: &random) {
            sections.insert("new\(seed)", at: Int.random(in: 0...sections.count, using: &random))
        }
        var contents = sections.map { id in old.index(ofSection: id).map { old.itemIDs[$0] } ?? [] }
        contents = contents.map {
            RandomEdits.edit($0.map { $0 + 0 }, using: &random, edits: 6).map {
                $0 >= 1_000 ? $0 + next * 7 + seed : $0
            }
        }
        if contents.count > 1, let moved = contents[0].first {
            contents[0].removeFirst()
            contents[contents.count - 1].insert(moved, at: 0)
        }
        var new = Snapshot()
        for (id, items) in zip(sections, contents) {
            new.appendSections([id])
            new.appendItems(items, versions: items.map { _ in Int.random(in: 0...1, using: &random) })
        }
        let changes = old.changeset(to: new)
        #expect(apply(changes, old, new) == flatten(new), "seed \(seed)")
        for reload in changes.items.reloads {
            let id = new.itemID(at: reload)!
            #expect(old.version(at: old.path(of: id)!) != new.version(at: reload))
        }
    }

    private struct Row: Equatable {
        var section: String
        var items: [Int]
    }

    private func flatten(_ snapshot: Snapshot) -> [Row] {
        zip(snapshot.sectionIDs, snapshot.itemIDs).map { Row(section: $0, items: $1) }
    }

    private func apply(_ changes: SnapshotChangeset, _ old: Snapshot, _ new: Snapshot) -> [Row] {
        let data = zip(old.sectionIDs, old.itemIDs).map { (section: $0, items: $1) }
        return changes.applied(to: data, newSection: { new.sectionIDs[$0] }, newItem: { new.itemID(at: $0)! })
            .map { Row(section: $0.section, items: $0.items) }
    }
}
