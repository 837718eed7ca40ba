import CascadePlayer
import CascadeStorage
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct ResumeStoreTests {
    let temporary = TemporaryFolders()

    @Test func remembersAcrossInstancesAndForgetsFinishedOrBarelyStartedVideos() throws {
        let file = try temporary.make("cascade-resume").appendingPathComponent("state/cascade/resume-positions")
        let store = ResumeStore(fileURL: file)
        var changes = 0
        store.onChange = { changes += 1 }
        store.record("a", position: 30, duration: 120)
        store.record("b", position: 50, duration: 120)
        store.record("c", position: 2, duration: 120)  // too early: nothing to remember
        #expect(changes == 2)
        store.record("b", position: 50, duration: 120)  // the same again: no write, no change
        #expect(changes == 2)

        let reopened = ResumeStore(fileURL: file)
        #expect(reopened.warnings.isEmpty)
        #expect(reopened.resumePoint(for: "a") == ResumePoint(position: 30, duration: 120))
        #expect(reopened.resumePoint(for: "b")?.position == 50)
        #expect(reopened.resumePoint(for: "c") == nil)

        reopened.finished("a")
        reopened.record("b", position: 118, duration: 120)  // in the last 5 s: the end
        #expect(ResumeStore(fileURL: file).list.count == 0)
        // Written through a temporary file renamed over the old one: nothing else is left.
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["resume-positions"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    /// A crash mid-write leaves a temporary file; the next start removes it even when it
    /// writes nothing: loading this store or the track choices sweeps their folder.
    @Test func loadingSweepsWhatACrashMidWriteLeft() throws {
        for target in ["resume-positions", "track-choices"] {
            let folder = try temporary.make("cascade-resume-sweep").appendingPathComponent("state/cascade")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stale = folder.appendingPathComponent(".\(target).\(Int32.max).00000000000000ab.tmp")
            try Data("partial".utf8).write(to: stale)
            _ =
                target == "resume-positions"
                ? ResumeStore(fileURL: folder.appendingPathComponent(target)).list.count
                : TrackChoiceStore(fileURL: folder.appendingPathComponent(target)).warnings.count
            #expect(!FileManager.default.fileExists(atPath: stale.path), "\(target)")
        }
    }

    @Test func aVideoDescribedWhenOpenedKeepsItsLabelWithItsPositionAndLosesItWithIt() throws {
        let file = try temporary.make("cascade-resume").appendingPathComponent("state/cascade/resume-positions")
        let store = ResumeStore(fileURL: file)
        var changes = 0
        store.onChange = { changes += 1 }
        store.describe("a", as: "{\"title\":\"A\"}")
        #expect(changes == 0 && store.list.count == 0, "a label alone is not a position")
        store.record("a", position: 30, duration: 120)
        #expect(store.list.label(for: "a") == "{\"title\":\"A\"}")
        store.describe("a", as: "{\"title\":\"A2\"}")  // a remembered video: relabelled and saved
        #expect(changes == 2)
        store.describe("a", as: "bad\tlabel")  // refused
        store.describe("b", as: String(repeating: "x", count: ResumeFileFormat.maximumLabelBytes + 1))
        store.record("b", position: 30, duration: 120)
        #expect(store.list.label(for: "b") == nil)
        let reopened = ResumeStore(fileURL: file)
        #expect(reopened.warnings.isEmpty)
        #expect(reopened.list.label(for: "a") == "{\"title\":\"A2\"}")
        reopened.finished("a")
        reopened.record("a", position: 40, duration: 120)
        #expect(reopened.list.label(for: "a") == nil, "finished: the label went with the position")
    }

    @Test func onlyTheLastFewUnrememberedLabelsAreKept() {
        let store = ResumeStore(fileURL: nil)
        for i in 0..<20 { store.describe("v\(i)", as: "label \(i)") }
        for i in 0..<20 { store.record("v\(i)", position: 30, duration: 120) }
        let labelled = (0..<20).filter { store.list.label(for: "v\($0)") != nil }
        #expect(labelled == Array(12..<20))
    }

    @Test func aStopBeforeTheDurationWasKnownKeepsTheOneRecordedEarlier() {
        let store = ResumeStore(fileURL: nil)
        store.record("a", position: 30, duration: 120)
        store.record("a", position: 40, duration: 0)
        #expect(store.resumePoint(for: "a") == ResumePoint(position: 40, duration: 120))
    }

    @Test func aDamagedFileIsIgnoredWithAWarningAndReplacedAtTheNextChange() throws {
        let dir = try temporary.make("cascade-resume")
        let file = dir.appendingPathComponent("resume-positions")
        try Data([0x00, 0xFF, 0x13, 0x37]).write(to: file)
        var printed: [String] = []
        let store = ResumeStore(fileURL: file)
        store.onWarning = { printed.append($0) }
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.contains("not UTF-8") == true)
        #expect(store.list.count == 0)
        // Left alone until something changes.
        #expect(try Data(contentsOf: file) == Data([0x00, 0xFF, 0x13, 0x37]))
        store.record("a", position: 30, duration: 120)
        #expect(ResumeStore(fileURL: file).resumePoint(for: "a")?.position == 30)
        #expect(printed.isEmpty)
    }

    @Test func aFolderInPlaceOfTheFileIsIgnoredAndFailedWritesWarnOnceForTheFolder() throws {
        let dir = try temporary.make("cascade-resume")
        let file = dir.appendingPathComponent("resume-positions")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let store = ResumeStore(fileURL: file)
        #expect(store.warnings.first?.contains("not a regular file") == true)
        store.record("a", position: 30, duration: 120)
        store.record("b", position: 40, duration: 120)
        // The rename over a folder fails (EISDIR) at each write; one warning names the folder.
        let warned = StorageWarnings.shared.messages.filter { $0.contains(dir.path) }
        #expect(warned.count == 1)
        #expect(warned.first?.contains("rename into place \(file.path)") == true)
        #expect(store.resumePoint(for: "a")?.position == 30)  // still offered in this run
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["resume-positions"])
    }

    @Test func theFileLivesUnderXDGStateHomeWhenItIsAbsolute() {
        let home = URL(fileURLWithPath: "/home/me")
        #expect(
            ResumeStore.defaultFileURL(environment: ["XDG_STATE_HOME": "/tmp/state"], home: home).path
                == "/tmp/state/cascade/resume-positions")
        for ignored in [[:], ["XDG_STATE_HOME": ""], ["XDG_STATE_HOME": "relative/state"]] {
            #expect(
                ResumeStore.defaultFileURL(environment: ignored, home: home).path
                    == "/home/me/.local/state/cascade/resume-positions")
        }
    }

    @Test func invalidKeysAreNeverStored() {
        let store = ResumeStore(fileURL: nil)
        store.record("a\nb", position: 30, duration: 120)
        #expect(store.list.count == 0)
    }
}
