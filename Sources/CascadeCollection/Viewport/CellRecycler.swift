import CascadeLayout

/// Keeps the host's cells in step with a `CollectionViewport`: one live cell per visible
/// element, spare cells in a `ReusePool`.
///
/// A host that does not want to manage the mapping itself calls `apply` with each update:
///
/// ```swift
/// let recycler = CellRecycler<FeedCell>(pool: ReusePool(prepareForReuse: { $0.clear() }))
/// recycler.apply(viewport.setVisibleRect(rect),
///                make: { _ in FeedCell() },
///                bind: { cell, element in cell.show(items[element.id.path.item], in: element.frame) },
///                hide: { $0.isHidden = true })
/// ```
///
/// - Warning: Not thread-safe; use it on the thread that owns the cells.
public final class CellRecycler<Cell: AnyObject> {
    // MARK: State

    /// The pool spare cells go to.
    public let pool: ReusePool<Cell>
    /// The reuse identifier of an element: by default `"item"`, `"header"` or `"footer"`.
    public var reuseIdentifier: (ElementID) -> String
    /// The cell showing each visible element.
    public private(set) var visibleCells: [ElementID: Cell] = [:]

    // MARK: Lifecycle

    /// Creates a recycler over `pool`.
    public init(
        pool: ReusePool<Cell> = ReusePool(),
        reuseIdentifier: @escaping (ElementID) -> String = CellRecycler.kindIdentifier
    ) {
        self.pool = pool
        self.reuseIdentifier = reuseIdentifier
    }

    /// The default reuse identifier: the element kind's name.
    public static func kindIdentifier(_ id: ElementID) -> String {
        switch id.kind {
        case .item: "item"
        case .header: "header"
        case .footer: "footer"
        }
    }

    // MARK: Applying updates

    /// Applies `update`: cells of disappeared elements are hidden and pooled (or passed to
    /// `discard` when the pool is full), then each appeared element gets a pooled or new cell
    /// bound with `bind`, and moved elements are re-bound with their new frames.
    ///
    /// - Complexity: O(k) for k changed elements.
    public func apply(
        _ update: ViewportUpdate, make: (String) -> Cell, bind: (Cell, LayoutElement) -> Void,
        hide: (Cell) -> Void = { _ in }, discard: (Cell) -> Void = { _ in }
    ) {
        for element in update.disappeared {
            guard let cell = visibleCells.removeValue(forKey: element.id) else { continue }
            hide(cell)
            if let overflow = pool.enqueue(cell, identifier: reuseIdentifier(element.id)) { discard(overflow) }
        }
        for element in update.appeared {
            let identifier = reuseIdentifier(element.id)
            let cell = visibleCells[element.id] ?? pool.dequeue(identifier, orMake: { make(identifier) })
            visibleCells[element.id] = cell
            bind(cell, element)
        }
        for element in update.moved {
            if let cell = visibleCells[element.id] { bind(cell, element) }
        }
    }

    /// Re-keys the visible cells after the data changed under them (a diff moved their items):
    /// each cell goes to the element `transform` gives its element, or, for nil, is hidden and
    /// pooled (its item went away or must be bound afresh). The host then resets its viewport
    /// and applies the next update: an element whose cell was kept re-binds that cell (moved to
    /// its new frame, its content as it was) instead of taking a pooled one.
    ///
    /// - Complexity: O(k) for k visible cells.
    public func remapVisibleCells(
        _ transform: (ElementID) -> ElementID?, hide: (Cell) -> Void = { _ in }, discard: (Cell) -> Void = { _ in }
    ) {
        var remapped: [ElementID: Cell] = [:]
        remapped.reserveCapacity(visibleCells.count)
        for (id, cell) in visibleCells {
            if let target = transform(id), remapped[target] == nil {
                remapped[target] = cell
            } else {
                hide(cell)
                if let overflow = pool.enqueue(cell, identifier: reuseIdentifier(id)) { discard(overflow) }
            }
        }
        visibleCells = remapped
    }

    /// Hides and pools every visible cell whose element is not in `ids`: after a remap and the
    /// update that follows a viewport reset, a kept cell whose item is now off screen would
    /// otherwise stay, since nothing reports it as disappeared.
    ///
    /// - Complexity: O(k) for k visible cells.
    public func hideCells(
        notIn ids: Set<ElementID>, hide: (Cell) -> Void = { _ in }, discard: (Cell) -> Void = { _ in }
    ) {
        for (id, cell) in visibleCells where !ids.contains(id) {
            visibleCells[id] = nil
            hide(cell)
            if let overflow = pool.enqueue(cell, identifier: reuseIdentifier(id)) { discard(overflow) }
        }
    }

    /// Every cell alive: visible plus pooled.
    public var liveCellCount: Int { visibleCells.count + pool.count }
}
