import Foundation

/// A waterfall (masonry) layout: equal-width columns, each item placed into a column by the
/// configured rule, with headers, footers, full-span items and optional pinned headers.
///
/// The layout owns its items' sizing: give it items, a container width, and query it. An item
/// is a fixed height, an aspect ratio (height follows the column width), or `.provided`: the
/// layout then asks `heightProvider` for its height at the item's width, during placement.
/// Frames live in one contiguous array of 24-byte records plus a 4-byte per-item column index;
/// `LayoutElement` values are made only by queries.
///
/// ```swift
/// let layout = WaterfallLayout(configuration: WaterfallConfiguration())
/// layout.setContainerWidth(375)
/// layout.appendItems([.size(CGSize(width: 720, height: 1280)), .height(120)], toSection: 0)
/// let visible = layout.elements(in: CGRect(x: 0, y: 0, width: 375, height: 667))
/// ```
///
/// Costs (n items, C columns, S sections, k results): building is O(n·C); appending k items to
/// the last section O(k·C + C log n); insert/delete/move relayout from the first affected item;
/// a height change with `keepsColumnsOnHeightChange` (or round-robin placement) costs
/// O(256 + n/256 + S); queries cost O(C log n + S + k); scrolling never invalidates anything.
///
/// Bad input is clamped as documented on `LayoutClamp`, `WaterfallSectionStyle` and each
/// method; no input (provider answers included: NaN, infinite, negative) produces a NaN frame.
///
/// - Precondition: The height provider does not call back into the layout (no query, update or
///   property change of the layout it sizes): such a call stops the process with a
///   precondition failure naming the call, in debug and release builds alike.
/// - Warning: Lane indices are 32-bit: a layout holds at most 2^31 − 1 items.
public final class WaterfallLayout: CollectionLayout {
    // MARK: State

    /// The configuration in use.
    public private(set) var configuration: WaterfallConfiguration
    /// The container width the layout fills (NaN, infinite or negative → 0).
    public private(set) var containerWidth: CGFloat = 0
    /// Counts the changes that may have moved frames (every update, width or configuration
    /// change); queries and scrolling never change it. Hosts compare it to know when cached
    /// frames are stale.
    public internal(set) var revision = 0
    /// The frames of the last insert, delete or move, for animating it.
    public private(set) var lastTransition = LayoutTransition.none
    /// Heights for `.provided` items: called with the item's path and its width (the column
    /// width, or the items width for full-span items) while the layout places items, on the
    /// caller's thread. Results are clamped like any height. It must answer from its own data:
    /// calling back into this layout is a precondition failure (see the type's doc).
    /// Setting it does not relayout; call `invalidateProvidedHeights()`.
    public var heightProvider: ((ItemPath, CGFloat) -> CGFloat)? {
        willSet { checkNotInProvider() }
    }
    /// True while `heightProvider` runs: every entry point checks it (`checkNotInProvider`).
    var isAskingProvider = false

    var records: [ItemRecord] = []
    var sections: [SectionRecord] = []
    var lanes: [Lane] = []
    var spanLane = Lane()
    var scale: Double = 2
    /// The column runs placement may use (tests compare the paths; always `.keyed` otherwise).
    var columnRuns = ColumnRunMode.keyed

    // MARK: Lifecycle

    /// Creates an empty layout.
    public init(configuration: WaterfallConfiguration = WaterfallConfiguration(), containerWidth: CGFloat = 0) {
        self.configuration = configuration
        self.containerWidth = LayoutClamp.length(containerWidth)
        scale = LayoutClamp.scale(configuration.displayScale)
    }

    // MARK: Configuration

    /// Replaces the configuration and relayouts everything, reusing cached sizes.
    ///
    /// - Complexity: O(n·C).
    public func setConfiguration(_ configuration: WaterfallConfiguration) {
        checkNotInProvider()
        self.configuration = configuration
        scale = LayoutClamp.scale(configuration.displayScale)
        refreshGeometry()
        relayout(fromSection: 0, item: 0)
    }

    /// Sets the container width. A different width relayouts everything, reusing cached
    /// sizes (aspect-ratio heights are recomputed for the new column width; provided heights
    /// are asked again); the same width does nothing.
    ///
    /// - Complexity: O(n·C) when the width changes, O(1) otherwise.
    public func setContainerWidth(_ width: CGFloat) {
        checkNotInProvider()
        let width = LayoutClamp.length(width)
        guard width != containerWidth else { return }
        containerWidth = width
        refreshGeometry()
        relayout(fromSection: 0, item: 0)
    }

    /// Asks the height provider again for every `.provided` item and relayouts.
    ///
    /// - Complexity: O(n·C).
    public func invalidateProvidedHeights() {
        checkNotInProvider()
        relayout(fromSection: 0, item: 0)
    }

    // MARK: Loading items

