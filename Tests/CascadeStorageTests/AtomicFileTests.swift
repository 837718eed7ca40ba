import CascadeStorage
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct AtomicFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func names(in url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test(arguments: [AtomicFile.Durability.durable, .cache])
    func aWriteReplacesTheFileWholeAndLeavesNothingElse(durability: AtomicFile.Durability) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("deep/er/prefs.ini")
        try AtomicFile.write(Array("one".utf8), to: target, durability: durability, permissions: 0o600)
        try AtomicFile.write(Data("two, longer".utf8), to: target, durability: durability, permissions: 0o600)
        #expect(try String(contentsOf: target, encoding: .utf8) == "two, longer")
        #expect(names(in: target.deletingLastPathComponent()) == ["prefs.ini"])
        var status = stat()
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    @Test func aWriteIntoAFolderThatCannotBeMadeFailsTypedAndOnce() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A file where the folder should be: mkdir fails with ENOTDIR (even for root).
        let blocker = root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("sub/file")
        #expect(throws: StorageFailure.self) {
            try AtomicFile.write(Array("a".utf8), to: target, durability: .cache)
        }
        do {
            try AtomicFile.write(Array("a".utf8), to: target, durability: .cache)
        } catch {
            #expect(error.step == .createFolder)
            #expect(error.code == ENOTDIR)
            #expect(error.description.contains("Not a directory"))
        }
        #expect(names(in: root) == ["blocker"])
    }

    @Test func aMissingFolderIsAnErrorWhenTheWriterCreatesNone() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            try AtomicFile.write(
                Array("a".utf8), to: root.appendingPathComponent("gone/f"), durability: .cache,
                folderPermissions: nil)
            Issue.record("the write succeeded")
        } catch {
            #expect(error.step == .create && error.code == ENOENT)
        }
    }

    @Test func theSweepRemovesOnlyTemporariesOfEndedWriters() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let dead = ".page.json.\(Int32.max).00000000000000ab.tmp"  // above any pid_max
        let mine = ".page.json.\(getpid()).00000000000000cd.tmp"
        let legacy = ".page.json.\(UUID().uuidString).tmp"
        let unrelated = ["page.json", "keep.tmp", ".hidden", ".x.12.short.tmp"]
        for name in [dead, mine, legacy] + unrelated {
            try Data("x".utf8).write(to: root.appendingPathComponent(name))
        }
        #expect(AtomicFile.sweep(root.path) == 2)
        #expect(names(in: root) == ([mine] + unrelated).sorted())
    }

    /// Process ids wrap (at 32,768 on many machines): a file whose writer's id now belongs to a
    /// process started after the file was written is left by a writer that is gone.
    @Test func aWriterWhoseIdWasTakenAgainIsGone() throws {
        // pid 1 runs from boot: alive, and started before now but after the distant past.
        let first = try #require(TemporaryFileName(parsing: ".page.json.1.00000000000000ab.tmp"))
        #expect(!first.writerIsGone)
        #expect(first.writerIsGone(fileModified: Date()) == false)
        #expect(first.writerIsGone(fileModified: .distantPast) == true)
        let mine = try #require(TemporaryFileName(parsing: TemporaryFileName.fresh(for: "page.json")))
        #expect(mine.writerIsGone(fileModified: .distantPast) == false, "this process is never gone")
        let dead = try #require(TemporaryFileName(parsing: ".page.json.\(Int32.max).00000000000000ab.tmp"))
        #expect(dead.writerIsGone(fileModified: Date()))

        // The sweep reads the file's time: one written before pid 1 started is swept.
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let old = root.appendingPathComponent(".page.json.1.00000000000000ab.tmp")
        let recent = root.appendingPathComponent(".other.json.1.00000000000000cd.tmp")
        for file in [old, recent] { try Data("x".utf8).write(to: file) }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: old.path)
        #expect(AtomicFile.sweep(root.path) == 1)
        #expect(names(in: root) == [recent.lastPathComponent])
    }

    @Test func temporaryNamesRoundTripAndStrangersDoNotParse() {
        let fresh = TemporaryFileName.fresh(for: "a.b.json")
        let parsed = TemporaryFileName(parsing: fresh)
        #expect(parsed?.target == "a.b.json" && parsed?.pid == getpid())
        #expect(parsed?.writerIsGone == false)
        for stranger in [
            "a.tmp", ".tmp", "..tmp", ".x.1.zz.tmp", ".x.-1.00000000000000ab.tmp", ".1.00000000000000ab.tmp",
        ] {
            #expect(TemporaryFileName(parsing: stranger) == nil, "\(stranger)")
        }
    }

    @Test func warningsComeOncePerFolder() {
        let warnings = StorageWarnings()
        let a1 = StorageFailure(step: .write, path: "/full/a", code: ENOSPC)
        let a2 = StorageFailure(step: .rename, path: "/full/b", code: ENOSPC)
        let b = StorageFailure(step: .createFolder, path: "/ro/sub", code: EROFS)
        #expect(warnings.report(a1)?.contains("No space left on device") == true)
        #expect(warnings.report(a2) == nil)
        #expect(warnings.report(b)?.contains("/ro/sub") == true)
        #expect(warnings.messages.count == 2)
        #expect(a1.isOutOfSpace && !b.isOutOfSpace)
    }
}
