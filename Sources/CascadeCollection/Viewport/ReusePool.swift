/// A bounded pool of spare cells keyed by reuse identifier, generic over the host's cell type.
///
/// `enqueue` parks a cell that scrolled away; `dequeue` hands one back after calling
/// `prepareForReuse` on it (the hook where a host clears its image, cancels its loads and
/// resets its state). Each identifier keeps at most
/// `capacityPerIdentifier` cells; a cell enqueued beyond that is returned to the caller to
/// destroy, so the pool never grows with the item count.
///
/// - Warning: Not thread-safe; use it on the thread that owns the cells.
public final class ReusePool<Cell: AnyObject> {
    // MARK: State

    /// The most cells kept per reuse identifier (≥ 0).
    public let capacityPerIdentifier: Int
    private let prepareForReuse: (Cell) -> Void
    private var spare: [String: [Cell]] = [:]

    // MARK: Lifecycle

    /// Creates a pool; a negative capacity counts as 0 (no pooling).
    public init(capacityPerIdentifier: Int = 32, prepareForReuse: @escaping (Cell) -> Void = { _ in }) {
        self.capacityPerIdentifier = max(0, capacityPerIdentifier)
        self.prepareForReuse = prepareForReuse
    }

    // MARK: Pooling

    /// A spare cell for `identifier`, prepared for reuse, or nil when none is pooled.
    ///
    /// - Complexity: O(1).
    public func dequeue(_ identifier: String) -> Cell? {
        guard let cell = spare[identifier]?.popLast() else { return nil }
        prepareForReuse(cell)
        return cell
    }

    /// A spare cell for `identifier` (prepared for reuse), or a new one from `make`.
    ///
    /// - Complexity: O(1) plus the cost of `make`.
    public func dequeue(_ identifier: String, orMake make: () -> Cell) -> Cell {
        dequeue(identifier) ?? make()
    }

    /// Parks `cell` under `identifier`. Returns the cell back when the identifier's pool is
    /// full: the caller destroys it.
    ///
    /// - Complexity: O(1).
    @discardableResult
    public func enqueue(_ cell: Cell, identifier: String) -> Cell? {
        var cells = spare.removeValue(forKey: identifier) ?? []
        defer { spare[identifier] = cells }
        guard cells.count < capacityPerIdentifier else { return cell }
        cells.append(cell)
        return nil
    }

    /// The number of spare cells for every identifier.
    public var count: Int { spare.values.reduce(0) { $0 + $1.count } }

    /// The number of spare cells for `identifier`.
    public func count(for identifier: String) -> Int { spare[identifier]?.count ?? 0 }

    /// Whether `cell` is pooled.
    ///
    /// - Complexity: O(m) for m pooled cells.
    public func contains(_ cell: Cell) -> Bool {
        spare.values.contains { cells in cells.contains { $0 === cell } }
    }

    /// Removes and returns every spare cell (for a host freeing memory).
    public func drain() -> [Cell] {
        defer { spare.removeAll() }
        return spare.values.flatMap { $0 }
    }
}