    /// Replaces every section and item.
    ///
    /// - Complexity: O(n·C).
    public func replaceAll(sections newSections: [[WaterfallItem]]) {
        checkNotInProvider()
        revision &+= 1
        let total = newSections.reduce(0) { $0 + $1.count }
        // Reuse the lanes' storage when it fits (a refresh replaces a feed of about the same
        // size): fresh pages cost a fault each.
        let keep = lanes.reduce(0) { $0 + $1.items.capacity } <= total + total / 4 + 64
        for lane in lanes.indices {
            lanes[lane].items.removeAll(keepingCapacity: keep)
            lanes[lane].deltas.removeAll(keepingCapacity: keep)
            lanes[lane].bottoms.removeAll(keepingCapacity: keep)
            lanes[lane].groupBottoms.removeAll(keepingCapacity: keep)
        }
        spanLane = Lane()
        sections.removeAll()
        var start = 0
        for items in newSections {
            sections.append(SectionRecord(start: start, count: items.count, geometry: placeholderGeometry))
            start += items.count
        }
        refreshGeometry()
        reserveLanes(total)
        guard total > 0 else {
            records = []
            relayout(fromSection: 0, item: 0)
            return
        }
        // Create and place every record in one pass (see `placeItems`).
        let place = { (buffer: UnsafeMutableBufferPointer<ItemRecord>) in
            var state = PlacementState(columns: 0, top: 0, level: 0)
            for (index, items) in newSections.enumerated() {
                self.startSection(index, state: &state)
                items.withUnsafeBufferPointer { items in
                    self.placeItems(section: index, from: 0, state: &state, records: buffer, source: items)
                }
                self.finishSection(index, state: &state)
            }
        }
        if total <= records.count, records.capacity <= total + total / 4 + 64 {
            // A refresh of about the same size: overwrite the records in place (no allocation,
            // no page faults, no fill).
            records.removeLast(records.count - total)
            records.withUnsafeMutableBufferPointer { place($0) }
        } else {
            records = [ItemRecord](unsafeUninitializedCapacity: total) { buffer, count in
                Self.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
                place(UnsafeMutableBufferPointer(rebasing: buffer[0..<total]))
                count = total
            }
        }
    }

    /// Replaces everything with one section of `items`.
    ///
    /// - Complexity: O(n·C).
    public func replaceAll(items: [WaterfallItem]) {
        replaceAll(sections: [items])
    }

    /// Appends `items` to the end of `section`. A section index past the last section adds
    /// empty sections up to it (a negative index means section 0).
    ///
    /// - Complexity: O(k·C + C log n) for k items appended to the last section; appending to
    ///   an earlier section relayouts from the first new item.
    public func appendItems(_ items: [WaterfallItem], toSection section: Int = 0) {
        checkNotInProvider()
        let section = max(0, section)
        ensureSections(upTo: section)
        insertRecords(items, section: section, at: sections[section].count)
    }

    /// Appends items sized like content of `sizes` (cover images: height = column width ×
    /// height ÷ width, pixel-rounded; invalid sizes give squares). See `appendItems(_:toSection:)`.
    ///
    /// - Complexity: O(k·C + C log n) for k items appended to the last section.
    public func appendItems(sizes: [CGSize], toSection section: Int = 0) {
        appendItems(sizes.map { WaterfallItem.size($0) }, toSection: section)
    }

    /// Appends items of fixed `heights` (clamped). See `appendItems(_:toSection:)`.
    ///
    /// - Complexity: O(k·C + C log n) for k items appended to the last section.
    public func appendItems(heights: [CGFloat], toSection section: Int = 0) {
        appendItems(heights.map { WaterfallItem.height($0) }, toSection: section)
    }

    /// Appends a new section holding `items`.
    ///
    /// - Complexity: O(k·C + C log n).
    public func appendSection(_ items: [WaterfallItem]) {
        checkNotInProvider()
        ensureSections(upTo: sections.count)
        insertRecords(items, section: sections.count - 1, at: 0)
    }

    // MARK: Updates

    /// Inserts `items` before `path` (an item index past the end appends; a section past the
    /// last adds empty sections up to it). Relayouts from the first inserted item.
    ///
    /// - Returns: the inserted items' frames, also kept in `lastTransition`.
    /// - Complexity: O(m·C + C log n) for the m items from `path` to the end.
    @discardableResult
    public func insertItems(_ items: [WaterfallItem], at path: ItemPath) -> LayoutTransition {
        checkNotInProvider()
        let section = max(0, path.section)
        ensureSections(upTo: section)
        let index = min(max(0, path.item), sections[section].count)
        insertRecords(items, section: section, at: index)
        var inserted: [ItemPath: CGRect] = [:]
        for offset in 0..<items.count {
            let itemPath = ItemPath(section: section, item: index + offset)
            inserted[itemPath] = itemFrame(global: sections[section].start + index + offset)
        }
        lastTransition = LayoutTransition(inserted: inserted)
        return lastTransition
    }

