import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeGTK

/// The resume offer's sentence: a time as the controls write it, inside a translated pattern.
@MainActor
@Suite struct ResumeOfferTextTests {
    @Test(arguments: [
        (3.04, "Resume from 0:03", "从 0:03 继续播放"), (83.9, "Resume from 1:23", "从 1:23 继续播放"),
        (3725.0, "Resume from 1:02:05", "从 1:02:05 继续播放"),
    ])
    func theOfferReadsTheTimeAndItsTranslationKeepsIt(seconds: Double, english: String, chinese: String) throws {
        // No catalog is bound to a language in this process: the English text comes back.
        #expect(PlayerResumeOffer.resumeText(seconds) == english)
        // The Simplified Chinese catalog has the pattern for this form, and the digits go back as written.
        let (pattern, numbers) = TranslationRules.numberPattern(english)
        let translation = try #require(Self.catalog()[pattern], "po/zh_CN.po has no msgid \"\(pattern)\"")
        #expect(TranslationRules.filling(translation, with: numbers) == chinese)
    }

    @Test func startOverIsTranslated() throws {
        #expect(try Self.catalog()["Start over"] == "从头播放")
    }

    /// `po/zh_CN.po`'s one-line msgid/msgstr pairs.
    static func catalog() throws -> [String: String] {
        let text = try String(
            contentsOf: Repository.root.appendingPathComponent("po/zh_CN.po"), encoding: .utf8)
        var result: [String: String] = [:]
        var id: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("msgid \"") {
                id = String(line.dropFirst(7).dropLast())
            } else if line.hasPrefix("msgstr \""), let key = id {
                result[key] = String(line.dropFirst(8).dropLast())
                id = nil
            }
        }
        return result
    }
}
