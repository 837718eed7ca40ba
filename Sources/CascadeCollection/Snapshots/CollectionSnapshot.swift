/// The data of a collection: ordered sections of ordered items, each identified by a
/// `Hashable` id, with an optional content version per item.
///
/// Identifiers are unique across the snapshot. Adding an identifier that is already present
/// keeps the first occurrence, drops the new one and records it in `duplicates`, so a feed
/// that returns the same video twice never crashes the view.
///
/// ```swift
/// var snapshot = CollectionSnapshot<Int, String>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(videos.map(\.id), versions: videos.map(\.revision))
/// let changes = oldSnapshot.changeset(to: snapshot)
/// ```
public struct CollectionSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// An identifier that was rejected because it was already in the snapshot.
    public enum Duplicate: Hashable {
        /// A section id added twice; the later section was dropped.
        case section(SectionID)
        /// An item id added twice; the later item (meant for `section`) was dropped.
        case item(ItemID, section: SectionID)
    }

    // MARK: State

    /// The section identifiers in order.
    public private(set) var sectionIDs: [SectionID] = []
    /// Each section's item identifiers in order.
    public private(set) var itemIDs: [[ItemID]] = []
    /// Each section's item content versions (0 unless given), parallel to `itemIDs`.
    public private(set) var itemVersions: [[Int]] = []
    /// Identifiers rejected as duplicates, in the order they were added.
    public private(set) var duplicates: [Duplicate] = []

    var sectionIndex: [SectionID: Int] = [:]
    var itemIndex: [ItemID: ItemPath] = [:]

    // MARK: Lifecycle

    /// Creates an empty snapshot.
    public init() {}

    /// Creates a one-section snapshot.
    ///
    /// - Complexity: O(n).
    public init(section: SectionID, items: [ItemID], versions: [Int]? = nil) {
        appendSections([section])
        appendItems(items, versions: versions)
    }

    // MARK: Queries

    /// The number of sections.
    public var numberOfSections: Int { sectionIDs.count }

    /// The number of items in all sections.
    public var numberOfItems: Int { itemIndex.count }

    /// The number of items in `section`, 0 when it does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        itemIDs.indices.contains(section) ? itemIDs[section].count : 0
    }

    /// The position of the item `id`, or nil.
    ///
    /// - Complexity: O(1) expected.
    public func path(of id: ItemID) -> ItemPath? { itemIndex[id] }

    /// The index of section `id`, or nil.
    public func index(ofSection id: SectionID) -> Int? { sectionIndex[id] }

    /// The item at `path`, or nil when out of range.
    public func itemID(at path: ItemPath) -> ItemID? {
        guard itemIDs.indices.contains(path.section), itemIDs[path.section].indices.contains(path.item) else {
            return nil
        }
        return itemIDs[path.section][path.item]
    }

    /// The content version of the item at `path`, or nil when out of range.
    public func version(at path: ItemPath) -> Int? {
        guard itemVersions.indices.contains(path.section), itemVersions[path.section].indices.contains(path.item)
        else { return nil }
        return itemVersions[path.section][path.item]
    }

    // MARK: Editing

    /// Appends sections; ids already present are recorded in `duplicates` and skipped.
    public mutating func appendSections(_ ids: [SectionID]) {
        for id in ids {
            if sectionIndex[id] != nil {
                duplicates.append(.section(id))
                continue
            }
            sectionIndex[id] = sectionIDs.count
            sectionIDs.append(id)
            itemIDs.append([])
            itemVersions.append([])
        }
    }

    /// Appends items to `section` (the last section when nil). Ids already present anywhere
    /// in the snapshot are recorded in `duplicates` and skipped; `versions`, when given, is
    /// parallel to `ids` (missing entries count as 0). Appending to a snapshot without
    /// sections, or to a section that does not exist, records every item as dropped.
    ///
    /// - Complexity: O(k) for k appended items.
    public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil, versions: [Int]? = nil) {
        let target = section.flatMap { sectionIndex[$0] } ?? (section == nil ? sectionIDs.indices.last : nil)
        guard let target else {
            if let section { duplicates += ids.map { .item($0, section: section) } }
            return
        }
        itemIndex.reserveCapacity(itemIndex.count + ids.count)
        itemIDs[target].reserveCapacity(itemIDs[target].count + ids.count)
        for (offset, id) in ids.enumerated() {
            let path = ItemPath(section: target, item: itemIDs[target].count)
            if itemIndex[id] != nil {
                duplicates.append(.item(id, section: sectionIDs[target]))
                continue
            }
            itemIndex[id] = path
            itemIDs[target].append(id)
            let version = versions.flatMap { offset < $0.count ? $0[offset] : nil } ?? 0
            itemVersions[target].append(version)
        }
    }

    /// Removes the given items (unknown ids are ignored).
    ///
    /// - Complexity: O(n).
    public mutating func deleteItems(_ ids: [ItemID]) {
        let doomed = Set(ids)
        guard !doomed.isEmpty else { return }
        for section in itemIDs.indices {
            var keptIDs: [ItemID] = []
            var keptVersions: [Int] = []
            for (index, id) in itemIDs[section].enumerated() where !doomed.contains(id) {
                keptIDs.append(id)
                keptVersions.append(itemVersions[section][index])
            }
            itemIDs[section] = keptIDs
            itemVersions[section] = keptVersions
        }
        reindexItems()
    }

    /// Sets a new content version for an item, so the next diff reports it as reloaded.
    public mutating func setVersion(_ version: Int, for id: ItemID) {
        guard let path = itemIndex[id] else { return }
        itemVersions[path.section][path.item] = version
    }

    private mutating func reindexItems() {
        itemIndex.removeAll(keepingCapacity: true)
        for (section, ids) in itemIDs.enumerated() {
            for (item, id) in ids.enumerated() { itemIndex[id] = ItemPath(section: section, item: item) }
        }
    }
}

extension CollectionSnapshot: Equatable where SectionID: Equatable, ItemID: Equatable {
    /// Snapshots are equal when they hold the same sections, items and versions.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sectionIDs == rhs.sectionIDs && lhs.itemIDs == rhs.itemIDs && lhs.itemVersions == rhs.itemVersions
    }
}

extension CollectionSnapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension CollectionSnapshot.Duplicate: Sendable where SectionID: Sendable, ItemID: Sendable {}
