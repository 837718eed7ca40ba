import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// scripts/install.sh into a temporary prefix: valid desktop files, a binary that runs without
/// the Swift toolchain and draws the feed, and an uninstall that restores the prefix.
///
/// Uses the static release binary that scripts/test.sh builds (and keeps) in
/// `.build/static-release` before the tests run.
@Suite(.serialized) struct InstallTests {
    static let binary = Repository.root.appendingPathComponent(".build/static-release/release/cascade")

    /// The toolchain's root (`/opt/swift` for `/opt/swift/usr/bin/swift`), from PATH.
    static var toolchainRoot: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let swift = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: swift.path) {
                return swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().path
            }
        }
        return nil
    }

    static func listing(_ root: URL) -> [String] {
        let items = FileManager.default.enumerator(atPath: root.path).map { $0.compactMap { $0 as? String } } ?? []
        return items.sorted()
    }

    @Test func installRunsWithoutTheToolchainAndUninstallRestoresThePrefix() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.binary.path),
            "no static release build: scripts/test.sh builds it (swift build -c release --static-swift-stdlib --scratch-path .build/static-release)"
        )
        let work = try DesktopFixtures.temporaryDirectory("install")
        defer { try? FileManager.default.removeItem(at: work) }
        let prefix = work.appendingPathComponent("prefix")
        // A prefix already in use: uninstall must leave these alone.
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("share/applications"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: prefix.appendingPathComponent("bin/other-tool"))
        let before = Self.listing(prefix)
        let env = ProcessInfo.processInfo.environment

        let install = try ChildGroup.run(
            [
                "bash", Repository.root.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path,
                "--no-build",
            ],
            environment: env, timeout: 120)
        #expect(install.status == 0, "\(install.output)")
        let installed = prefix.appendingPathComponent("bin/cascade")
        let desktop = prefix.appendingPathComponent("share/applications/org.cascade.Feed.desktop")
        let metainfo = prefix.appendingPathComponent("share/metainfo/org.cascade.Feed.metainfo.xml")
        let icon = prefix.appendingPathComponent("share/icons/hicolor/scalable/apps/org.cascade.Feed.svg")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        #expect(FileManager.default.fileExists(atPath: icon.path))

        // The validators from Debian pass.
        let validDesktop = try ChildGroup.run(["desktop-file-validate", desktop.path], environment: env, timeout: 30)
        #expect(validDesktop.status == 0, "\(validDesktop.output)")
        let validMeta = try ChildGroup.run(
            ["appstreamcli", "validate", "--no-net", metainfo.path], environment: env, timeout: 60)
        #expect(validMeta.status == 0, "\(validMeta.output)")
        let entry = try String(contentsOf: desktop, encoding: .utf8)
        #expect(entry.contains("video/*;") && entry.contains("inode/directory;") && entry.contains("Exec=cascade %F"))
        let meta = try String(contentsOf: metainfo, encoding: .utf8)
        #expect(meta.contains("/Docs/images/feed.png</image>") && !meta.contains("@SCREENSHOT_BASE@"))
        #expect(
            FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent("Docs/images/feed.png").path))
        // "Open With" finds it: the MIME cache lists it for videos and folders.
        let cache = try String(
            contentsOf: prefix.appendingPathComponent("share/applications/mimeinfo.cache"), encoding: .utf8)
        #expect(cache.contains("inode/directory=org.cascade.Feed.desktop"))

        // No Swift runtime from the toolchain is linked.
        let toolchain = try #require(Self.toolchainRoot)
        let ldd = try ChildGroup.run(["ldd", installed.path], environment: env, timeout: 30)
        #expect(ldd.status == 0)
        #expect(!ldd.output.contains(toolchain), "\(ldd.output)")
        #expect(
            !ldd.output.contains("libswift") && !ldd.output.contains("libFoundation")
                && !ldd.output.contains("not found"))

        // It starts with the toolchain nowhere in its environment and renders the feed headless.
        let out = work.appendingPathComponent("headless")
        var bare = DesktopFixtures.quietEnvironment
        bare["PATH"] = "/usr/local/bin:/usr/bin:/bin"
        bare["HOME"] = work.path
        bare["XDG_CACHE_HOME"] = work.appendingPathComponent("cache").path
        bare["XDG_CONFIG_HOME"] = work.appendingPathComponent("config").path
        let run = try ChildGroup.run(
            [installed.path, "--catalog", try TestCatalog.small().path, "--headless-out", out.path], environment: bare,
            timeout: 180)
        #expect(run.status == 0, "\(run.output)")
        let report = try #require(ScriptReport(url: out.appendingPathComponent("report.json")), "\(run.output)")
        #expect(report.state(1).screen == "feed")
        let problems = try ScreenCheck.pixelProblems(
            png: out.appendingPathComponent("01-feed.png"), report: report, step: 1, decoder: PixbufImageDecoder(),
            minimumCovers: 2)
        #expect(problems.isEmpty, "\(problems)")

        let uninstall = try ChildGroup.run(
            ["bash", Repository.root.appendingPathComponent("scripts/uninstall.sh").path, "--prefix", prefix.path],
            environment: env, timeout: 60)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(Self.listing(prefix) == before)
    }

    @Test func versionNamesTheLibrariesInUse() throws {
        let result = try ChildGroup.run(
            [CascadeProcess.binary.path, "--version"], environment: ProcessInfo.processInfo.environment, timeout: 30)
        #expect(result.status == 0)
        #expect(result.output.contains("cascade 0.1.0"))
        #expect(result.output.range(of: #"GTK 4\.\d+\.\d+"#, options: .regularExpression) != nil, "\(result.output)")
        #expect(result.output.range(of: #"GStreamer 1\.\d+\.\d+"#, options: .regularExpression) != nil)
    }
}
