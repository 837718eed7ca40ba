import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Preferences in `$XDG_CONFIG_HOME/cascade/preferences.ini` across restarts of the app.
@Suite(.serialized) struct PreferencesAppTests {
    struct Run {
        let report: ScriptReport
        let status: Int32?
        let stderr: String
    }

    func run(_ script: String, in work: URL, catalog: URL) throws -> Run {
        let result = try CascadeProcess.runScript(
            script, in: work, arguments: ["--preferences", "--catalog", catalog.path],
            environment: [
                "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
                "XDG_STATE_HOME": work.appendingPathComponent("state").path, "GTK_A11Y": "none",
            ])
        let report = try #require(result.report, "no report: \(result.stderr)")
        return Run(report: report, status: result.status, stderr: result.stderr)
    }

    @Test func settingsSurviveARestartAndACorruptFileIsTolerated() throws {
        let work = try DesktopFixtures.temporaryDirectory("prefs")
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = try TestCatalog.small()
        let file = work.appendingPathComponent("config/cascade/preferences.ini")

        // First run: nothing chosen yet, so nothing is written; then a channel, 3 columns, volume.
        let first = try run(
            "wait-idle\ntap-tab 1\nwait-idle\ncolumns 3\ntap-item 0\nset-volume 0.3\nback\n", in: work, catalog: catalog
        )
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.report.state(0).channel == 0)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains("[Cascade]") && written.contains("last-channel=travel"), "\(written)")
        #expect(written.contains("columns=3") && written.contains("volume=0.300"), "\(written)")

        // Restart: the same channel, columns and volume.
        let second = try run("wait-idle\nscreenshot restored\ntap-item 0\n", in: work, catalog: catalog)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.report.state(0).channel == 1)
        #expect(second.report.state(0).columns == .fixed(3))
        let columns = Set(second.report.visibleItems(0).map { $0.frame[0] })
        #expect(columns.count == 3, "column x positions: \(columns.sorted())")
        #expect((second.report.state(2).player).volume == 0.3)

        // A corrupt file: defaults and a warning, the file untouched until a setting changes.
        let garbage = Data("%%% not a key file\n[Cascade\ncolumns=\u{1}\n".utf8)
        try garbage.write(to: file)
        let third = try run("wait-idle\nscreenshot corrupt\n", in: work, catalog: catalog)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stderr.contains("warning: the preferences file is unreadable"), "\(third.stderr)")
        #expect(third.report.state(0).channel == 0)
        #expect(third.report.state(0).columns == .auto)
        #expect(try Data(contentsOf: file) == garbage)
        let fourth = try run("wait-idle\ntap-tab 1\nwait-idle\n", in: work, catalog: catalog)
        #expect(fourth.status == 0, "\(fourth.stderr)")
        let repaired = try String(contentsOf: file, encoding: .utf8)
        #expect(repaired.contains("last-channel=travel") && repaired.contains("columns=auto"), "\(repaired)")
    }
}
