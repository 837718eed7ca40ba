import CascadeFolder
import CascadeTestSupport
import Foundation
import Testing

/// Scanning real (small) folder trees with every bad case; each within a time bound.
@Suite struct ScannerTests {
    static let mp4Header: [UInt8] =
        Array("\0\0\0\u{18}ftypisom\0\0\u{2}\0isomiso2".utf8) + [UInt8](repeating: 0, count: 64)

    /// The scan lists by content (`ContentSignature`, whose golden table has every format):
    /// videos whatever their name, never images or audio-only files.
    @Test(.timeLimit(.minutes(1))) func listsVideosByContentNotName() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("clip.mp4", bytes: Self.mp4Header)
        try folder.file("noext", bytes: [0x1a, 0x45, 0xdf, 0xa3, 0x01])
        try folder.file("film.avi", bytes: Array("RIFF\0\0\0\0AVI LIST".utf8))
        try folder.file("photo.mp4", bytes: Array("\0\0\0\u{18}ftypheic\0\0\0\0".utf8))
        try folder.file("song.m4a", bytes: Array("\0\0\0\u{18}ftypM4A \0\0\0\0".utf8))
        try folder.file("notes.mp4", bytes: Array("hello, I am text pretending to be mp4".utf8))
        let listed = try FolderScanner().scan(root: folder.url.path).files.map(\.relativePath).sorted()
        #expect(listed == ["clip.mp4", "film.avi", "noext"])
    }

    @Test(.timeLimit(.minutes(1))) func skipsBadEntriesAndKeepsGoodOnes() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("Trips/été à Paris/clip one.mp4", bytes: Self.mp4Header)
        try folder.file("Trips/noext", bytes: [0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])
        try folder.file("zero.mp4", bytes: [])
        try folder.file("fake.mp4", bytes: Array("just text".utf8))
        try folder.file(".hidden/secret.mp4", bytes: Self.mp4Header)
        try folder.file("locked/inner.mp4", bytes: Self.mp4Header)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.path("locked"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("Trips/loop"), withDestinationPath: folder.path("Trips"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("dangling.mp4"), withDestinationPath: "/nonexistent/x")
        mkfifo(folder.path("pipe.mp4"), 0o644)
        var deep = "deep"
        for level in 0..<40 { deep += "/\(level)" }
        try folder.file(deep + "/bottom.mp4", bytes: Self.mp4Header)

        let result = try FolderScanner().scan(root: folder.url.path)
        let found = Set(result.files.map(\.relativePath))
        #expect(found.contains("Trips/été à Paris/clip one.mp4"))
        #expect(found.contains("Trips/noext"), "recognised by content without an extension")
        #expect(!found.contains("zero.mp4") && !found.contains("fake.mp4") && !found.contains("pipe.mp4"))
        #expect(!found.contains(".hidden/secret.mp4"))
        #expect(!found.contains { $0.hasPrefix("deep/") }, "deeper than the limit")
        #expect(
            result.problems.contains(.tooDeep(String(deep.split(separator: "/").prefix(25).joined(separator: "/")))))
        #expect(result.problems.contains(.symlinkLoop("Trips/loop")))
        #expect(result.problems.contains(.vanished("dangling.mp4")))
        if getuid() != 0 {  // root reads any folder
            #expect(result.problems.contains(.unreadableFolder("locked")))
        }
        #expect(result.files.first { $0.relativePath.hasPrefix("Trips/") }?.topFolder == "Trips")
    }

    @Test(.timeLimit(.minutes(1))) func aFolderVanishingMidScanIsSkipped() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("a/one.mp4", bytes: Self.mp4Header)
        try folder.file("z/two.mp4", bytes: Self.mp4Header)
        var calls = 0
        let result = try FolderScanner().scan(root: folder.url.path) { _ in
            calls += 1
            if calls == 1 { try? FileManager.default.removeItem(atPath: folder.path("z")) }
            return true
        }
        #expect(result.isComplete)
        #expect(result.problems == [.unreadableFolder("z")])
        #expect(result.files.map(\.relativePath) == ["a/one.mp4"])
    }

    @Test(.timeLimit(.minutes(1))) func theRootVanishingMidScanEndsTheScan() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("a/one.mp4", bytes: Self.mp4Header)
        try folder.file("b/two.mp4", bytes: Self.mp4Header)
        try folder.file("c/three.mp4", bytes: Self.mp4Header)
        var calls = 0
        let result = try FolderScanner().scan(root: folder.url.path) { _ in
            calls += 1
            if calls == 1 { try? FileManager.default.removeItem(at: folder.url) }
            return true
        }
        // The root was listed; its three folders were gone when their turn came.
        #expect(result.files.isEmpty)
        #expect(Set(result.problems) == [.unreadableFolder("a"), .unreadableFolder("b"), .unreadableFolder("c")])
    }

    @Test(.timeLimit(.minutes(1))) func missingOrFileRootThrows() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("file.mp4", bytes: Self.mp4Header)
        #expect(throws: FolderScanError.notAFolder(folder.path("nope"))) {
            try FolderScanner().scan(root: folder.path("nope"))
        }
        #expect(throws: FolderScanError.notAFolder(folder.path("file.mp4"))) {
            try FolderScanner().scan(root: folder.path("file.mp4"))
        }
    }

    @Test(.timeLimit(.minutes(1))) func knownFilesAreNotReopenedAndChangesAreSeen() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("a.mp4", bytes: Self.mp4Header)
        let first = try FolderScanner().scan(root: folder.url.path)
        // Lie in the cache: a record matching the file's version is trusted without reading it.
        var known = first.sniffed
        known[folder.path("a.mp4")]?.isVideo = false
        #expect(try FolderScanner().scan(root: folder.url.path, known: known).files.isEmpty)
        try folder.setModified("a.mp4", seconds: 1_000)
        #expect(try FolderScanner().scan(root: folder.url.path, known: known).files.count == 1)
        #expect(FolderMonitor.changed(first.folders) == false)
        try folder.file("b.mp4", bytes: Self.mp4Header)
        #expect(FolderMonitor.changed(first.folders))
    }
}