    /// Deletes the items at `paths` (paths that do not exist are ignored; duplicates count
    /// once). Relayouts from the first deleted item.
    ///
    /// - Returns: the deleted items' frames before deletion, also kept in `lastTransition`.
    /// - Complexity: O(m·C + C log n + S) for the m items after the first deleted one.
    @discardableResult
    public func deleteItems(at paths: [ItemPath]) -> LayoutTransition {
        checkNotInProvider()
        let valid = Set(paths.filter(contains)).sorted()
        guard let first = valid.first else {
            lastTransition = .none
            return .none
        }
        var deleted: [ItemPath: CGRect] = [:]
        for path in valid { deleted[path] = itemFrame(global: sections[path.section].start + path.item) }
        for path in valid.reversed() { removeRecord(at: path) }
        relayout(fromSection: first.section, item: first.item)
        lastTransition = LayoutTransition(deleted: deleted)
        return lastTransition
    }

    /// Moves one item (a destination index past the end moves it to the end of that section;
    /// a missing source does nothing). Relayouts from the first affected item.
    ///
    /// - Returns: the moved item's new path with its frame before the move, also kept in
    ///   `lastTransition`.
    /// - Complexity: O(m·C + C log n + S) for the m items after the first affected one.
    @discardableResult
    public func moveItem(from source: ItemPath, to destination: ItemPath) -> LayoutTransition {
        checkNotInProvider()
        guard contains(source) else {
            lastTransition = .none
            return .none
        }
        let before = itemFrame(global: sections[source.section].start + source.item, section: source.section)
        let record = records[sections[source.section].start + source.item]
        removeRecord(at: source)
        let section = max(0, destination.section)
        ensureSections(upTo: section)
        let index = min(max(0, destination.item), sections[section].count)
        insertRaw([record], section: section, at: index)
        let first = min(source, ItemPath(section: section, item: index))
        relayout(fromSection: first.section, item: first.item)
        lastTransition = LayoutTransition(moved: [ItemPath(section: section, item: index): before])
        return lastTransition
    }

    /// Replaces the sizing of the item at `path` (missing paths are ignored).
    ///
    /// When the item keeps its span and columns are stable (`keepsColumnsOnHeightChange`, or
    /// round-robin placement), only what its height moves is shifted: the items below it in
    /// its column up to the next full-width element, then everything after that by the change
    /// of the tallest column. Otherwise the items from it onwards are placed again.
    ///
    /// - Complexity: stable: O(C log n + 256·C + n/256 + S); otherwise O(m·C) for the m items
    ///   from `path` on.
    public func updateItem(_ item: WaterfallItem, at path: ItemPath) {
        checkNotInProvider()
        guard contains(path) else { return }
        let global = sections[path.section].start + path.item
        let old = records[global]
        var record = ItemRecord(item: item)
        guard record.spansAllColumns == old.spansAllColumns, columnsAreStable else {
            records[global] = record
            relayout(fromSection: path.section, item: path.item)
            return
        }
        record.y = old.y
        record.height = old.height
        record.lanePosition = old.lanePosition
        record.column = old.column
        records[global] = record
        let width =
            old.spansAllColumns
            ? sections[path.section].geometry.itemsWidth : sections[path.section].geometry.columnWidth
        let height = resolvedHeight(of: record, width: width, path: path)
        shiftForHeightChange(global: global, section: path.section, newHeight: height)
    }

    /// Sets a fixed height for the item at `path`; see `updateItem(_:at:)`.
    public func updateHeight(of path: ItemPath, to height: CGFloat) {
        checkNotInProvider()
        guard contains(path) else { return }
        let spans = records[sections[path.section].start + path.item].spansAllColumns
        updateItem(.height(height, fullSpan: spans), at: path)
    }

    // MARK: Reading items

    /// The total number of items in every section.
    public var totalItemCount: Int {
        checkNotInProvider()
        return records.count
    }

    /// The item at `path` as the layout stores it (sizes at Float32 precision), if it exists.
    public func item(at path: ItemPath) -> WaterfallItem? {
        checkNotInProvider()
        return contains(path) ? records[sections[path.section].start + path.item].item : nil
    }

    /// The number of columns of `section` at the current width (0 if it does not exist).
    public func columnCount(inSection section: Int) -> Int {
        checkNotInProvider()
        return sections.indices.contains(section) ? sections[section].geometry.columnCount : 0
    }

    /// The column width of `section` at the current width (0 if it does not exist).
    public func columnWidth(inSection section: Int) -> CGFloat {
        checkNotInProvider()
        return sections.indices.contains(section) ? sections[section].geometry.columnWidth : 0
    }

