import Foundation

/// The frames a host needs to animate one batch update of a layout.
///
/// Inserted items appear at their final frames (hosts usually fade them in from there);
/// deleted items disappear from the frames they had before the update.
public struct LayoutTransition: Equatable, Sendable {
    /// Inserted items and their frames after the update (their initial frames when animating).
    public var inserted: [ItemPath: CGRect]
    /// Deleted items and their frames before the update (their final frames when animating).
    public var deleted: [ItemPath: CGRect]
    /// Moved items, by their path after the update, with their frames before it (their initial
    /// frames when animating; the final frame is `frame(for:)`).
    public var moved: [ItemPath: CGRect]

    /// Creates a transition.
    public init(
        inserted: [ItemPath: CGRect] = [:], deleted: [ItemPath: CGRect] = [:], moved: [ItemPath: CGRect] = [:]
    ) {
        self.inserted = inserted
        self.deleted = deleted
        self.moved = moved
    }

    /// No change.
    public static let none = LayoutTransition()
}
