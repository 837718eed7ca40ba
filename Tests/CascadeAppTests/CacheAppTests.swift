import CascadeNumerics
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// Preferences' "Clear cache" with a real click: the caches under `$XDG_CACHE_HOME/cascade`
/// are emptied while the app runs, the size shown goes to zero, a toast confirms, and the
/// demo catalog beside them is kept.
@Suite(.serialized) struct CacheAppTests {
    /// The regular files under `folder`, as paths relative to it.
    static func files(under folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let name = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                found.append(name)
            }
        }
        return found.sorted()
    }

    @Test func aRealClickOnClearCacheEmptiesTheCachesAndTheSizeGoesToZero() throws {
        let catalog = try TestCatalog.small()
        // The image cache's budget chosen in an earlier run (remembered in the preferences file).
        let config = try TemporaryFolders().make("cascade-cache-config")
        defer { try? FileManager.default.removeItem(at: config) }
        let file = config.appendingPathComponent("cascade/preferences.ini")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Cascade]\nimage-cache-mb=500\n".write(to: file, atomically: true, encoding: .utf8)
        let driver = try WindowDriver(
            arguments: ["--preferences", "--catalog", catalog.path, "--carousel-interval", "0"],
            environment: [
                "XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": config.appendingPathComponent("state").path,
            ])
        let cache = driver.directory.appendingPathComponent("cache/cascade")
        // Content beside the caches, which "Clear cache" must keep.
        let demo = cache.appendingPathComponent("demo-catalog-small/channels.json")
        try FileManager.default.createDirectory(at: demo.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: demo)

        let (_, shown) = try driver.settle { !$0.report.visibleItems($0.step).isEmpty }
        #expect(shown, "the feed never showed")
        let written = waitUntilBlocking(timeout: .seconds(30), interval: .milliseconds(100)) {
            Self.files(under: cache.appendingPathComponent("feeds")).count > 0
        }
        #expect(written, "no feed page was cached: \(Self.files(under: cache))")

        driver.key("ctrl+comma")
        #expect(
            DesktopActionTests.waitForWindow(driver, named: "Preferences"), "Ctrl+comma opened no Preferences window")
        // The size is measured off the main thread: "Calculating…" first.
        let (before, beforeMet) = try driver.settle {
            $0.state.preferencesCache?.clearFrame != nil && $0.state.preferencesCache?.size != "Calculating…"
        }
        #expect(beforeMet, "the Preferences window has no cache row")
        let row = try #require(before.state.preferencesCache)
        #expect(row.size != "0 bytes" && row.toasts.isEmpty, "\(row)")
        #expect(row.imageLimit == "500 MB", "the remembered budget is not the one in effect")
        let frame = try #require(row.clearFrame)

        let preferences = try #require(
            driver.xdotool(["search", "--onlyvisible", "--name", "^Preferences$"])?.split(separator: "\n").first)
        driver.xdotool([
            "mousemove", "--window", String(preferences), "\(Int(saturating: (frame[0] + frame[2] / 2).rounded()))",
            "\(Int(saturating: (frame[1] + frame[3] / 2).rounded()))", "click", "1",
        ])
        let (after, afterMet) = try driver.settle { $0.state.preferencesCache?.toasts == ["Cache cleared"] }
        #expect(afterMet, "the click did not clear: \(String(describing: after.state.preferencesCache))")
        #expect(after.state.preferencesCache?.size == "0 bytes")
        let left = Self.files(under: cache)
        #expect(left == ["demo-catalog-small/channels.json"], "left after clearing: \(left)")
        // The feed still draws from what is in memory.
        #expect(try driver.drawingProblems(after).isEmpty)
    }
}
