import Foundation

/// Whether a title matches what the user typed in the search bar: every word of the query
/// appears in the title, ignoring case, accents and full-width forms (`"cafe"` finds "Café",
/// `"ＡＢＣ"` finds "abc"), and any substring of a Chinese, Japanese or Korean title matches (those
/// scripts have no spaces between words, so a query is not split inside them).
///
/// ```swift
/// let matcher = TitleMatcher(query: "cafe paris")
/// matcher.matches("Un café à Paris")  // true
/// TitleMatcher(query: "瀑布").matches("云南瀑布之旅")  // true
/// ```
public struct TitleMatcher: Equatable, Sendable {
    /// The query's words, folded; empty for a query of only whitespace.
    public let terms: [String]

    /// Folds and splits `query` at whitespace.
    public init(query: String) {
        terms = Self.fold(query).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Whether the query has nothing to look for (then nothing is filtered).
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether `title` holds every term. An empty query matches every title.
    ///
    /// - Complexity: O(*n* × *m*) for a title of length *n* and terms of total length *m*.
    public func matches(_ title: String) -> Bool {
        guard !terms.isEmpty else { return true }
        let folded = Self.fold(title)
        return terms.allSatisfy { folded.contains($0) }
    }

    /// Case, accents and widths folded away, so "É", "é" and "e" (and "Ａ" and "a") compare equal.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
