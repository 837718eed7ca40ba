import Foundation

/// A laid-out collection that can be queried by the virtualization engine and by hosts.
///
/// `CascadeCollection` drives any `CollectionLayout`: it asks for the elements in the visible
/// rect on every scroll step, so `elements(in:)` is the hot path.
public protocol CollectionLayout: AnyObject {
    /// The size of the whole scrollable content.
    var contentSize: CGSize { get }

    /// The number of sections laid out.
    var numberOfSections: Int { get }

    /// The number of items laid out in `section` (0 for a section that does not exist).
    func numberOfItems(inSection section: Int) -> Int

    /// Every element whose frame intersects `rect`, sorted by `id` kind-independent position
    /// (section, then y, then x is not required; callers must not rely on an order).
    ///
    /// - Complexity: O(log n + k) for k returned elements in the layouts this package ships.
    func elements(in rect: CGRect) -> [LayoutElement]

    /// The frame of one element, or nil if it does not exist (or has zero height, like a
    /// header of height 0).
    ///
    /// - Complexity: O(1) for items in the layouts this package ships.
    func frame(for id: ElementID) -> CGRect?
}
