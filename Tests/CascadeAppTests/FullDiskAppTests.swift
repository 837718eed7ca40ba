import CascadePixbuf
import CascadeScript
import CascadeStorage
import CascadeTestSupport
import Foundation
import Testing

/// The cache, config and state folders on a tmpfs that fills up, then on a read-only one, then
/// missing and impossible to make: the app runs from memory, warns once per folder, leaves no
/// temporary file and loses nothing it had.
@Suite(.serialized) struct FullDiskAppTests {
    /// What a run of the app on `disk` left: its report, exit status and stderr.
    struct Run {
        let report: ScriptReport
        let status: Int32?
        let stderr: String
    }

    static let script = """
        wait-idle
        wait-status 3 videos
        wait-idle
        screenshot shown
        columns COLUMNS
        tap-item ITEM
        play
        wait-position 2
        back
        wait-idle
        """

    private func run(
        columns: Int, item: Int, folder: VideoFolderFixture, home: URL, work: URL, inside namespace: MountNamespace?
    ) throws -> Run {
        let script = Self.script.replacingOccurrences(of: "COLUMNS", with: "\(columns)")
            .replacingOccurrences(of: "ITEM", with: "\(item)")
        let scriptURL = work.appendingPathComponent("s.txt")
        let reportURL = work.appendingPathComponent("r.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(at: reportURL)
        let environment = DesktopFixtures.quietEnvironment.merging([
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        ]) { $1 }
        let child = try CascadeProcess(
            arguments: [
                folder.url.path, "--preferences", "--carousel-interval", "0", "--script", scriptURL.path,
                "--report", reportURL.path, "--screenshots", work.path,
            ], environment: environment, inside: namespace)
        let status = child.wait(timeout: 120)
        let report = try #require(ScriptReport(url: reportURL), "no report: \(child.stderr)")
        return Run(report: report, status: status, stderr: child.stderr)
    }

    /// The folders named by the storage warnings, one per line; each folder must appear once.
    private func warnedFolders(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("cascade: warning: cannot"), let start = line.range(of: "(later failures in ") else {
                return nil
            }
            return String(line[start.upperBound...].dropLast(" are not reported)".count))
        }
    }

