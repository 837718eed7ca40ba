import CascadeScreens
import Foundation
import Testing

@Suite struct PreferencesModelTests {
    @Test func aFileThatIsMissingNotRegularOrTooLargeIsNotParsed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-prefs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(PreferencesModel.refusedSource(at: root.appendingPathComponent("none.ini")) == .missing)
        #expect(PreferencesModel.refusedSource(at: root) == .unreadable("not a regular file"))
        let small = root.appendingPathComponent("small.ini")
        try Data("[Cascade]\n".utf8).write(to: small)
        #expect(PreferencesModel.refusedSource(at: small) == nil)
        let large = root.appendingPathComponent("large.ini")
        try Data(count: PreferencesModel.maxFileBytes + 1).write(to: large)
        #expect(PreferencesModel.refusedSource(at: large) == .unreadable("larger than 64 KB"))
    }

    @Test func missingFileGivesDefaultsAndWritesNothingUntilAChange() throws {
        var model = PreferencesModel(source: .missing)
        #expect(model.preferences == Preferences())
        #expect(model.warnings.isEmpty)
        let unchanged = model.update { $0.volume = 1 }
        #expect(unchanged == nil)  // the default again: no write
        let started = model.channelSelected("featured", isFirst: true)
        #expect(started == nil)  // starting the app: no write
        let changed = model.update { $0.columns = 3 }
        let entries = try #require(changed)
        #expect(
            entries == [
                "columns": "3", "hover-previews": "true", "volume": "1.000", "color-scheme": "default",
                "autoplay-next": "false",
                "image-cache-mb": "150",
            ])
    }

    @Test func readsEveryKey() {
        let model = PreferencesModel(
            source: .entries([
                "columns": "4", "hover-previews": "false", "volume": "0.25", "last-channel": "music",
                "color-scheme": "Dark", "autoplay-next": "TRUE",
            ]))
        var expected = Preferences()
        expected.columns = 4
        expected.hoverPreviews = false
        expected.volume = 0.25
        expected.lastChannel = "music"
        expected.colorScheme = .dark
        expected.autoplayNext = true
        #expect(model.preferences == expected)
        #expect(model.warnings.isEmpty)
    }

    @Test func corruptFileFallsBackWithAWarningAndIsRewrittenOnlyOnAChange() throws {
        var model = PreferencesModel(source: .unreadable("Key file contains line “%%%” which is not a key-value pair"))
        #expect(model.preferences == Preferences())
        #expect(model.warnings.count == 1)
        let first = model.channelSelected("featured", isFirst: true)
        #expect(first == nil)
        let same = model.update { $0.hoverPreviews = true }
        #expect(same == nil)
        let selected = model.channelSelected("travel", isFirst: false)
        let entries = try #require(selected)
        #expect(entries["last-channel"] == "travel")
    }

    @Test(arguments: [
        ("columns", "0"), ("columns", "13"), ("columns", "two"), ("volume", "nan"), ("volume", "1.5"),
        ("volume", "-0.1"), ("hover-previews", "maybe"), ("last-channel", ""),
        ("last-channel", String(repeating: "x", count: 300)), ("color-scheme", "purple"), ("color-scheme", ""),
        ("default-folder", "Videos"), ("default-folder", ""), ("default-folder", "/a\u{7}b"),
        ("default-folder", "/" + String(repeating: "x", count: 4096)), ("image-cache-mb", "151"),
        ("image-cache-mb", "lots"), ("image-cache-mb", "-50"),
        ("autoplay-next", "yes"),
    ])
    func badValuesFallBackPerKey(key: String, value: String) {
        let model = PreferencesModel(source: .entries([key: value, "volume-extra": "kept"]))
        #expect(model.preferences == Preferences())
        #expect(model.warnings.count == 1)
        #expect(model.entries["volume-extra"] == "kept")
    }

    @Test func updatesAreClampedAndUnknownKeysKept() throws {
        var model = PreferencesModel(source: .entries(["future-key": "x", "columns": "auto", "volume": "0.5"]))
        let update = model.update {
            $0.volume = 7
            $0.columns = 40
        }
        let entries = try #require(update)
        #expect(entries["volume"] == "1.000")
        #expect(entries["columns"] == "12")
        #expect(entries["future-key"] == "x")
        // A non-finite volume becomes full volume, which it already is: nothing to write.
        let nan = model.update { $0.volume = .nan }
        #expect(nan == nil)
        #expect(model.preferences.volume == 1)
    }

    @Test func theImageCacheBudgetIsOneOfTheChoices() throws {
        var model = PreferencesModel(source: .entries(["image-cache-mb": "500"]))
        #expect(model.preferences.imageCacheMegabytes == 500 && model.preferences.imageCacheBytes == 500 << 20)
        let nearest = try #require(model.update { $0.imageCacheMegabytes = 900 })
        #expect(nearest["image-cache-mb"] == "1000")
        #expect(model.update { $0.imageCacheMegabytes = Int.min } != nil)
        #expect(model.preferences.imageCacheMegabytes == 50)
        #expect(model.update { $0.imageCacheMegabytes = Int.max } != nil)
        #expect(model.preferences.imageCacheMegabytes == 1000)
    }

    @Test func theStyleChoiceIsWrittenAndReadBack() throws {
        var model = PreferencesModel(source: .missing)
        let entries = try #require(model.update { $0.colorScheme = .light })
        #expect(entries["color-scheme"] == "light")
        #expect(PreferencesModel(source: .entries(entries)).preferences.colorScheme == .light)
        #expect(model.update { $0.colorScheme = .light } == nil)
    }

    @Test func fileLocationFollowsXDG() {
        let home = URL(fileURLWithPath: "/home/a")
        #expect(
            PreferencesModel.fileURL(environment: ["XDG_CONFIG_HOME": "/cfg"], home: home).path
                == "/cfg/cascade/preferences.ini")
        #expect(
            PreferencesModel.fileURL(environment: ["XDG_CONFIG_HOME": "relative"], home: home).path
                == "/home/a/.config/cascade/preferences.ini")
        #expect(
            PreferencesModel.fileURL(environment: [:], home: home).path == "/home/a/.config/cascade/preferences.ini")
    }
}
