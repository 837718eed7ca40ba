import Foundation

/// The horizontal layout direction. `.rightToLeft` mirrors every x coordinate, so column 0 is
/// the rightmost column.
public enum LayoutDirection: Hashable, Sendable {
    /// Column 0 at the left.
    case leftToRight
    /// Column 0 at the right; x mirrored.
    case rightToLeft
}