    /// Every regular file under `root` by relative path, with its bytes.
    private func files(under root: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return found }
        for case let path as String in walker {
            let url = root.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                found[path] = try? Data(contentsOf: url)
            }
        }
        return found
    }

    /// Cascade's own folders: where its stores write.
    private func ours(_ all: [String: Data]) -> [String: Data] {
        all.filter { path, _ in
            ["config/cascade/", "state/cascade/", "cache/cascade/", "cache/thumbnails/"].contains { path.hasPrefix($0) }
        }
    }

    private func checkRun(_ run: Run, columnsBefore: Int, columnsAfter: Int, work: URL) throws {
        #expect(run.status == 0, "\(run.stderr)")
        for i in run.report.steps.indices { #expect(run.report.ok(i), "step \(i): \(run.report.steps[i])") }
        #expect(run.report.state(0).columns == .fixed(columnsBefore), "the preferences survived")
        #expect(run.report.state(4).columns == .fixed(columnsAfter), "a change holds in memory")
        let problems = try ScreenCheck.pixelProblems(
            png: work.appendingPathComponent("shown.png"), report: run.report, step: 3, decoder: PixbufImageDecoder(),
            minimumCovers: 3)
        #expect(problems.isEmpty, "covers drawn: \(problems)")
    }

    @Test(.timeLimit(.minutes(8))) func aFullThenAReadOnlyDiskLoseNothingAndLeaveNoTemporaryFile() throws {
        let folder = try VideoFolderFixture(label: "cascade-fulldisk")
        defer { folder.remove() }
        let work = try DesktopFixtures.temporaryDirectory("fulldisk")
        defer { try? FileManager.default.removeItem(at: work) }
        for name in ["one", "two"] { try folder.clip("\(name).mp4", size: "160x90", duration: 6) }
        let disk = work.appendingPathComponent("disk")
        let namespace = try MountNamespace(tmpfsAt: disk, kilobytes: 48 * 1024)
        defer { namespace.stop() }

        // A normal run writes the preferences, a resume position and two thumbnails.
        try folder.clip("three.mp4", size: "160x90", duration: 6)
        let first = try run(columns: 3, item: 0, folder: folder, home: disk, work: work, inside: namespace)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(warnedFolders(first.stderr).isEmpty, "\(first.stderr)")
        let before = work.appendingPathComponent("before")
        try namespace.copyOut(to: before)
        let had = ours(files(under: before))
        #expect(had.keys.contains("config/cascade/preferences.ini"), "\(had.keys.sorted())")
        #expect(had.keys.contains("state/cascade/resume-positions"), "\(had.keys.sorted())")
        #expect(had.keys.filter { $0.hasPrefix("cache/thumbnails/") && $0.hasSuffix(".png") }.count >= 3)

        // The disk fills up; a new video needs a thumbnail, the columns change, another video is watched.
        try namespace.run("cat /dev/zero > \"\(disk.path)/filler\"")
        try FileManager.default.removeItem(atPath: folder.path("three.mp4"))
        try folder.clip("three.mp4", size: "160x90", duration: 6)
        let full = try run(columns: 2, item: 1, folder: folder, home: disk, work: work, inside: namespace)
        try checkRun(full, columnsBefore: 3, columnsAfter: 2, work: work)
        let fullWarnings = warnedFolders(full.stderr)
        #expect(!fullWarnings.isEmpty && Set(fullWarnings).count == fullWarnings.count, "\(full.stderr)")
        #expect(full.stderr.contains("No space left on device"), "\(full.stderr)")
        let afterFull = work.appendingPathComponent("after-full")
        try namespace.copyOut(to: afterFull)
        try expectNothingLost(had, now: ours(files(under: afterFull)))

        // Read-only: the same, with the filler gone.
        try namespace.run("rm -f \"\(disk.path)/filler\" && mount -o remount,ro \"\(disk.path)\"")
        let readOnly = try run(columns: 4, item: 2, folder: folder, home: disk, work: work, inside: namespace)
        try checkRun(readOnly, columnsBefore: 3, columnsAfter: 4, work: work)
        let readOnlyWarnings = warnedFolders(readOnly.stderr)
        #expect(!readOnlyWarnings.isEmpty && Set(readOnlyWarnings).count == readOnlyWarnings.count)
        #expect(readOnly.stderr.contains("Read-only file system"), "\(readOnly.stderr)")
        let afterReadOnly = work.appendingPathComponent("after-read-only")
        try namespace.copyOut(to: afterReadOnly)
        try expectNothingLost(had, now: ours(files(under: afterReadOnly)))
    }

    @Test(.timeLimit(.minutes(4))) func foldersThatCannotBeMadeLeaveTheAppRunningFromMemory() throws {
        let folder = try VideoFolderFixture(label: "cascade-nofolders")
        defer { folder.remove() }
        let work = try DesktopFixtures.temporaryDirectory("nofolders")
        defer { try? FileManager.default.removeItem(at: work) }
        for name in ["one", "two", "three"] { try folder.clip("\(name).mp4", size: "160x90", duration: 6) }
        // Nothing can be made under /proc/self (ENOENT), not even by root.
        let impossible = URL(fileURLWithPath: "/proc/self/cascade-\(UUID().uuidString)")
        let result = try run(columns: 2, item: 0, folder: folder, home: impossible, work: work, inside: nil)
        #expect(result.status == 0, "\(result.stderr)")
        for i in result.report.steps.indices { #expect(result.report.ok(i), "step \(i): \(result.report.steps[i])") }
        #expect(result.report.state(4).columns == .fixed(2))
        let problems = try ScreenCheck.pixelProblems(
            png: work.appendingPathComponent("shown.png"), report: result.report, step: 3,
            decoder: PixbufImageDecoder(), minimumCovers: 3)
        #expect(problems.isEmpty, "covers drawn: \(problems)")
        let warned = warnedFolders(result.stderr)
        #expect(!warned.isEmpty && Set(warned).count == warned.count, "\(result.stderr)")
    }

    /// Every file Cascade had is still there with the same bytes, and no temporary file is left.
    private func expectNothingLost(_ had: [String: Data], now: [String: Data]) throws {
        for (path, bytes) in had { #expect(now[path] == bytes, "\(path) changed or went") }
        let temporaries = now.keys.filter {
            let name = ($0 as NSString).lastPathComponent
            return TemporaryFileName(parsing: name) != nil || name.hasSuffix(".tmp")
        }
        #expect(temporaries.isEmpty, "\(temporaries)")
    }
}
