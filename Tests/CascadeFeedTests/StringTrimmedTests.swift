import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeFeed

@Suite struct StringTrimmedTests {
    /// Over seeded random strings of printable ASCII, ASCII and Unicode whitespace, controls and
    /// non-ASCII letters: the same result as Foundation's trimming, whose fast path it skips.
    @Test func trimsAsFoundationDoes() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "~", "!", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}",
            "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{200B}", "\u{200D}", "é", "京", "🎬",
        ]
        var random = SeededGenerator(seed: 0x7_21AA)
        for _ in 0..<5_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                scalars.append(pool[Int.random(in: 0..<pool.count, using: &random)])
            }
            let text = String(scalars)
            #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
    }
}
