import CascadePlayer
import Testing

@Suite struct SubtitleFontTests {
    @Test(arguments: [
        ("Cantarell 11", "Cantarell 18"), ("Noto Sans CJK SC Bold 10", "Noto Sans CJK SC Bold 18"),
        ("DejaVu Sans 10.5", "DejaVu Sans 18"), ("Inter 14px", "Inter 18"), ("Source Han Sans", "Source Han Sans 18"),
        ("", "Sans 18"), ("  ", "Sans 18"), ("12", "Sans 18"),
    ])
    func keepsTheUIsFamilyAndStyleAtTheOverlaysSize(ui: String, subtitle: String) {
        #expect(SubtitleFont.description(uiFont: ui) == subtitle)
    }

    @Test func unknownUIFontFallsBackToSans() {
        #expect(SubtitleFont.description(uiFont: nil) == "Sans 18")
    }
}
