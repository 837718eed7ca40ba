import Foundation

/// Which column the next item goes into.
public enum ItemPlacement: Hashable, Sendable {
    /// The currently shortest column; ties go to the leftmost (the reference behaviour).
    case shortestColumn
    /// Columns in turn from left to right (`n % columns`), ignoring their heights.
    case leftToRight
    /// Columns in turn from right to left.
    case rightToLeft
}
