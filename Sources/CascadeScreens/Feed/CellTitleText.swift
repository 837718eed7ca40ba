/// The text a feed cell draws for an item's title: one paragraph, as on a card.
///
/// A feed's titles are outside data: line breaks, tabs, runs of spaces or control characters
/// in them would give a title extra lines past the cell's two, or blank ones, or odd gaps.
public enum CellTitleText {
    /// `title` with every run of whitespace (spaces, tabs, line and paragraph separators, no-break
    /// spaces) and control characters made one space, and trimmed at both ends. Format characters
    /// are kept: zero-width joiners hold emoji sequences together and direction marks order
    /// mixed scripts.
    public static func displayed(_ title: String) -> String {
        var result = String.UnicodeScalarView()
        var gap = false
        for scalar in title.unicodeScalars {
            if isBreak(scalar) {
                gap = !result.isEmpty
            } else {
                if gap { result.append(" ") }
                gap = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `scalar` is whitespace or a control character.
    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }
}
