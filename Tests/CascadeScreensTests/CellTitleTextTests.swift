import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@Suite struct CellTitleTextTests {
    @Test func breaksAndControlsBecomeSingleSpaces() {
        let cases: [(String, String)] = [
            ("Plain title", "Plain title"),
            ("", ""),
            ("Line one\nLine two", "Line one Line two"),
            ("Windows\r\nbreak", "Windows break"),
            ("  padded \t\t title  ", "padded title"),
            ("\n\n\t ", ""),
            ("a\u{2028}b\u{2029}c", "a b c"),  // line and paragraph separators
            ("no\u{00A0}\u{00A0}break", "no break"),  // no-break spaces
            ("\u{0}bell\u{7}\u{1B}[31mred", "bell [31mred"),  // NUL, BEL, ESC
            ("c1\u{85}next", "c1 next"),  // NEL, a C1 control
            ("👨‍👩‍👧 family", "👨‍👩‍👧 family"),  // zero-width joiners kept
            ("\u{200F}שלום world", "\u{200F}שלום world"),  // a direction mark kept
            ("旅行日记：成都美食", "旅行日记：成都美食"),
        ]
        for (title, expected) in cases {
            #expect(CellTitleText.displayed(title) == expected, "\(title.debugDescription)")
        }
    }

    /// Over seeded random titles mixing words, whitespace of every kind and control characters:
    /// no control character or line break is left, no space is doubled, leading or trailing,
    /// every other character stays in order, and a displayed title displays as itself.
    @Test func displayedTitlesOverRandomInputs() {
        let breaks: [Unicode.Scalar] = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}",
            "\u{2029}", "\u{3000}", "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{9F}",
        ]
        let kept: [Unicode.Scalar] = ["a", "Z", "7", "é", "京", "ש", "\u{200D}", "\u{200F}", "🎬", "#", "\u{301}"]
        var random = SeededGenerator(seed: 0x717_1E)
        for _ in 0..<5_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                let pool = Bool.random(using: &random) ? breaks : kept
                scalars.append(pool[Int.random(in: 0..<pool.count, using: &random)])
            }
            let title = String(scalars)
            let shown = CellTitleText.displayed(title)
            let shownScalars = Array(shown.unicodeScalars)
            #expect(!shownScalars.contains { $0 != " " && breaks.contains($0) }, "\(title.debugDescription)")
            #expect(!shown.contains("  ") && shownScalars.first != " " && shownScalars.last != " ")
            #expect(shownScalars.filter { $0 != " " } == title.unicodeScalars.filter { !breaks.contains($0) })
            #expect(CellTitleText.displayed(shown) == shown)
        }
    }
}
