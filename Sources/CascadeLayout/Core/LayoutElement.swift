import Foundation

/// One element a layout placed: its identity, frame and stacking order.
///
/// A small value made on demand by queries; layouts store frames in contiguous storage and
/// build these only for the elements a caller asks for.
public struct LayoutElement: Hashable, Sendable {
    /// Which element this is.
    public var id: ElementID
    /// Its frame in content coordinates (origin top-left, y grows downwards).
    public var frame: CGRect
    /// Stacking order: higher draws above lower (pinned headers sit above items).
    public var zIndex: Int

    /// Creates an element.
    public init(id: ElementID, frame: CGRect, zIndex: Int = 0) {
        self.id = id
        self.frame = frame
        self.zIndex = zIndex
    }
}
