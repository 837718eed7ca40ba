import CascadeLayout
import Foundation

/// The virtualization state of one scrolling collection: which elements are visible, which
/// items are prefetched, and what changed at each scroll step.
///
/// A host feeds it the visible rect on every frame and applies the returned update:
///
/// ```swift
/// let update = viewport.setVisibleRect(scrollView.visibleRect)
/// for element in update.disappeared { recycle(cell(for: element.id)) }
/// for element in update.appeared { bind(dequeueCell(for: element.id), element) }
/// for element in update.moved { cell(for: element.id)?.frame = element.frame }
/// imageLoader.prefetch(update.prefetch); imageLoader.cancel(update.cancelPrefetch)
/// ```
///
/// Each step makes one layout query for the visible rect grown by the prefetch window and
/// merges sorted id lists, so its cost does not depend on the number of items.
///
/// - Warning: Not thread-safe; use it from the thread that owns the layout (the main thread).
public final class CollectionViewport {
    // MARK: State

    /// The layout queried for elements. After changing it (or its data) call
    /// `setVisibleRect` again: elements whose frame changed come back as `moved`; call
    /// `reset()` first when element ids no longer denote the same data.
    public var layout: any CollectionLayout
    /// The prefetch window; takes effect at the next step.
    public var prefetchWindow: PrefetchWindow
    /// The scroll axis, which decides the scroll direction and the window's shape.
    public let axis: ScrollAxis

    /// The last visible rect (`.null` before the first step).
    public private(set) var visibleRect: CGRect = .null
    /// The visible elements, sorted by id.
    public private(set) var visibleElements: [LayoutElement] = []
    /// Items prefetched and not cancelled or shown yet, ascending.
    public private(set) var prefetchedItems: [ItemPath] = []
    /// The direction of the last step that moved.
    public private(set) var direction: ScrollDirection = .none

    /// Items in the window but not visible at the last step, ascending.
    private var windowItems: [ItemPath] = []

    // MARK: Lifecycle

    /// Creates a viewport over `layout`.
    public init(
        layout: any CollectionLayout, prefetchWindow: PrefetchWindow = PrefetchWindow(), axis: ScrollAxis = .vertical
    ) {
        self.layout = layout
        self.prefetchWindow = prefetchWindow
        self.axis = axis
    }

    // MARK: Scrolling

    /// Moves the viewport to `rect` (content coordinates) and returns what changed.
    ///
    /// A rect with a non-finite or negative component is treated as empty: every element
    /// disappears and every prefetch is cancelled.
    ///
    /// - Complexity: O(log n + k) for k elements in the visible rect and prefetch window.
    @discardableResult
    public func setVisibleRect(_ rect: CGRect) -> ViewportUpdate {
        guard Self.isUsable(rect) else { return reset() }
        if !visibleRect.isNull {
            let delta = axis.offset(of: rect.origin) - axis.offset(of: visibleRect.origin)
            if delta > 0 { direction = .forward } else if delta < 0 { direction = .backward }
        }
        visibleRect = rect
        let region = prefetchWindow.region(around: rect, direction: direction, axis: axis)
        var inWindow =
            (layout as? any HeaderPinningLayout)?.elements(in: region, pinningHeadersTo: rect.minY)
            ?? layout.elements(in: region)
        ElementOrder.sort(&inWindow)

        var visible: [LayoutElement] = []
        visible.reserveCapacity(visibleElements.count + 8)
        var window: [ItemPath] = []
        window.reserveCapacity(inWindow.count)
        for element in inWindow {
            if ElementOrder.intersects(element.frame, rect) {
                visible.append(element)
            } else if element.id.kind == .item {
                window.append(element.id.path)
            }
        }
        // Stored properties are read once into locals: inside the loops below every access
        // to a class property would pay a dynamic exclusivity check.
        let oldVisible = visibleElements
        var update = Self.diffVisible(old: oldVisible, new: visible)
        update.direction = direction
        prefetchedItems = Self.updatePrefetch(
            newWindow: window, oldWindow: windowItems, newVisible: visible, oldVisible: oldVisible,
            prefetched: prefetchedItems, into: &update)
        visibleElements = visible
        windowItems = window
        return update
    }

