import Foundation
import Testing

@testable import CascadeGTK

/// The host's gettext wrapper: untranslated text (the rules are `TranslationRulesTests`').
@Suite struct LocalizationTests {
    @Test func untranslatedTextIsItselfAndEmptyStaysEmpty() {
        // No catalog of this test process is bound to a language: the English text comes back.
        #expect(Localization.text("Loading timed out") == "Loading timed out")
        #expect(Localization.text("The server answered 500") == "The server answered 500")
        #expect(Localization.text("") == "")
    }
}
