import Foundation
import Testing

@testable import CascadeGTK

/// The host's gettext wrapper: number patterns, catalog lookup order, untranslated text.
@Suite struct LocalizationTests {
    @Test func numbersBecomeOnePatternAndGoBackInOrder() {
        let (pattern, numbers) = Localization.numberPattern("Scanning… 120 videos in 3 folders")
        #expect(pattern == "Scanning… %d videos in %d folders")
        #expect(numbers == ["120", "3"])
        #expect(Localization.filling("正在扫描 %d 个文件夹中的 %d 个视频", with: numbers) == "正在扫描 120 个文件夹中的 3 个视频")
        #expect(Localization.numberPattern("The server answered 500").pattern == "The server answered %d")
        #expect(Localization.numberPattern("No digits").numbers.isEmpty)
    }

    @Test func aTranslationWithFewerPlaceholdersDropsTheRest() {
        #expect(Localization.filling("共 %d 个", with: ["7", "9"]) == "共 7 个")
        #expect(Localization.filling("%d / %d", with: ["7"]) == "7 / %d")
    }

    @Test func untranslatedTextIsItselfAndEmptyStaysEmpty() {
        // No catalog of this test process is bound to a language: the English text comes back.
        #expect(Localization.text("Loading timed out") == "Loading timed out")
        #expect(Localization.text("The server answered 500") == "The server answered 500")
        #expect(Localization.text("") == "")
    }

    @Test func catalogsAreFoundByTheDocumentedOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-l10n-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("prefix/bin")
        let share = root.appendingPathComponent("prefix/share/locale")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let executable = bin.appendingPathComponent("cascade")
        #expect(Localization.catalogDirectory(environment: [:], executable: executable) == share.path)
        let beside = bin.appendingPathComponent("locale")
        try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
        #expect(Localization.catalogDirectory(environment: [:], executable: executable) == beside.path)
        let chosen = root.appendingPathComponent("chosen")
        try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
        #expect(
            Localization.catalogDirectory(environment: ["CASCADE_LOCALEDIR": chosen.path], executable: executable)
                == chosen.path)
        #expect(
            Localization.catalogDirectory(
                environment: ["CASCADE_LOCALEDIR": root.appendingPathComponent("missing").path],
                executable: executable) == beside.path)
    }
}
