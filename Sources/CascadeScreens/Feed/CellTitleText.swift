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
        // Most titles are already one paragraph: returned as they are, nothing built (every bind).
        if isDisplayed(title) { return title }
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

    /// Whether `title` has no break but single spaces between other characters.
    private static func isDisplayed(_ title: String) -> Bool {
        var afterSpace = true
        for scalar in title.unicodeScalars {
            if scalar == " " {
                if afterSpace { return false }
                afterSpace = true
            } else if isBreak(scalar) {
                return false
            } else {
                afterSpace = false
            }
        }
        return !afterSpace || title.isEmpty
    }

    /// Whether `scalar` is whitespace or a control character; ASCII without the property tables
    /// (below U+0021 both, U+007F a control, the rest neither).
    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }
}
