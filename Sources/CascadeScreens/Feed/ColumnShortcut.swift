/// Ctrl + `+` / `-` / `0` on the feed: one column more, one fewer, back to adaptive columns.
public enum ColumnShortcut: Equatable, Sendable {
    /// One column more.
    case more
    /// One column fewer.
    case fewer
    /// Columns from the window width again.
    case adaptive

    /// The shortcut for a GDK key name (`gdk_keyval_name`), if it is one.
    public init?(keyName: String) {
        switch keyName {
        case "plus", "equal", "KP_Add": self = .more
        case "minus", "underscore", "KP_Subtract": self = .fewer
        case "0", "KP_0": self = .adaptive
        default: return nil
        }
    }

    /// The fixed column count after the shortcut (nil: adaptive), from the fixed count in
    /// effect (`current`, nil when adaptive) and the count the feed shows now (`shown`).
    public func columns(after current: Int?, shown: Int) -> Int? {
        let range = Preferences.columnRange
        let base = current ?? max(range.lowerBound, shown)
        switch self {
        case .more: return min(range.upperBound, base + 1)
        case .fewer: return max(range.lowerBound, base - 1)
        case .adaptive: return nil
        }
    }
}
