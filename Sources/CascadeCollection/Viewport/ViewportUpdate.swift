import CascadeLayout
import Foundation

/// What changed in a viewport after one scroll step or layout change.
///
/// A host applies it in order: enqueue the cells of `disappeared` first, then dequeue and bind
/// a cell for each of `appeared` (so a cell that just left can serve one that just came),
/// reposition `moved`, and hand `prefetch` / `cancelPrefetch` to its data and image loaders.
public struct ViewportUpdate: Equatable, Sendable {
    /// Elements that became visible, with their frames, sorted by id.
    public var appeared: [LayoutElement]
    /// Elements that are no longer visible, with their last frames, sorted by id.
    public var disappeared: [LayoutElement]
    /// Elements still visible whose frame changed (after a layout update), with new frames.
    public var moved: [LayoutElement]
    /// Items entering the prefetch window: start loading their data.
    public var prefetch: [ItemPath]
    /// Items previously prefetched that left the window without appearing: cancel their loads.
    public var cancelPrefetch: [ItemPath]
    /// The direction of this step.
    public var direction: ScrollDirection

    /// Creates an update.
    public init(
        appeared: [LayoutElement] = [], disappeared: [LayoutElement] = [], moved: [LayoutElement] = [],
        prefetch: [ItemPath] = [], cancelPrefetch: [ItemPath] = [], direction: ScrollDirection = .none
    ) {
        self.appeared = appeared
        self.disappeared = disappeared
        self.moved = moved
        self.prefetch = prefetch
        self.cancelPrefetch = cancelPrefetch
        self.direction = direction
    }

    /// True when no element appeared, disappeared or moved and no prefetch changed.
    public var isEmpty: Bool {
        appeared.isEmpty && disappeared.isEmpty && moved.isEmpty && prefetch.isEmpty && cancelPrefetch.isEmpty
    }
}
