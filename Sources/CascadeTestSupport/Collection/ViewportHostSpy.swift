import CascadeCollection
import CascadeLayout

/// A host that records, in order, what a `CollectionViewport` told it to do.
public final class ViewportHostSpy {
    /// One instruction from a viewport update.
    public enum Call: Equatable {
        /// Recycle the cell of an element.
        case disappear(ElementID)
        /// Show an element.
        case appear(ElementID)
        /// Move an element's cell.
        case move(ElementID)
        /// Start loading an item's data.
        case prefetch(ItemPath)
        /// Cancel loading an item's data.
        case cancel(ItemPath)
    }

    /// The calls in order.
    public private(set) var calls: [Call] = []

    /// Creates an empty spy.
    public init() {}

    /// Records `update` in the order a host applies it.
    public func record(_ update: ViewportUpdate) {
        calls += update.disappeared.map { .disappear($0.id) }
        calls += update.appeared.map { .appear($0.id) }
        calls += update.moved.map { .move($0.id) }
        calls += update.prefetch.map { .prefetch($0) }
        calls += update.cancelPrefetch.map { .cancel($0) }
    }

    /// Returns the calls so far and forgets them.
    public func take() -> [Call] {
        defer { calls = [] }
        return calls
    }
}
