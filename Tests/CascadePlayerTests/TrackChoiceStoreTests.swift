import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct TrackChoiceStoreTests {
    let temporary = TemporaryFolders()

    @Test func remembersAcrossInstancesInAPrivateFileWithNothingLeftBeside() throws {
        let file = try temporary.make("cascade-tracks").appendingPathComponent("state/cascade/track-choices")
        let store = TrackChoiceStore(fileURL: file)
        let french = TrackChoice(audio: .init(language: "fr", index: 1), subtitles: .off)
        store.record(french, for: "file:///v/a.mkv")
        store.record(TrackChoice(subtitles: .track(.init(language: nil, index: 0, isExternal: true))), for: "b")
        store.record(TrackChoice(), for: "c")  // nothing chosen: nothing kept
        store.record(french, for: "bad\tkey")

        let reopened = TrackChoiceStore(fileURL: file)
        #expect(reopened.warnings.isEmpty)
        #expect(reopened.choice(for: "file:///v/a.mkv") == french)
        #expect(reopened.choice(for: "b")?.subtitles == .track(.init(language: nil, index: 0, isExternal: true)))
        #expect(reopened.choice(for: "c") == nil)
        #expect(reopened.list.count == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["track-choices"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func boundedToTheMostRecentlyChosen() throws {
        let file = try temporary.make("cascade-tracks").appendingPathComponent("track-choices")
        let store = TrackChoiceStore(fileURL: file, capacity: 3)
        for index in 0..<5 { store.record(TrackChoice(subtitles: .off), for: "v\(index)") }
        store.record(TrackChoice(audio: .init(language: "en", index: 0)), for: "v2")
        #expect(TrackChoiceStore(fileURL: file, capacity: 3).list.entries.map(\.key) == ["v3", "v4", "v2"])
        #expect(TrackChoiceStore(fileURL: file, capacity: 2).list.entries.map(\.key) == ["v4", "v2"])
    }

    @Test func aCorruptFileStartsEmptyWithAWarningAndIsReplacedAtTheNextChoice() throws {
        let file = try temporary.make("cascade-tracks").appendingPathComponent("track-choices")
        try Data([0x00, 0xFF, 0x13, 0x37]).write(to: file)
        let store = TrackChoiceStore(fileURL: file)
        #expect(store.list.count == 0)
        #expect(store.warnings.count == 1 && store.warnings[0].contains("not UTF-8"))
        store.record(TrackChoice(subtitles: .off), for: "a")
        #expect(TrackChoiceStore(fileURL: file).choice(for: "a") == TrackChoice(subtitles: .off))
    }

    @Test func theDefaultFileIsBesideTheResumePositions() {
        let home = URL(fileURLWithPath: "/home/u")
        #expect(
            TrackChoiceStore.defaultFileURL(environment: [:], home: home).path
                == "/home/u/.local/state/cascade/track-choices")
        #expect(
            TrackChoiceStore.defaultFileURL(environment: ["XDG_STATE_HOME": "/s"], home: home).path
                == "/s/cascade/track-choices")
    }
}

@Suite struct TrackChoiceFileFormatTests {
    @Test func encodesAGoldenFile() {
        let text = String(
            decoding: TrackChoiceFileFormat.encode([
                ("file:///v/a.mkv", TrackChoice(audio: .init(language: "fr", index: 1), subtitles: .off)),
                ("b", TrackChoice(subtitles: .track(.init(language: nil, index: 0, isExternal: true)))),
                ("c", TrackChoice(audio: .init(language: nil, index: 2))),
            ]), as: UTF8.self)
        #expect(
            text == """
                # Cascade: the tracks chosen per video (written by the app)
                cascade-track-choices 1
                1:fr\toff\tfile:///v/a.mkv
                -\te0:\tb
                2:\t-\tc

                """)
    }

    /// Hostile lines are skipped and counted; the rest is read.
    @Test func damagedLinesAreSkipped() {
        let text = """
            cascade-track-choices 1
            1:fr\toff\tgood
            x:fr\toff\tbad-index
            1:f r\toff\tbad-language
            99999:en\toff\tlong-index
            -\tmaybe\tbad-subtitles
            -\toff
            -\t-\tnothing-chosen
            0:zh\te3:en\tsecond
            """
        let decoded = TrackChoiceFileFormat.decode(Data(text.utf8), capacity: 10)
        #expect(decoded.entries.map(\.key) == ["good", "second"])
        #expect(decoded.entries.last?.choice.subtitles == .track(.init(language: "en", index: 3, isExternal: true)))
        #expect(decoded.warnings == ["5 damaged lines skipped"])
    }

    @Test(arguments: [
        (Data([0xFF, 0xFE]), "not UTF-8 text; ignored"),
        (
            Data("cascade-resume-positions 1\n".utf8),
            "not a track-choices file (no 'cascade-track-choices 1' line); ignored"
        ),
        (Data(count: TrackChoiceFileFormat.maximumBytes + 1), "larger than 4 MB; ignored"),
    ])
    func unreadableFilesAreIgnoredWhole(data: Data, warning: String) {
        let decoded = TrackChoiceFileFormat.decode(data, capacity: 10)
        #expect(decoded.entries.isEmpty)
        #expect(decoded.warnings == [warning])
    }
}
