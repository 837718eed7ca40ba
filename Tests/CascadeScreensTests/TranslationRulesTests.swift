import CascadeScreens
import Foundation
import Testing

/// Number patterns, the lookup order and where catalogs are found.
@Suite struct TranslationRulesTests {
    @Test(
        arguments: [
            ("Project-Id-Version: cascade\nLanguage: zh_CN\nMIME-Version: 1.0\n", "zh_CN"),
            ("Language:   pt_BR  \n", "pt_BR"), ("Language: sr@latin\n", "sr@latin"), ("", nil),
            ("Language-Team: Chinese\n", nil), ("Language: \n", nil), ("Language: zh_CN; rm -rf\n", nil),
        ] as [(String, String?)])
    func theCatalogsLanguageIsReadFromItsHeader(header: String, language: String?) {
        #expect(TranslationRules.language(ofCatalogHeader: header) == language)
    }

    @Test func numbersBecomeOnePatternAndGoBackInOrder() {
        let (pattern, numbers) = TranslationRules.numberPattern("Scanning… 120 videos in 3 folders")
        #expect(pattern == "Scanning… %d videos in %d folders")
        #expect(numbers == ["120", "3"])
        #expect(TranslationRules.filling("正在扫描 %d 个文件夹中的 %d 个视频", with: numbers) == "正在扫描 120 个文件夹中的 3 个视频")
        #expect(TranslationRules.numberPattern("The server answered 500").pattern == "The server answered %d")
        #expect(TranslationRules.numberPattern("No digits").numbers.isEmpty)
    }

    @Test func aTranslationWithFewerPlaceholdersDropsTheRest() {
        #expect(TranslationRules.filling("共 %d 个", with: ["7", "9"]) == "共 7 个")
        #expect(TranslationRules.filling("%d / %d", with: ["7"]) == "7 / %d")
    }

    @Test func aStringIsLookedUpWholeThenAsItsNumberPattern() {
        let catalog = ["Loading": "Chargement", "The server answered %d": "Le serveur a répondu %d"]
        let lookUp = { (id: String) in catalog[id] ?? id }
        #expect(TranslationRules.translate("Loading", lookUp: lookUp) == "Chargement")
        #expect(TranslationRules.translate("The server answered 500", lookUp: lookUp) == "Le serveur a répondu 500")
        #expect(TranslationRules.translate("Retry 3", lookUp: lookUp) == "Retry 3")
        #expect(TranslationRules.translate("", lookUp: { _ in "header" }) == "")
    }

    @Test func catalogsAreFoundByTheDocumentedOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-l10n-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("prefix/bin")
        let share = root.appendingPathComponent("prefix/share/locale")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let executable = bin.appendingPathComponent("cascade")
        #expect(TranslationRules.catalogDirectory(environment: [:], executable: executable) == share.path)
        let beside = bin.appendingPathComponent("locale")
        try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
        #expect(TranslationRules.catalogDirectory(environment: [:], executable: executable) == beside.path)
        let chosen = root.appendingPathComponent("chosen")
        try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
        #expect(
            TranslationRules.catalogDirectory(environment: ["CASCADE_LOCALEDIR": chosen.path], executable: executable)
                == chosen.path)
        #expect(
            TranslationRules.catalogDirectory(
                environment: ["CASCADE_LOCALEDIR": root.appendingPathComponent("missing").path],
                executable: executable) == beside.path)
    }
}
