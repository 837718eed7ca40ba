import CascadeLayout

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

    // Storage is `@usableFromInline` so the diff and append paths can be `@inlinable`: hosts
    // use concrete id types from other modules, and unspecialised generic code pays metadata
    // look-ups on every element (4x slower on 100,000 items).
    @usableFromInline var storedSectionIDs: [SectionID] = []
    @usableFromInline var storedItemIDs: [[ItemID]] = []
    @usableFromInline var storedItemVersions: [[Int]] = []
    @usableFromInline var storedDuplicates: [Duplicate] = []
    @usableFromInline var sectionIndex: [SectionID: Int] = [:]
    /// Each item's position packed in one `Int` (`ItemPath.packed`): a table of `Int` values
    /// is a third smaller than one of paths and builds and probes measurably faster.
    @usableFromInline var itemIndex: [ItemID: Int] = [:]

    /// The section identifiers in order.
    @inlinable public var sectionIDs: [SectionID] { storedSectionIDs }
    /// Each section's item identifiers in order.
    @inlinable public var itemIDs: [[ItemID]] { storedItemIDs }
    /// Each section's item content versions (0 unless given), parallel to `itemIDs`.
    @inlinable public var itemVersions: [[Int]] { storedItemVersions }
    /// Identifiers rejected as duplicates, in the order they were added.
    @inlinable public var duplicates: [Duplicate] { storedDuplicates }

    // MARK: Lifecycle

    /// Creates an empty snapshot.
    @inlinable
    public init() {}

    /// Creates a one-section snapshot.
    ///
    /// - Complexity: O(n).
    @inlinable
    public init(section: SectionID, items: [ItemID], versions: [Int]? = nil) {
        appendSections([section])
        appendItems(items, versions: versions)
    }

    // MARK: Queries

    /// The number of sections.
    public var numberOfSections: Int { storedSectionIDs.count }

    /// The number of items in all sections.
    public var numberOfItems: Int { itemIndex.count }

    /// The number of items in `section`, 0 when it does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        storedItemIDs.indices.contains(section) ? storedItemIDs[section].count : 0
    }

    /// The position of the item `id`, or nil.
    ///
    /// - Complexity: O(1) expected.
    public func path(of id: ItemID) -> ItemPath? { itemIndex[id].map(ItemPath.init(packed:)) }

    /// The index of section `id`, or nil.
    public func index(ofSection id: SectionID) -> Int? { sectionIndex[id] }

    /// The item at `path`, or nil when out of range.
    public func itemID(at path: ItemPath) -> ItemID? {
        guard storedItemIDs.indices.contains(path.section), storedItemIDs[path.section].indices.contains(path.item)
        else {
            return nil
        }
        return storedItemIDs[path.section][path.item]
    }

    /// The content version of the item at `path`, or nil when out of range.
    public func version(at path: ItemPath) -> Int? {
        guard storedItemVersions.indices.contains(path.section),
            storedItemVersions[path.section].indices.contains(path.item)
        else { return nil }
        return storedItemVersions[path.section][path.item]
    }

    // MARK: Editing

    /// Appends sections; ids already present are recorded in `duplicates` and skipped.
    @inlinable
    public mutating func appendSections(_ ids: [SectionID]) {
        for id in ids {
            if sectionIndex[id] != nil {
                storedDuplicates.append(.section(id))
                continue
            }
            sectionIndex[id] = storedSectionIDs.count
            storedSectionIDs.append(id)
            storedItemIDs.append([])
            storedItemVersions.append([])
        }
    }

    /// Appends items to `section` (the last section when nil). Ids already present anywhere
    /// in the snapshot are recorded in `duplicates` and skipped; `versions`, when given, is
    /// parallel to `ids` (missing entries count as 0). Appending to a snapshot without
    /// sections, or to a section that does not exist, records every item as dropped.
    ///
    /// - Complexity: O(k) for k appended items.
    @inlinable
    public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil, versions: [Int]? = nil) {
        let target = section.flatMap { sectionIndex[$0] } ?? (section == nil ? storedSectionIDs.indices.last : nil)
        guard let target else {
            if let section { storedDuplicates += ids.map { .item($0, section: section) } }
            return
        }
        itemIndex.reserveCapacity(itemIndex.count + ids.count)
        // The section's arrays are moved out while appending so each append is a plain one.
        var items = storedItemIDs[target]
        var itemVersions = storedItemVersions[target]
        storedItemIDs[target] = []
        storedItemVersions[target] = []
        defer {
            storedItemIDs[target] = items
            storedItemVersions[target] = itemVersions
        }
        items.reserveCapacity(items.count + ids.count)
        itemVersions.reserveCapacity(itemVersions.count + ids.count)
        for offset in ids.indices {
            let id = ids[offset]
            // One hash operation per item; a duplicate puts the first position back.
            if let first = itemIndex.updateValue(ItemPath(section: target, item: items.count).packed, forKey: id) {
                itemIndex[id] = first
                storedDuplicates.append(.item(id, section: storedSectionIDs[target]))
                continue
            }
            items.append(id)
            if let versions, offset - ids.startIndex < versions.count {
                itemVersions.append(versions[offset - ids.startIndex])
            } else {
                itemVersions.append(0)
            }
        }
    }

    /// Removes the given items (unknown ids are ignored).
    ///
    /// - Complexity: O(n).
    public mutating func deleteItems(_ ids: [ItemID]) {
        let doomed = Set(ids)
        guard !doomed.isEmpty else { return }
        for section in storedItemIDs.indices {
            var keptIDs: [ItemID] = []
            var keptVersions: [Int] = []
            for (index, id) in storedItemIDs[section].enumerated() where !doomed.contains(id) {
                keptIDs.append(id)
                keptVersions.append(storedItemVersions[section][index])
            }
            storedItemIDs[section] = keptIDs
            storedItemVersions[section] = keptVersions
        }
        reindexItems()
    }

    /// Sets a new content version for an item, so the next diff reports it as reloaded.
    public mutating func setVersion(_ version: Int, for id: ItemID) {
        guard let path = path(of: id) else { return }
        storedItemVersions[path.section][path.item] = version
    }

    private mutating func reindexItems() {
        itemIndex.removeAll(keepingCapacity: true)
        for (section, ids) in storedItemIDs.enumerated() {
            for (item, id) in ids.enumerated() { itemIndex[id] = ItemPath(section: section, item: item).packed }
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

extension ItemPath {
    /// The path packed in one `Int`: the section in the bits above 40, the item below.
    /// Holds sections below 2^23 and items below 2^40.
    @inlinable
    var packed: Int { section << 40 | item }

    /// Unpacks `packed`.
    @inlinable
    init(packed: Int) {
        self.init(section: packed >> 40, item: packed & (1 << 40 - 1))
    }
}
