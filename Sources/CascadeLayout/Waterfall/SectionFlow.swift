import Foundation

/// How a section's items start relative to the previous section.
public enum SectionFlow: Hashable, Sendable {
    /// Each section starts level, below the tallest column of the previous one.
    case classic
    /// Masonry continues across sections: each column carries on below its own last item.
    ///
    /// Two neighbouring sections join only when the first has no footer, the second has no
    /// header, and both have the same column count, spacings and left/right insets; the
    /// top/bottom section insets between joined sections are not applied. Otherwise the next
    /// section starts level as in `.classic`.
    case continuous
}