    /// The column the item at `path` is in, or nil for full-span and missing items.
    public func column(of path: ItemPath) -> Int? {
        checkNotInProvider()
        guard contains(path) else { return nil }
        let record = records[sections[path.section].start + path.item]
        return record.spansAllColumns ? nil : Int(record.column)
    }

    /// The storage the layout holds per item, in bytes: item records, column indices and
    /// block deltas (allocated capacity), plus section records, divided by the item count.
    public var bytesPerItem: Double {
        checkNotInProvider()
        let laneBytes = lanes.reduce(spanLane.allocatedBytes) { $0 + $1.allocatedBytes }
        let bytes =
            records.capacity * MemoryLayout<ItemRecord>.stride + laneBytes + sections.capacity
            * MemoryLayout<SectionRecord>.stride
        return Double(bytes) / Double(max(1, records.count))
    }

    // MARK: Internal

    /// Stops the process when the height provider calls back into the layout: the layout is
    /// half-way through placing items (records, lanes and sections disagree, and `records` may
    /// be borrowed as raw memory), so any answer or change would be wrong or corrupt memory.
    /// The message names the call in release builds too (a `precondition` message is dropped
    /// with `-O`).
    @inline(__always)
    func checkNotInProvider(_ function: StaticString = #function) {
        if isAskingProvider { Self.providerCalledBack(function) }
    }

    @inline(never)
    private static func providerCalledBack(_ function: StaticString) -> Never {
        fatalError(
            "WaterfallLayout.\(function) called from its heightProvider: the provider must not call back into the layout"
        )
    }

    var columnsAreStable: Bool {
        configuration.keepsColumnsOnHeightChange || configuration.placement != .shortestColumn
    }

    func contains(_ path: ItemPath) -> Bool {
        sections.indices.contains(path.section) && path.item >= 0 && path.item < sections[path.section].count
    }

    var placeholderGeometry: SectionGeometry {
        SectionGeometry(style: configuration.section, containerWidth: containerWidth)
    }

    private func ensureSections(upTo section: Int) {
        guard section >= sections.count else { return }
        let firstNew = sections.count
        while sections.count <= section {
            sections.append(SectionRecord(start: records.count, count: 0, geometry: placeholderGeometry))
        }
        refreshGeometry()
        relayout(fromSection: firstNew, item: 0)
    }

    private func insertRecords(_ items: [WaterfallItem], section: Int, at index: Int) {
        guard !items.isEmpty else { return }
        insertRaw(items.map(ItemRecord.init(item:)), section: section, at: index)
        relayout(fromSection: section, item: index)
    }

    private func insertRaw(_ newRecords: [ItemRecord], section: Int, at index: Int) {
        let global = sections[section].start + index
        truncateLanes(at: global)
        Self.grow(&records, adding: newRecords.count)
        growLanes(adding: newRecords.count)
        if global == records.count {
            records.append(contentsOf: newRecords)
        } else {
            records.insert(contentsOf: newRecords, at: global)
        }
        sections[section].count += newRecords.count
        for later in (section + 1)..<sections.count { sections[later].start += newRecords.count }
    }

    private func removeRecord(at path: ItemPath) {
        let global = sections[path.section].start + path.item
        truncateLanes(at: global)
        records.remove(at: global)
        sections[path.section].count -= 1
        for later in (path.section + 1)..<sections.count { sections[later].start -= 1 }
    }

    private func reserveLanes(_ total: Int) {
        let columns = max(1, sections.map(\.geometry.columnCount).max() ?? 1)
        for lane in lanes.indices {
            lanes[lane].items.reserveCapacity(total / columns + total / (columns * 16) + 64)
        }
    }

    /// Asks the kernel to back a large, fresh buffer with huge pages where it can (Linux
    /// transparent huge pages in `madvise` mode): a 1M-item record array then takes about a
    /// dozen page faults instead of six thousand, which otherwise cost as much as placing the
    /// items. Best effort: failures are ignored.
    static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            let hugePage = 2 << 20
            guard let base = buffer.baseAddress, buffer.count >= 2 * hugePage else { return }
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// Makes room for `count` more items growing by 1/8 instead of doubling, which keeps the
    /// slack, and so the bytes per item, small for large feeds (still amortised O(1)).
    static func grow<Element>(_ array: inout [Element], adding count: Int) {
        let needed = array.count + count
        guard needed > array.capacity else { return }
        array.reserveCapacity(max(needed, array.count + array.count / 8 + 16))
    }

    /// Makes room in the column lanes for `count` more items spread over the columns.
    private func growLanes(adding count: Int) {
        let columns = max(1, sections.last?.geometry.columnCount ?? 1)
        let share = min(count, count / columns + count / (columns * 4) + 8)
        for lane in lanes.indices { Self.grow(&lanes[lane].items, adding: share) }
    }
}
