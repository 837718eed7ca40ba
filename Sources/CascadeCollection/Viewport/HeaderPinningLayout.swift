import CascadeLayout
import Foundation

/// A layout whose section headers can stick to the top of the viewport.
///
/// `CollectionViewport` queries a rect larger than the viewport (the prefetch window); a
/// layout that pins headers to the query rect's top would pin them above the screen. Layouts
/// conforming here are asked to pin to the viewport's top instead.
public protocol HeaderPinningLayout: CollectionLayout {
    /// Every element overlapping `rect`, with pinned headers stuck to `visibleTop`.
    ///
    /// - Complexity: O(log n + k) for k returned elements.
    func elements(in rect: CGRect, pinningHeadersTo visibleTop: CGFloat) -> [LayoutElement]
}

extension WaterfallLayout: HeaderPinningLayout {}