    /// Forgets every element: all visible elements disappear and every prefetch is cancelled.
    /// Use after the data changed so much that ids no longer denote the same content.
    @discardableResult
    public func reset() -> ViewportUpdate {
        let update = ViewportUpdate(disappeared: visibleElements, cancelPrefetch: prefetchedItems, direction: direction)
        visibleElements = []
        prefetchedItems = []
        windowItems = []
        visibleRect = .null
        direction = .none
        return update
    }

    // MARK: Diffing

    private static func diffVisible(old: [LayoutElement], new: [LayoutElement]) -> ViewportUpdate {
        var update = ViewportUpdate()
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && ElementOrder.precedes(old[i].id, new[j].id)) {
                update.disappeared.append(old[i])
                i += 1
            } else if i == old.count || ElementOrder.precedes(new[j].id, old[i].id) {
                update.appeared.append(new[j])
                j += 1
            } else {
                if old[i].frame != new[j].frame { update.moved.append(new[j]) }
                i += 1
                j += 1
            }
        }
        return update
    }

    /// Prefetch items entering the window that were neither in it nor visible before; cancel
    /// prefetched items that left it without becoming visible; items that became visible are
    /// consumed silently.
    private static func updatePrefetch(
        newWindow: [ItemPath], oldWindow: [ItemPath], newVisible: [LayoutElement], oldVisible: [LayoutElement],
        prefetched prefetchedItems: [ItemPath], into update: inout ViewportUpdate
    ) -> [ItemPath] {
        guard !(newWindow.isEmpty && oldWindow.isEmpty && prefetchedItems.isEmpty) else { return [] }
        var requested: [ItemPath] = []
        requested.reserveCapacity(newWindow.count)
        // Walk newWindow against oldWindow, oldVisible and prefetchedItems in one merge.
        var w = 0
        var v = 0
        var p = 0
        for item in newWindow {
            while w < oldWindow.count && oldWindow[w] < item { w += 1 }
            while v < oldVisible.count && Self.itemPrecedes(oldVisible[v].id, item) { v += 1 }
            while p < prefetchedItems.count && prefetchedItems[p] < item { p += 1 }
            let wasRequested = p < prefetchedItems.count && prefetchedItems[p] == item
            let wasInWindow = w < oldWindow.count && oldWindow[w] == item
            let wasVisible = v < oldVisible.count && oldVisible[v].id.kind == .item && oldVisible[v].id.path == item
            if wasRequested {
                requested.append(item)
            } else if !wasInWindow && !wasVisible {
                update.prefetch.append(item)
                requested.append(item)
            }
        }
        // Cancel what was requested and is now neither in the window nor visible.
        var n = 0
        var s = 0
        for item in prefetchedItems {
            while n < newWindow.count && newWindow[n] < item { n += 1 }
            while s < newVisible.count && Self.itemPrecedes(newVisible[s].id, item) { s += 1 }
            let inWindow = n < newWindow.count && newWindow[n] == item
            let isVisible = s < newVisible.count && newVisible[s].id.kind == .item && newVisible[s].id.path == item
            if !inWindow && !isVisible { update.cancelPrefetch.append(item) }
        }
        return requested
    }

    /// Whether `id` sorts before the item at `path` (items sort first, then by path).
    @inline(__always)
    private static func itemPrecedes(_ id: ElementID, _ path: ItemPath) -> Bool {
        id.kind == .item && id.path < path
    }

    private static func isUsable(_ rect: CGRect) -> Bool {
        rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
            && rect.size.width >= 0 && rect.size.height >= 0
    }
}
