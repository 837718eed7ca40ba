import CascadeCollection
import CascadeLayout

/// A host cell for tests that records what was done to it.
public final class SpyCell {
    /// What happened to the cell, in order.
    public enum Call: Equatable {
        /// Bound to show an element.
        case bind(ElementID)
        /// Prepared for reuse by the pool.
        case prepareForReuse
        /// Hidden after its element disappeared.
        case hide
    }

    /// A serial number, for readable failures.
    public let serial: Int
    /// The calls in order.
    public private(set) var calls: [Call] = []
    /// The element currently shown.
    public private(set) var element: LayoutElement?

    /// Creates a cell.
    public init(serial: Int) {
        self.serial = serial
    }

    /// Shows `element`.
    public func bind(_ element: LayoutElement) {
        self.element = element
        calls.append(.bind(element.id))
    }

    /// Clears the cell for reuse.
    public func prepareForReuse() {
        element = nil
        calls.append(.prepareForReuse)
    }

    /// Hides the cell.
    public func hide() {
        calls.append(.hide)
    }
}
